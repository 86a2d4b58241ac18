// Transfers: one row per transfer, and its mutations (an out and an in per product) carry its id. The partial index
// finds a transfer's mutations without making the plain bookings, which have none, pay for it.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('stock_transfers')
    .addColumn('id', 'integer', t.id)
    .addColumn('from_warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    .addColumn('from_location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('to_warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    .addColumn('to_location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('note', 'varchar(1000)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // the transfer this one booked the way back of; unique, so a transfer is reversed once
    .addColumn('reverses_id', 'integer', (c) => c.references('stock_transfers.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('stock_transfers_reverses').unique().on('stock_transfers').column('reverses_id').execute()
  await db.schema.createIndex('stock_transfers_from_location').on('stock_transfers').column('from_location_id').execute()
  await db.schema.createIndex('stock_transfers_to_location').on('stock_transfers').column('to_location_id').execute()

  await db.schema
    .alterTable('stock_mutations')
    .addColumn('transfer_id', 'integer', (c) => c.references('stock_transfers.id').onDelete('set null'))
    .execute()
  await db.schema
    .createIndex('stock_mutations_transfer')
    .on('stock_mutations')
    .column('transfer_id')
    .where(sql.ref('transfer_id'), 'is not', null)
    .execute()
}
