// Incoming: per product and warehouse, the open quantity of the purchase orders sent for it. Kept on the warehouse
// level beside on_hand, and changed in the transaction of each change of an order, in the ledger's lock order (the
// product ids ascending), so a receipt, which books and lowers incoming at once, never waits in a circle with another.
import { sql } from 'kysely'
import { isOutOfRange } from '../../db/errors'
import type { Trx } from '../../db/writes'
import { isOutOfStockRange, stockOutOfRange } from './levels'

/** Adds to the incoming of `warehouseId` the difference between what an order added before and what it adds now. */
export async function changeIncoming(trx: Trx, warehouseId: number, before: Map<number, number>, after: Map<number, number>) {
  const changes = [...new Set([...before.keys(), ...after.keys()])]
    .map((productId) => ({ productId, amount: (after.get(productId) ?? 0) - (before.get(productId) ?? 0) }))
    .filter((change) => change.amount !== 0)
    .sort((a, b) => a.productId - b.productId)
  for (let start = 0; start < changes.length; start += 1000) {
    const rows = changes.slice(start, start + 1000).map(({ productId, amount }) => sql`(${productId}, ${warehouseId}, 0, ${amount})`)
    // orders of a billion units each add up past what a level holds: refused as a booking past it is, on both databases
    const kept = await sql<{ incoming: number }>`insert into warehouse_stock (product_id, warehouse_id, on_hand, incoming)
      values ${sql.join(rows)}
      on conflict (product_id, warehouse_id) do update set incoming = warehouse_stock.incoming + excluded.incoming
      returning incoming`
      .execute(trx)
      .catch((error: unknown) => {
        throw isOutOfRange(error) ? stockOutOfRange() : error
      })
    if (isOutOfStockRange(kept.rows.map((row) => row.incoming))) throw stockOutOfRange()
  }
}
