// Home / Products / <article number> (SPEC §2), each a link; the edit page adds a last, unlinked step.
import { Breadcrumbs, Link, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router-dom'
import type { Product } from '../../../contract'
import { useTranslate } from '../../common/translate'

export const productPath = (id: Product['id'] | string) => `/products/${id}`

/** How a sentence refers to a product ('Product %{name} was removed'): its article number, else '#id'. */
export const productRef = (product: Pick<Product, 'id' | 'article_number'>) => product.article_number || `#${product.id}`

/** The name a product goes by on screen: its article number, else 'Product #id'. */
export function useProductName() {
  const translate = useTranslate()
  return (product: Pick<Product, 'id' | 'article_number'>) =>
    product.article_number || translate('product_detail.unnamed', { id: product.id })
}

export function ProductBreadcrumb({ product, current }: { product?: Pick<Product, 'id' | 'article_number'>; current?: string }) {
  const translate = useTranslate()
  const productName = useProductName()
  const step = (to: string, label: string) => (
    <Link component={RouterLink} to={to} underline="hover" color="inherit">
      {label}
    </Link>
  )
  return (
    <Breadcrumbs aria-label={translate('product_detail.breadcrumb')}>
      {step('/', translate('stockroom.menu.home'))}
      {step('/products', translate('resources.products.name', { smart_count: 2 }))}
      {product && step(productPath(product.id), productName(product))}
      {current && <Typography color="text.primary">{current}</Typography>}
    </Breadcrumbs>
  )
}
