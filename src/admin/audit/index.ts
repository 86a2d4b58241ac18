// What the /audit route needs: the audit screen (super-users) and its menu icon. History panels import HistoryPanel.
import { lazy } from 'react'
import ManageSearchIcon from '@mui/icons-material/ManageSearch'

export default { page: lazy(() => import('./AuditPage')), icon: ManageSearchIcon, path: '/audit' }
