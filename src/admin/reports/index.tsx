// The reports' routes (custom routes, not records), loaded when opened.
import { lazy } from 'react'
import { Route } from 'react-router-dom'
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartCheckout'
import { REORDER_REPORT_PATH } from '../common/paths'

const ReorderReport = lazy(() => import('./ReorderReport'))

export const reorderReportIcon = ShoppingCartIcon
export const reportRoutes = [<Route key="reorder" path={REORDER_REPORT_PATH} element={<ReorderReport />} />]
