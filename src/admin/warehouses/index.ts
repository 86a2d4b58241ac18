// The warehouses screen, with each warehouse's locations.
import { lazy } from 'react'
import WarehouseIcon from '@mui/icons-material/Warehouse'
import type { ResourceScreen } from '../common/screen'

export default {
  resource: 'warehouses',
  label: 'terms.warehouses',
  audience: 'catalogue.read',
  list: lazy(() => import('./WarehouseList')),
  icon: WarehouseIcon,
  recordRepresentation: 'warehouse_name',
} satisfies ResourceScreen
