// The transfers screen.
import { lazy } from 'react'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import type { ResourceScreen } from '../common/screen'

export default {
  resource: 'stock_transfers',
  label: 'terms.transfers',
  audience: 'stock.read',
  list: lazy(() => import('./TransferList')),
  icon: SwapHorizIcon,
} satisfies ResourceScreen
