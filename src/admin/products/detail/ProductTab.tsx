// Placeholder until this tab is built.
import type { ProductTabProps } from './tabs'

export default function ProductTab({ product }: ProductTabProps) {
  return <p>{product.article_number}</p>
}
