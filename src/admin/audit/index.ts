// The audit screen, for super-users. History panels import HistoryPanel from common/.
import { lazy } from 'react'
import ManageSearchIcon from '@mui/icons-material/ManageSearch'
import type { PageScreen } from '../common/screen'

export default {
  path: '/audit',
  label: 'terms.audit_trail',
  audience: 'administer',
  icon: ManageSearchIcon,
  pages: { '': lazy(() => import('./AuditPage')) },
} satisfies PageScreen
