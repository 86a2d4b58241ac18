// The reorder report (a page, not records), loaded when opened.
import { lazy } from 'react'
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartCheckout'
import { REORDER_REPORT_PATH } from '../common/paths'
import type { PageScreen } from '../common/screen'

export default {
  path: REORDER_REPORT_PATH,
  label: 'terms.reorder_report',
  audience: 'stock.read',
  icon: ShoppingCartIcon,
  pages: { '': lazy(() => import('./ReorderReport')) },
} satisfies PageScreen
