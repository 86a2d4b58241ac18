// The filters of the products list (SPEC §3 product list state) and how one of them changes.
import { PRODUCT_FILTERS } from '../../../contract/constants'

export type TextFilter = Exclude<(typeof PRODUCT_FILTERS)[number], 'brand_id'>
/** sku, sku_amazon, article_number, description: typed, applied on Enter */
export const TEXT_FILTERS = PRODUCT_FILTERS.filter((name): name is TextFilter => name !== 'brand_id')

/** The filters with one set to `value`; an empty value removes it. */
export function withFilter(filters: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const { [name]: _previous, ...others } = filters
  return value === undefined || value === null || value === '' ? others : { ...others, [name]: value }
}
