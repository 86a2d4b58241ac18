// Reorder levels live on the kept stock of a product in a warehouse: with the minimum beside the amount, "below its
// minimum" is a comparison within one row, which a partial index holds (only the rows below their minimum), so the
// product list's below_min filter and the reorder report read only those, at a million products (the index holds
// the compared columns too, so a count reads the index alone). A booking changes the amount as before; the index
// follows without another statement.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('warehouse_stock').addColumn('min_stock', 'integer').execute()
  await db.schema.alterTable('warehouse_stock').addColumn('max_stock', 'integer').execute()
  // by warehouse and amount (the list of one warehouse, also sorted by its stock, and its report) and by product (any
  // warehouse; and the mark of a row of the list)
  for (const [name, columns] of [
    ['warehouse_stock_below_min', ['warehouse_id', 'amount', 'product_id', 'min_stock', 'max_stock']],
    ['warehouse_stock_below_min_product', ['product_id', 'warehouse_id', 'amount', 'min_stock']],
  ] as const)
    await db.schema
      .createIndex(name)
      .on('warehouse_stock')
      .columns([...columns])
      .where(sql<boolean>`amount < min_stock`)
      .execute()
}
