// The purchase orders screen: the list, an order's own page at /purchase_orders/{id}, and receiving: by scanning at
// /purchase_orders/{id}/receive, or first finding the order by its barcode or warehouse at /purchase_orders/receive.
import { lazy } from 'react'
import { Route } from 'react-router-dom'
import LocalShippingIcon from '@mui/icons-material/LocalShipping'
import type { ResourceScreen } from '../common/screen'

const PurchaseOrderDetail = lazy(() => import('./PurchaseOrderDetail'))
const ReceivePage = lazy(() => import('./ReceivePage'))
const FindOrderToReceive = lazy(() => import('./FindOrderToReceive'))

export default {
  resource: 'purchase_orders',
  label: 'terms.purchase_orders',
  // everyone who reads the catalogue sees the orders of the warehouses whose stock they see, as the API answers
  audience: 'catalogue.read',
  list: lazy(() => import('./PurchaseOrderList')),
  icon: LocalShippingIcon,
  children: [
    <Route key="find" path="receive" element={<FindOrderToReceive />} />,
    <Route key="order" path=":id" element={<PurchaseOrderDetail />} />,
    <Route key="receive" path=":id/receive" element={<ReceivePage />} />,
  ],
} satisfies ResourceScreen
