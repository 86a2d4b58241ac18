// What keeps the product list instant at a million products: a trigram index for the substring filters
// (FTS5 on SQLite, pg_trgm on PostgreSQL), an index per sort (and per sort within a brand), and a kept
// count of all products (with a version of what the list filters on) so the list never counts a million rows.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'

/** The columns the list filters on by substring; the search index covers exactly these. */
export const SEARCHED_COLUMNS = ['sku', 'sku_amazon', 'article_number', 'description'] as const

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await createSortIndexes(db)
  await createProductCount(db, dialect)
  if (dialect === 'postgres') await createTrigramIndexes(db)
  else await createSearchTable(db)
}

/** Text sorts ignore case, so their indexes are on lower(); ties are broken by id, which ends every index. */
async function createSortIndexes(db: Kysely<unknown>): Promise<void> {
  // 001 indexed article_number as typed, which the case-insensitive sort cannot use
  await db.schema.dropIndex('products_article_number').execute()
  const indexes: [string, string][] = [
    ['products_article_number_sort', 'lower(article_number), id'],
    ['products_sku_sort', 'lower(sku), id'],
    ['products_sku_amazon_sort', 'lower(sku_amazon), id'],
    ['products_description_sort', 'lower(description), id'],
    ['products_updated_at', 'updated_at, id'],
    ['products_brand_created_at', 'brand_id, created_at, id'],
    ['products_brand_article_number', 'brand_id, lower(article_number), id'],
    ['products_brand_stock', 'brand_id, stock, id'],
  ]
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('products').expression(sql.raw(columns)).execute()
  }
}

/**
 * row_counts holds the number of products and a version that changes with every change to what the list filters
 * on (a product added or removed, its texts or brand changed), both kept by triggers in the writing transaction.
 * The count spares the unfiltered list a count of a million rows; the version tells a remembered count is still true.
 */
async function createProductCount(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('row_counts')
    .addColumn('table_name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('row_count', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`insert into row_counts (table_name, row_count) select 'products', count(*) from products`.execute(db)
  const filtered = 'sku, sku_amazon, article_number, description, brand_id'
  if (dialect === 'postgres') {
    // inserts and deletes: statement-level triggers with transition tables, one update per statement so bulk loads
    // stay fast, none for a statement that touched no row
    await sql`
      create function products_count_change() returns trigger language plpgsql as $$
      declare
        changed bigint;
      begin
        if tg_op = 'INSERT' then
          select count(*) into changed from new_rows;
        else
          select -count(*) into changed from old_rows;
        end if;
        if changed <> 0 then
          update row_counts set row_count = row_count + changed, version = version + 1 where table_name = 'products';
        end if;
        return null;
      end $$`.execute(db)
    await sql`create trigger products_count_insert after insert on products referencing new table as new_rows
      for each statement execute function products_count_change()`.execute(db)
    await sql`create trigger products_count_delete after delete on products referencing old table as old_rows
      for each statement execute function products_count_change()`.execute(db)
    // updates: per row, as PostgreSQL allows no transition table on a trigger limited to some columns
    await sql`
      create function products_version_change() returns trigger language plpgsql as $$
      begin
        update row_counts set version = version + 1 where table_name = 'products';
        return null;
      end $$`.execute(db)
    await sql`create trigger products_count_update after update of ${sql.raw(filtered)} on products
      for each row execute function products_version_change()`.execute(db)
  } else {
    await sql`create trigger products_count_insert after insert on products begin
      update row_counts set row_count = row_count + 1, version = version + 1 where table_name = 'products'; end`.execute(db)
    await sql`create trigger products_count_delete after delete on products begin
      update row_counts set row_count = row_count - 1, version = version + 1 where table_name = 'products'; end`.execute(db)
    await sql`create trigger products_count_update after update of ${sql.raw(filtered)} on products begin
      update row_counts set version = version + 1 where table_name = 'products'; end`.execute(db)
  }
}

/** pg_trgm GIN indexes answer `ilike '%text%'` for text of three characters or more. */
async function createTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)
  for (const column of SEARCHED_COLUMNS) {
    await db.schema
      .createIndex(`products_${column}_trgm`)
      .on('products')
      .using('gin')
      .expression(sql`${sql.ref(column)} gin_trgm_ops`)
      .execute()
  }
}

/**
 * An FTS5 table with the trigram tokenizer over the searched columns, its content read from products
 * (so the text is stored once), kept by triggers. Updates that leave the text alone (stock, prices) skip it.
 */
async function createSearchTable(db: Kysely<unknown>): Promise<void> {
  const columns = SEARCHED_COLUMNS.join(', ')
  const values = (row: 'new' | 'old') => SEARCHED_COLUMNS.map((c) => `${row}.${c}`).join(', ')
  await sql
    .raw(
      `create virtual table products_search using fts5(${columns}, content='products', content_rowid='id', tokenize='trigram', columnsize=0)`,
    )
    .execute(db)
  await sql.raw(`insert into products_search(products_search) values ('rebuild')`).execute(db)
  await sql
    .raw(
      `create trigger products_search_insert after insert on products begin
        insert into products_search(rowid, ${columns}) values (new.id, ${values('new')}); end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger products_search_delete after delete on products begin
        insert into products_search(products_search, rowid, ${columns}) values ('delete', old.id, ${values('old')}); end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger products_search_update after update of ${columns} on products begin
        insert into products_search(products_search, rowid, ${columns}) values ('delete', old.id, ${values('old')});
        insert into products_search(rowid, ${columns}) values (new.id, ${values('new')}); end`,
    )
    .execute(db)
}
