// The product an audit entry concerns, as a column: the product itself, or the product of a booking, a seller entry
// or a reorder level (their changes name it as product_id), so that a product's History lists its bookings with its
// edits from an index, not by reading every entry's JSON. Entries written before are filled in once.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('product_id', 'integer').execute()
  await sql`update audit_log set product_id = entity_id where entity_type = 'product'`.execute(db)
  const named =
    dialect === 'postgres'
      ? sql`case when changes::jsonb->>'product_id' ~ '^[0-9]{1,9}$' then (changes::jsonb->>'product_id')::integer end`
      : sql`case when json_type(changes, '$.product_id') = 'integer' then json_extract(changes, '$.product_id') end`
  await sql`update audit_log set product_id = ${named} where entity_type <> 'product' and changes like '%"product_id"%'`.execute(db)
  await db.schema.createIndex('audit_log_product').on('audit_log').columns(['product_id', 'id']).execute()
}
