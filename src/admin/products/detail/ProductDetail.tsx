// Placeholder until the product detail screen is built (breadcrumb, tabs by route, ...).
import { useGetOne } from 'ra-core'
import { useParams } from 'react-router-dom'
import type { Product } from '../../../contract'
import type { ProductTabName } from './tabs'
import ProductTab from './ProductTab'
import SupplierTab from '../supplier/SupplierTab'
import SellersTab from '../sellers/SellersTab'
import StockTab from '../stock/StockTab'

const TABS = { product: ProductTab, supplier: SupplierTab, sellers: SellersTab, stock: StockTab }

export default function ProductDetail({ tab }: { tab: ProductTabName }) {
  const { id } = useParams()
  const { data, refetch } = useGetOne<Product>('products', { id: Number(id) })
  const Tab = TABS[tab]
  return data ? <Tab product={data} refresh={() => refetch()} /> : null
}
