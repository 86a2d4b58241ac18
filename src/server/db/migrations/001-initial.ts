// The whole first schema. Deletion rules live in foreign keys so no code path can break them:
// a brand, organization, warehouse or location in use cannot go; a product takes its ledger with it.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', t.id)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('hashed_password', 'varchar(255)', (c) => c.notNull())
    .addColumn('given_name', 'varchar(200)')
    .addColumn('family_name', 'varchar(200)')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_superuser', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('needs_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('users_username_unique')
    .unique()
    .on('users')
    .expression(sql`lower(username)`)
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('user_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('user_tokens_user_id').on('user_tokens').column('user_id').execute()

  await db.schema
    .createTable('brands')
    .addColumn('id', 'integer', t.id)
    .addColumn('brand_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('brands_name_unique')
    .unique()
    .on('brands')
    .expression(sql`lower(brand_name)`)
    .execute()

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'integer', t.id)
    .addColumn('org_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_seller', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_supplier', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('organizations_name_unique')
    .unique()
    .on('organizations')
    .expression(sql`lower(org_name)`)
    .execute()

  await db.schema
    .createTable('warehouses')
    .addColumn('id', 'integer', t.id)
    .addColumn('warehouse_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('warehouses_name_unique')
    .unique()
    .on('warehouses')
    .expression(sql`lower(warehouse_name)`)
    .execute()

  await db.schema
    .createTable('locations')
    .addColumn('id', 'integer', t.id)
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    .addColumn('location_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('locations_name_unique')
    .unique()
    .on('locations')
    .expression(sql`warehouse_id, lower(location_name)`)
    .execute()

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', t.id)
    .addColumn('sku', 'varchar(100)')
    .addColumn('sku_amazon', 'varchar(100)')
    .addColumn('article_number', 'varchar(100)')
    .addColumn('description', 'varchar(2000)')
    .addColumn('barcode', 'varchar(100)')
    .addColumn('image_url', 'varchar(2048)')
    .addColumn('brand_id', 'integer', (c) => c.references('brands.id').onDelete('restrict'))
    .addColumn('supplier_id', 'integer', (c) => c.references('organizations.id').onDelete('restrict'))
    .addColumn('minimum_order_quantity', 'integer')
    .addColumn('purchase_price', 'double precision')
    .addColumn('purchase_currency', 'varchar(3)')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
  for (const [name, columns] of [
    ['products_created_at', ['created_at', 'id']],
    ['products_article_number', ['article_number', 'id']],
    ['products_stock', ['stock', 'id']],
    ['products_brand_id', ['brand_id', 'id']],
    ['products_supplier_id', ['supplier_id']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('products')
      .columns([...columns])
      .execute()
  }

  await db.schema
    .createTable('product_sellers')
    .addColumn('id', 'integer', t.id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('seller_id', 'integer', (c) => c.references('organizations.id').onDelete('restrict'))
    .addColumn('selling_price', 'double precision')
    .addColumn('selling_currency', 'varchar(3)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('product_sellers_product_id').on('product_sellers').column('product_id').execute()
  await db.schema.createIndex('product_sellers_seller_id').on('product_sellers').column('seller_id').execute()

  await db.schema
    .createTable('stock_mutations')
    .addColumn('id', 'integer', t.id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('restrict'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('restrict'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(1000)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('stock_mutations_product').on('stock_mutations').columns(['product_id', 'id']).execute()
  await db.schema.createIndex('stock_mutations_warehouse').on('stock_mutations').column('warehouse_id').execute()
  await db.schema.createIndex('stock_mutations_location').on('stock_mutations').column('location_id').execute()
  await db.schema.createIndex('stock_mutations_user').on('stock_mutations').column('user_id').execute()

  await db.schema
    .createTable('stock_levels')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_levels_pk', ['product_id', 'location_id'])
    .execute()
  await db.schema.createIndex('stock_levels_location').on('stock_levels').column('location_id').execute()
  await db.schema.createIndex('stock_levels_warehouse').on('stock_levels').column('warehouse_id').execute()

  await db.schema
    .createTable('warehouse_stock')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('warehouse_stock_pk', ['product_id', 'warehouse_id'])
    .execute()
  await db.schema.createIndex('warehouse_stock_by_amount').on('warehouse_stock').columns(['warehouse_id', 'amount', 'product_id']).execute()
}
