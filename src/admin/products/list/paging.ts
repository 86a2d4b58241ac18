// Page arithmetic of the products list footer (SPEC §4).

/** Number of pages: the total divided by the page size, rounded up (no page at all for an empty list). */
export function pageCount(total: number, limit: number): number {
  if (limit <= 0 || total <= 0) return 0
  return Math.ceil(total / limit)
}

export interface PagerState {
  pages: number
  previousDisabled: boolean
  nextDisabled: boolean
}

/** `page` counts from 1, as react-admin does. */
export function pagerState(total: number, page: number, limit: number): PagerState {
  const pages = pageCount(total, limit)
  return { pages, previousDisabled: page <= 1, nextDisabled: page >= pages }
}
