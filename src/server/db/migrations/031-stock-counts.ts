// Stock counts: a count of some locations of one warehouse, its locations, and a line per product and location with
// what was counted and the level it expected at that moment. stock_levels.last_counted_at is stamped when a count is
// applied.
import type { Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('stock_counts')
    .addColumn('id', 'integer', t.id)
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    .addColumn('blind', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(1000)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('submitted_at', t.timestamp)
    .addColumn('applied_at', t.timestamp)
    .addColumn('cancelled_at', t.timestamp)
    .execute()
  await db.schema.createIndex('stock_counts_status').on('stock_counts').columns(['status', 'id']).execute()
  await db.schema.createIndex('stock_counts_warehouse').on('stock_counts').column('warehouse_id').execute()

  await db.schema
    .createTable('stock_count_locations')
    .addColumn('count_id', 'integer', (c) => c.notNull().references('stock_counts.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('stock_count_locations_pk', ['count_id', 'location_id'])
    .execute()
  await db.schema.createIndex('stock_count_locations_location').on('stock_count_locations').column('location_id').execute()

  await db.schema
    .createTable('stock_count_lines')
    .addColumn('id', 'integer', t.id)
    .addColumn('count_id', 'integer', (c) => c.notNull().references('stock_counts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('counted', 'integer')
    // the kept level when `counted` was entered: applying books counted - expected_at_count
    .addColumn('expected_at_count', 'integer')
    .addColumn('counted_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('stock_count_lines_place')
    .unique()
    .on('stock_count_lines')
    .columns(['count_id', 'location_id', 'product_id'])
    .execute()
  await db.schema.createIndex('stock_count_lines_product').on('stock_count_lines').column('product_id').execute()
  await db.schema.createIndex('stock_count_lines_location').on('stock_count_lines').column('location_id').execute()

  await db.schema.alterTable('stock_levels').addColumn('last_counted_at', t.timestamp).execute()
}
