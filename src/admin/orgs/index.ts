// The organizations screen: the cards at /orgs and the edit page at /orgs/{id} (SPEC §2).
import { lazy } from 'react'
import BusinessIcon from '@mui/icons-material/Business'
import type { ResourceScreen } from '../common/screen'

export default {
  resource: 'orgs',
  label: 'terms.organizations',
  audience: 'catalogue.read',
  list: lazy(() => import('./OrgList')),
  edit: lazy(() => import('./OrgEdit')),
  icon: BusinessIcon,
  recordRepresentation: 'org_name',
} satisfies ResourceScreen
