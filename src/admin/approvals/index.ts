// The approvals screen: bookings and count applications waiting for a manager, and those decided.
import { lazy } from 'react'
import HowToRegIcon from '@mui/icons-material/HowToReg'
import type { ResourceScreen } from '../common/screen'

export default {
  resource: 'approvals',
  label: 'terms.approvals',
  audience: 'stock.read',
  list: lazy(() => import('./ApprovalList')),
  icon: HowToRegIcon,
} satisfies ResourceScreen
