// PostgreSQL: the short-text counts (011) follow an insert or a deletion of products once per statement, from its
// transition table, instead of once per row: an import's chunk of 500 new products upserted each of their one- and
// two-character texts 500 times over (650 ms of a chunk's 700), now once. An update stays per row (PostgreSQL allows
// no transition table on a trigger limited to some columns). SQLite's triggers are per row and cheap; left alone.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'
import { SEARCHED_COLUMNS } from './002-fast-product-lists'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return
  const fields = sql.raw(`array[${SEARCHED_COLUMNS.map((c) => `'${c}'`).join(', ')}]`)
  const values = sql.raw(`array[${SEARCHED_COLUMNS.map((c) => `lower(changed.${c})`).join(', ')}]`)
  await sql`
    create function products_text_grams_of_statement() returns trigger language plpgsql as $$
    begin
      insert into text_gram_counts as kept (field, gram, products)
      select v.field, g.gram, sum(case when tg_op = 'INSERT' then 1 else -1 end)
        from changed_rows as changed, unnest(${fields}, ${values}) as v(field, value), text_grams(v.value) as g(gram)
       group by v.field, g.gram order by v.field, g.gram
      on conflict (field, gram) do update set products = kept.products + excluded.products;
      return null;
    end $$`.execute(db)
  await sql`drop trigger products_text_grams on products`.execute(db)
  await sql`create trigger products_text_grams_insert after insert on products referencing new table as changed_rows
    for each statement execute function products_text_grams_of_statement()`.execute(db)
  await sql`create trigger products_text_grams_delete after delete on products referencing old table as changed_rows
    for each statement execute function products_text_grams_of_statement()`.execute(db)
  await sql
    .raw(
      `create trigger products_text_grams_update after update of ${SEARCHED_COLUMNS.join(', ')} on products
    for each row execute function products_text_grams()`,
    )
    .execute(db)
}
