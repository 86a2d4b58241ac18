// What <Resource name="brands"> needs.
import { lazy } from 'react'
import SellIcon from '@mui/icons-material/Sell'

export default {
  list: lazy(() => import('./BrandList')),
  icon: SellIcon,
  recordRepresentation: 'brand_name',
}
