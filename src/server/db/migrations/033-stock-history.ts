// The stock history of a product sums its mutations per day and warehouse from a date on: this index holds exactly
// those columns in that order, so the sums read the index alone. (Scans find a product by its barcode through
// migration 040's index.)
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('stock_mutations_product_time')
    .on('stock_mutations')
    .columns(['product_id', 'created_at', 'warehouse_id', 'amount'])
    .execute()
}
