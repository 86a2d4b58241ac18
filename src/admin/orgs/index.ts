// What <Resource name="orgs"> needs: the cards at /orgs and the edit page at /orgs/{id} (SPEC §2).
import { lazy } from 'react'
import BusinessIcon from '@mui/icons-material/Business'

export default {
  list: lazy(() => import('./OrgList')),
  edit: lazy(() => import('./OrgEdit')),
  icon: BusinessIcon,
  recordRepresentation: 'org_name',
}
