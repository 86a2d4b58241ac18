// The dashboard page (its own chunk).
import { lazy } from 'react'
import DashboardIcon from '@mui/icons-material/Dashboard'
import type { PageScreen } from '../common/screen'

export default {
  path: '/dashboard',
  label: 'terms.dashboard',
  audience: 'signed-in',
  icon: DashboardIcon,
  pages: { '': lazy(() => import('./DashboardPage')) },
} satisfies PageScreen
