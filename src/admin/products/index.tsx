// The products screen. Routes as SPEC §2: /products/{id} is the product tab, /products/{id}/edit the edit form,
// /products/{id}/{supplier|sellers|stock} the other tabs.
import { lazy } from 'react'
import { Route } from 'react-router-dom'
import InventoryIcon from '@mui/icons-material/Inventory2'
import type { ResourceScreen } from '../common/screen'

const ProductList = lazy(() => import('./ProductList'))
const ProductDetail = lazy(() => import('./detail/ProductDetail'))
const ProductEdit = lazy(() => import('./detail/ProductEdit'))

export default {
  resource: 'products',
  label: 'terms.products',
  audience: 'catalogue.read',
  list: ProductList,
  icon: InventoryIcon,
  recordRepresentation: 'article_number',
  children: [
    <Route key="detail" path=":id" element={<ProductDetail tab="product" />} />,
    <Route key="edit" path=":id/edit" element={<ProductEdit />} />,
    <Route key="supplier" path=":id/supplier" element={<ProductDetail tab="supplier" />} />,
    <Route key="sellers" path=":id/sellers" element={<ProductDetail tab="sellers" />} />,
    <Route key="stock" path=":id/stock" element={<ProductDetail tab="stock" />} />,
  ],
} satisfies ResourceScreen
