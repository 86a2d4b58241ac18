// The sort cycle of a sortable column (SPEC §4): ascending, then descending, then back to the list's default.
import type { SortPayload } from 'ra-core'
import { DEFAULT_PRODUCT_SORT } from '../../../contract/constants'

/** `created_at.asc` as react-admin's sort */
export function sortFromQuery(value: string): SortPayload {
  const [field, order] = value.split('.')
  return { field, order: order === 'desc' ? 'DESC' : 'ASC' }
}

/** where the third click of a sort cycle returns to: the API's default, created_at ascending */
export const DEFAULT_SORT: SortPayload = sortFromQuery(DEFAULT_PRODUCT_SORT)
/** how the list opens (SPEC §9: article number ascending in the list state) */
export const INITIAL_SORT: SortPayload = { field: 'article_number', order: 'ASC' }

/** What a click on the header of `field` sorts by next. */
export function nextSort(current: SortPayload, field: string, fallback: SortPayload = DEFAULT_SORT): SortPayload {
  if (current.field !== field) return { field, order: 'ASC' }
  if (current.order === 'ASC') return { field, order: 'DESC' }
  return fallback
}
