// Placeholder until this tab is built.
import type { ProductTabProps } from '../detail/tabs'

export default function SellersTab({ product }: ProductTabProps) {
  return <p>{product.article_number}</p>
}
