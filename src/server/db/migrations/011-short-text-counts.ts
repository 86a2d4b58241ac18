/* eslint-disable @typescript-eslint/no-explicit-any -- a migration works on the tables as they were then, which no typed schema describes */
// Counts of one- and two-character substrings: for each text column the list filters on and each text of one or
// two characters found in it (lowercased as the database lowercases), how many products contain it. The trigram
// indexes cannot find such short texts and counting them meant reading every product (70 to 140 ms at a million);
// with these counts a short filter's total is one lookup. Kept in the writing transaction by triggers.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'
import { SEARCHED_COLUMNS } from './002-fast-product-lists'

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('text_gram_counts')
    .addColumn('field', 'varchar(32)', (c) => c.notNull())
    .addColumn('gram', 'varchar(16)', (c) => c.notNull())
    .addColumn('products', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('text_gram_counts_pk', ['field', 'gram'])
    .execute()
  if (dialect === 'postgres') await createPostgresTrigger(db)
  else await createSqliteTriggers(db)
  await rebuildTextGramCounts(db)
}

/** The distinct texts of one and two characters in `value` (the text as the database lowercased it). */
export function shortGrams(value: string): Set<string> {
  const chars = [...value]
  const grams = new Set<string>(chars)
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1])
  return grams
}

/**
 * Counts every product anew (after a migration or a bulk load, which skip the triggers). The database lowercases,
 * so the counts agree with its LIKE (SQLite: ASCII letters only) and ILIKE (PostgreSQL); JavaScript cuts the grams.
 */
export async function rebuildTextGramCounts(db: Kysely<any>): Promise<void> {
  const counts = new Map<string, number>()
  const BATCH = 20_000
  for (let after = 0; ;) {
    const rows = (await db
      .selectFrom('products')
      .select(['id', ...SEARCHED_COLUMNS.map((c) => sql<string | null>`lower(${sql.ref(c)})`.as(c))])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as ({ id: number } & Record<string, string | null>)[]
    for (const row of rows) {
      for (const field of SEARCHED_COLUMNS) {
        const value = row[field]
        if (value) for (const gram of shortGrams(value)) counts.set(`${field}\u0000${gram}`, (counts.get(`${field}\u0000${gram}`) ?? 0) + 1)
      }
    }
    if (rows.length < BATCH) break
    after = Number(rows[rows.length - 1].id)
  }
  // a migration already runs in a transaction (PostgreSQL); the seed calls this outside one
  const replace = async (trx: Kysely<any>) => {
    await trx.deleteFrom('text_gram_counts').execute()
    const values = [...counts].map(([key, products]) => {
      const [field, gram] = key.split('\u0000')
      return { field, gram, products }
    })
    for (let i = 0; i < values.length; i += 500)
      await trx
        .insertInto('text_gram_counts')
        .values(values.slice(i, i + 500))
        .execute()
  }
  await (db.isTransaction ? replace(db) : db.transaction().execute(replace))
}

/**
 * SQLite triggers cannot loop, so the positions of a text come from json_each over an array of its length
 * (made of zeroblob's hex); substr and length count characters, lower() folds ASCII as LIKE does.
 */
function sqliteGrams(value: string): string {
  const positions = `json_each('[' || substr(replace(hex(zeroblob(length(${value}))), '00', ',0'), 2) || ']')`
  return `select distinct substr(${value}, p.key + 1, n.n) as gram from ${positions} as p, (select 1 as n union all select 2) as n
    where p.key + n.n <= length(${value})`
}

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  const add = (row: 'new', field: string, when = 'true') =>
    `insert into text_gram_counts (field, gram, products) select '${field}', gram, 1 from (${sqliteGrams(`lower(${row}.${field})`)}) where ${when}
      on conflict (field, gram) do update set products = products + 1;`
  const remove = (row: 'old', field: string, when = 'true') =>
    `update text_gram_counts set products = products - 1 where field = '${field}' and ${when}
      and gram in (${sqliteGrams(`lower(${row}.${field})`)});`
  const changed = (field: string) => `old.${field} is not new.${field}`
  const columns = SEARCHED_COLUMNS.join(', ')
  await sql
    .raw(
      `create trigger products_text_grams_insert after insert on products begin ${SEARCHED_COLUMNS.map((f) => add('new', f)).join('\n')} end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger products_text_grams_delete after delete on products begin ${SEARCHED_COLUMNS.map((f) => remove('old', f)).join('\n')} end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger products_text_grams_update after update of ${columns} on products begin
        ${SEARCHED_COLUMNS.map((f) => remove('old', f, changed(f)) + add('new', f, changed(f))).join('\n')} end`,
    )
    .execute(db)
}

/**
 * PostgreSQL: one statement per changed row adds +1 for the new text's grams and -1 for the old one's, summed per
 * gram and applied in (field, gram) order, so concurrent writers lock the rows they share in the same order.
 */
async function createPostgresTrigger(db: Kysely<any>): Promise<void> {
  await sql`
    create function text_grams(value text) returns setof text language sql immutable as $$
      select distinct substr(value, i, n) from generate_series(1, length(value)) as i, (values (1), (2)) as lengths(n)
      where i + n - 1 <= length(value)
    $$`.execute(db)
  const fields = sql.raw(`array[${SEARCHED_COLUMNS.map((c) => `'${c}'`).join(', ')}]`)
  const values = (row: 'new' | 'old') => sql.raw(`array[${SEARCHED_COLUMNS.map((c) => `lower(${row}.${c})`).join(', ')}]`)
  await sql`
    create function products_text_grams() returns trigger language plpgsql as $$
    declare
      added text[];
      removed text[];
    begin
      if tg_op <> 'DELETE' then added := ${values('new')}; end if;
      if tg_op <> 'INSERT' then removed := ${values('old')}; end if;
      insert into text_gram_counts as kept (field, gram, products)
      select field, gram, sum(delta) from (
        select v.field, g.gram, 1 as delta from unnest(${fields}, added) as v(field, value), text_grams(v.value) as g(gram)
        union all
        select v.field, g.gram, -1 from unnest(${fields}, removed) as v(field, value), text_grams(v.value) as g(gram)
      ) as changes
      group by field, gram having sum(delta) <> 0 order by field, gram
      on conflict (field, gram) do update set products = kept.products + excluded.products;
      return null;
    end $$`.execute(db)
  await sql
    .raw(
      `create trigger products_text_grams after insert or delete or update of ${SEARCHED_COLUMNS.join(', ')} on products
    for each row execute function products_text_grams()`,
    )
    .execute(db)
}
