// What <Resource name="products"> needs. (Screens: the products issue work fills this folder.)
import { lazy } from 'react'
import InventoryIcon from '@mui/icons-material/Inventory2'

export default {
  list: lazy(() => import('./ProductList')),
  icon: InventoryIcon,
  recordRepresentation: 'article_number',
}
