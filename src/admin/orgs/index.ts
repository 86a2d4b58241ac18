// What <Resource name="orgs"> needs.
import { lazy } from 'react'
import BusinessIcon from '@mui/icons-material/Business'

export default {
  list: lazy(() => import('./OrgList')),
  icon: BusinessIcon,
  recordRepresentation: 'org_name',
}
