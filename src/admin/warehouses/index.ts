// What <Resource name="warehouses"> needs.
import { lazy } from 'react'
import WarehouseIcon from '@mui/icons-material/Warehouse'

export default {
  list: lazy(() => import('./WarehouseList')),
  icon: WarehouseIcon,
  recordRepresentation: 'warehouse_name',
}
