// What <Resource name="stock_transfers"> needs.
import { lazy } from 'react'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'

export default {
  list: lazy(() => import('./TransferList')),
  icon: SwapHorizIcon,
}
