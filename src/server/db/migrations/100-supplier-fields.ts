// What purchasing needs of suppliers, products and warehouses: an organization's e-mail address and the language of
// what is sent to it (English until set); per product the supplier's carton (pack_size, 1: sold by the unit) and its
// own article number; and a warehouse's delivery address. Constant defaults, so no table is rewritten (PostgreSQL 11+
// and SQLite add such a column without touching the rows, a million products included).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('email', 'varchar(254)').execute()
  await db.schema
    .alterTable('organizations')
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
    .execute()
  await db.schema
    .alterTable('products')
    .addColumn('pack_size', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db.schema.alterTable('products').addColumn('supplier_sku', 'varchar(100)').execute()
  await db.schema.alterTable('warehouses').addColumn('address', 'varchar(1000)').execute()
}
