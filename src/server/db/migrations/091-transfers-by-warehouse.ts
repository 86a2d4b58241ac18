// The transfers list of a reader who sees some warehouses finds the transfers from or to those by index, newest first,
// instead of reading every transfer of the company.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('stock_transfers_from_warehouse').on('stock_transfers').columns(['from_warehouse_id', 'id']).execute()
  await db.schema.createIndex('stock_transfers_to_warehouse').on('stock_transfers').columns(['to_warehouse_id', 'id']).execute()
}
