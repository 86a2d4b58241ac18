// Incoming: per product and warehouse, the open quantity of the purchase orders sent for it. Kept on the warehouse
// level beside on_hand, and changed in the transaction of each change of an order, in the ledger's lock order (the
// product ids ascending), so a receipt, which books and lowers incoming at once, never waits in a circle with another.
// A receipt's change rides on its booking (LevelChange.incoming): its warehouse rows are written once.
import { now } from '../../db/clock'
import type { Trx } from '../../db/writes'
import { addToLevel, WAREHOUSE_LEVEL } from './levels'

/** What an order adds to each product's incoming, from what it added before and what it adds now; no change left out. */
export function incomingChange(before: Map<number, number>, after: Map<number, number>): Map<number, number> {
  const change = new Map<number, number>()
  for (const productId of new Set([...before.keys(), ...after.keys()])) {
    const amount = (after.get(productId) ?? 0) - (before.get(productId) ?? 0)
    if (amount !== 0) change.set(productId, amount)
  }
  return change
}

/** Adds `change` (per product) to the incoming of `warehouseId`, without booking anything. */
export async function changeIncoming(trx: Trx, warehouseId: number, change: Map<number, number>): Promise<void> {
  const rows = [...change].map(([product_id, incoming]) => ({ product_id, warehouse_id: warehouseId, amount: 0, incoming }))
  // orders of a billion units each add up past what a level holds: refused as a booking past it is, on both databases
  if (rows.length > 0) await addToLevel(trx, WAREHOUSE_LEVEL, rows, now())
}
