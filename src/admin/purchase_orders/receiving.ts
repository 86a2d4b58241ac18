// Receiving's rules apart from the screen: which line a scanned code names (found on the phone, without the server),
// and what has been scanned or typed so far, per line and location, until it is booked as one receipt.
import type { PurchaseOrderLine, PurchaseReceiptCreate } from '../../contract'

/** the codes a supplier's carton or our label carries: EAN, our SKU, the ASIN and the supplier's article number */
const CODES_OF = ['barcode', 'sku', 'sku_amazon', 'supplier_sku'] as const
const normal = (code: string) => code.trim().toUpperCase()

export type ScanIndex = ReadonlyMap<string, readonly PurchaseOrderLine[]>

/** Every code of every line, looked up in one step whatever the order's size. */
export function scanIndex(lines: readonly PurchaseOrderLine[]): ScanIndex {
  const index = new Map<string, PurchaseOrderLine[]>()
  for (const line of lines)
    for (const field of CODES_OF) {
      const code = line[field]
      if (!code?.trim()) continue
      const known = index.get(normal(code)) ?? []
      if (!known.includes(line)) index.set(normal(code), [...known, line])
    }
  return index
}

/** The line a code names: one, none (not on this order), or several (two lines share the code). */
export function matchScan(
  index: ScanIndex,
  code: string,
): { line: PurchaseOrderLine } | { ambiguous: readonly PurchaseOrderLine[] } | undefined {
  const found = index.get(normal(code))
  if (!found?.length) return undefined
  return found.length === 1 ? { line: found[0] } : { ambiguous: found }
}

/** what is to be booked: a quantity per line and location */
export interface PendingUnit {
  line_id: number
  location_id: number
  quantity: number
}

/** `by` more of the line at the location (a scan is one) */
export function addUnits(pending: readonly PendingUnit[], line_id: number, location_id: number, by: number): PendingUnit[] {
  const known = pending.find((unit) => unit.line_id === line_id && unit.location_id === location_id)
  const quantity = (known?.quantity ?? 0) + by
  return setUnits(pending, line_id, location_id, quantity)
}

/** exactly `quantity` of the line at the location (typed for a carton); 0 takes it off */
export function setUnits(pending: readonly PendingUnit[], line_id: number, location_id: number, quantity: number): PendingUnit[] {
  const others = pending.filter((unit) => !(unit.line_id === line_id && unit.location_id === location_id))
  if (quantity <= 0) return others
  const index = pending.findIndex((unit) => unit.line_id === line_id && unit.location_id === location_id)
  const unit = { line_id, location_id, quantity }
  // the line keeps its place in the list, so a retry sends the same body
  if (index < 0) return [...others, unit]
  return pending.map((known, i) => (i === index ? unit : known)).filter((known) => known.quantity > 0)
}

/** the units pending per line */
export function pendingPerLine(pending: readonly PendingUnit[]): Map<number, number> {
  const totals = new Map<number, number>()
  for (const unit of pending) totals.set(unit.line_id, (totals.get(unit.line_id) ?? 0) + unit.quantity)
  return totals
}

/** the lines that would receive more than is open on them */
export const overReceived = (lines: readonly PurchaseOrderLine[], pending: readonly PendingUnit[]) => {
  const totals = pendingPerLine(pending)
  return lines.filter((line) => (totals.get(line.id) ?? 0) > line.open)
}

export const receiptBody = (pending: readonly PendingUnit[], allowOverReceipt: boolean): PurchaseReceiptCreate => ({
  lines: pending.map(({ line_id, location_id, quantity }) => ({ line_id, location_id, quantity })),
  ...(allowOverReceipt ? { allow_over_receipt: true } : {}),
})
