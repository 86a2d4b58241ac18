// What the /dashboard route needs: the page (its own chunk) and its menu icon.
import { lazy } from 'react'
import DashboardIcon from '@mui/icons-material/Dashboard'

export default { page: lazy(() => import('./DashboardPage')), icon: DashboardIcon, path: '/dashboard' }
