import type { Location, ProductSummary } from '../../../contract'
import type { LabelPreviewItem } from './LabelPreview'

/** A product's label as the server prints it: article number, description, SKU and its barcode. */
export const productLabelItem = (
  product: Pick<ProductSummary, 'id' | 'article_number' | 'description' | 'sku' | 'barcode'>,
): LabelPreviewItem => ({
  key: `product-${product.id}`,
  lines: [
    { text: product.article_number ?? '', strong: true },
    { text: product.description ?? '' },
    { text: product.sku ? `SKU ${product.sku}` : '' },
  ],
  barcode: product.barcode?.trim() || null,
})

/** A location's label: its warehouse, its name and its code. */
export const locationLabelItem = (warehouseName: string, location: Pick<Location, 'id' | 'location_name' | 'code'>): LabelPreviewItem => ({
  key: `location-${location.id}`,
  lines: [{ text: warehouseName }, { text: location.location_name, strong: true }],
  barcode: location.code,
})
