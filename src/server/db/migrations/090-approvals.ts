// Approvals: a warehouse's thresholds, and the bookings, count applications and stock imports held until a manager
// decides. The
// request to carry out is kept as it came (`request`, JSON), what a manager decides on as `summary` (JSON).
import type { Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema.alterTable('warehouses').addColumn('approval_threshold_quantity', 'integer').execute()
  await db.schema.alterTable('warehouses').addColumn('approval_threshold_value', 'double precision').execute()
  await db.schema
    .createTable('approvals')
    .addColumn('id', 'integer', t.id)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    // the count whose application waits; null for a booking
    .addColumn('count_id', 'integer', (c) => c.references('stock_counts.id').onDelete('cascade'))
    // the import that waits; null for a booking or a count
    .addColumn('import_id', 'integer', (c) => c.references('imports.id').onDelete('cascade'))
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('threshold_quantity', 'integer')
    .addColumn('threshold_value', 'double precision')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_by_name', 'varchar(320)')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by_name', 'varchar(320)')
    .addColumn('reason', 'varchar(1000)')
    .addColumn('mutation_id', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('decided_at', t.timestamp)
    .execute()
  await db.schema.createIndex('approvals_status').on('approvals').columns(['status', 'id']).execute()
  await db.schema.createIndex('approvals_warehouse').on('approvals').columns(['warehouse_id', 'id']).execute()
  await db.schema.createIndex('approvals_requested_by').on('approvals').columns(['requested_by', 'id']).execute()
  await db.schema.createIndex('approvals_count').on('approvals').column('count_id').execute()
}
