// What a count of a warehouse is expected to find: a line whose difference passes 100 units or 1,000 in value (at
// purchase price) is flagged in the review and asked about before the count is applied.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('warehouses')
    .addColumn('count_variance_quantity', 'integer', (c) => c.notNull().defaultTo(100))
    .execute()
  await db.schema
    .alterTable('warehouses')
    .addColumn('count_variance_value', 'double precision', (c) => c.notNull().defaultTo(1000))
    .execute()
}
