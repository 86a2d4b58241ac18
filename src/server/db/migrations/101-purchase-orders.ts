// Purchase orders: a header per order to one supplier for one warehouse, a line per product with what was ordered and
// what has been received, receipts with a line per location booked (each its own mutation, sourced to the receipt),
// and `incoming` on the warehouse level: the open quantity of the sent orders, kept in the transaction of every change.
// Numbers (PO-2026-00042) come from a counter per kind and year, taken in the order's own transaction.
import type { Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('document_numbers')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_numbers_pk', ['kind', 'year'])
    .execute()

  await db.schema
    .createTable('purchase_orders')
    .addColumn('id', 'integer', t.id)
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('restrict'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('expected_date', 'varchar(10)')
    .addColumn('note', 'varchar(1000)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('sent_at', t.timestamp)
    .addColumn('received_at', t.timestamp)
    .addColumn('closed_at', t.timestamp)
    .addColumn('cancelled_at', t.timestamp)
    .execute()
  await db.schema.createIndex('purchase_orders_status').on('purchase_orders').columns(['status', 'id']).execute()
  await db.schema.createIndex('purchase_orders_supplier').on('purchase_orders').columns(['supplier_id', 'id']).execute()
  await db.schema.createIndex('purchase_orders_warehouse').on('purchase_orders').columns(['warehouse_id', 'id']).execute()

  await db.schema
    .createTable('purchase_order_lines')
    .addColumn('id', 'integer', t.id)
    .addColumn('purchase_order_id', 'integer', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_price', 'double precision')
    .addColumn('currency', 'varchar(3)')
    .execute()
  await db.schema
    .createIndex('purchase_order_lines_product_once')
    .unique()
    .on('purchase_order_lines')
    .columns(['purchase_order_id', 'product_id'])
    .execute()
  await db.schema.createIndex('purchase_order_lines_product').on('purchase_order_lines').column('product_id').execute()

  await db.schema
    .createTable('purchase_receipts')
    .addColumn('id', 'integer', t.id)
    .addColumn('purchase_order_id', 'integer', (c) => c.notNull().references('purchase_orders.id').onDelete('cascade'))
    .addColumn('note', 'varchar(1000)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('reversed_at', t.timestamp)
    .execute()
  await db.schema.createIndex('purchase_receipts_order').on('purchase_receipts').columns(['purchase_order_id', 'id']).execute()

  await db.schema
    .createTable('purchase_receipt_lines')
    .addColumn('id', 'integer', t.id)
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('purchase_receipts.id').onDelete('cascade'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('purchase_order_lines.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // the mutation that booked it: a reversal looks for later ones at its place
    .addColumn('mutation_id', 'integer')
    .execute()
  await db.schema.createIndex('purchase_receipt_lines_receipt').on('purchase_receipt_lines').column('receipt_id').execute()
  await db.schema.createIndex('purchase_receipt_lines_line').on('purchase_receipt_lines').column('line_id').execute()

  await db.schema
    .alterTable('warehouse_stock')
    .addColumn('incoming', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
