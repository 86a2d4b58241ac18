// The brands screen.
import { lazy } from 'react'
import SellIcon from '@mui/icons-material/Sell'
import type { ResourceScreen } from '../common/screen'

export default {
  resource: 'brands',
  label: 'terms.brands',
  audience: 'catalogue.read',
  list: lazy(() => import('./BrandList')),
  icon: SellIcon,
  recordRepresentation: 'brand_name',
} satisfies ResourceScreen
