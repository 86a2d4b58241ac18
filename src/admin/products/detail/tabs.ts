// The contract between the product detail page and its tabs: each tab gets the loaded product and a way
// to reload it after a change (SPEC §4: the product reloads after each change).
import type { Product } from '../../../contract'

export type ProductTabName = 'product' | 'supplier' | 'sellers' | 'stock'
export interface ProductTabProps {
  product: Product
  /** reloads the product from the server */
  refresh: () => void
}
