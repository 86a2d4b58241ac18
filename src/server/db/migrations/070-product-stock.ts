// A product's total stock leaves the wide products row for a narrow level of its own, beside the levels per location
// and per warehouse: a booking then writes three narrow rows and never the product (on PostgreSQL an update of the
// product added an entry to each of its many indexes). Every product has its total row from its first moment, made
// by a trigger in the inserting statement, so the stock sort walks one index over all products. The kept quantity
// is called on_hand in all three levels; the reserved and incoming quantities of later documents go beside it.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await sql`alter table stock_levels rename column amount to on_hand`.execute(db)
  await sql`alter table warehouse_stock rename column amount to on_hand`.execute(db)

  await db.schema
    .createTable('product_stock')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('on_hand', 'integer', (c) => c.notNull().defaultTo(0))
    // when a booking last moved it: the product's updated_at stays its own last edit
    .addColumn('moved_at', t.timestamp)
    .execute()
  await sql`insert into product_stock (product_id, on_hand, moved_at) select id, stock, stock_moved_at from products`.execute(db)
  await db.schema.createIndex('product_stock_by_on_hand').on('product_stock').columns(['on_hand', 'product_id']).execute()

  if (dialect === 'postgres') {
    // one statement per insert, so a bulk insert of products adds their rows at once
    await sql`
      create function products_stock_rows() returns trigger language plpgsql as $$
      begin
        insert into product_stock (product_id) select id from new_rows;
        return null;
      end $$`.execute(db)
    await sql`create trigger products_stock_rows after insert on products referencing new table as new_rows
      for each statement execute function products_stock_rows()`.execute(db)
  } else {
    await sql`create trigger products_stock_rows after insert on products begin
      insert into product_stock (product_id) values (new.id); end`.execute(db)
  }

  // SQLite drops no column an index names
  await db.schema.dropIndex('products_stock').execute()
  await db.schema.dropIndex('products_brand_stock').execute()
  await db.schema.alterTable('products').dropColumn('stock').execute()
  await db.schema.alterTable('products').dropColumn('stock_moved_at').execute()
}
