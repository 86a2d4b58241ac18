// Reorder levels live on the kept stock of a product in a warehouse: with the minimum beside the amount, "below its
// minimum" is a comparison within one row, which a partial index holds (only the rows below their minimum), so the
// product list's below_min filter and the reorder report read only those, at a million products. A booking changes
// the amount as before; the index follows without another statement.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('warehouse_stock').addColumn('min_stock', 'integer').execute()
  await db.schema.alterTable('warehouse_stock').addColumn('max_stock', 'integer').execute()
  await db.schema
    .createIndex('warehouse_stock_below_min')
    .on('warehouse_stock')
    .columns(['warehouse_id', 'product_id'])
    .where(sql<boolean>`amount < min_stock`)
    .execute()
}
