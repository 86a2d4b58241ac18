// Which rows of the products list stand out: products created or changed since this browser tab opened
// Stockroom (by this person on any screen, or by a colleague). The moment lives in sessionStorage, so a
// reload keeps the highlights and a new tab starts clean.
const SESSION_START_KEY = 'stockroom.products.highlight_since'

/** When this tab's session began (ms since the epoch): the first load of the app in this tab. */
export function highlightSince(storage: Storage = sessionStorage, firstLoad: () => number = () => performance.timeOrigin): number {
  const stored = Number(storage.getItem(SESSION_START_KEY))
  if (Number.isFinite(stored) && stored > 0) return stored
  const start = firstLoad()
  storage.setItem(SESSION_START_KEY, String(start))
  return start
}

export function isHighlighted(record: { updated_at?: string | null }, since: number): boolean {
  const changed = record.updated_at ? Date.parse(record.updated_at) : NaN
  return Number.isFinite(changed) && changed >= since
}
