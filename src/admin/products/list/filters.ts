// The filters of the products list (SPEC §3 product list state) and how one of them changes.
import { useListContext } from 'ra-core'
import { PRODUCT_FILTERS } from '../../../contract/constants'

export type FilterValues = Record<string, string | number | undefined>

export type TextFilter = Exclude<(typeof PRODUCT_FILTERS)[number], 'brand_id'>
/** sku, sku_amazon, article_number, description: typed, applied on Enter */
export const TEXT_FILTERS = PRODUCT_FILTERS.filter((name): name is TextFilter => name !== 'brand_id')

/** The filters with one set to `value`; an empty value removes it. */
export function withFilter(filters: FilterValues, name: string, value: string | number | undefined): FilterValues {
  const others = Object.fromEntries(Object.entries(filters).filter(([key]) => key !== name))
  return value === undefined || value === '' ? others : { ...others, [name]: value }
}

/** The list's filters and their setter, typed (react-admin hands the values over as `any`). */
export function useFilters() {
  const list = useListContext()
  return { filterValues: list.filterValues as FilterValues, setFilters: list.setFilters }
}
