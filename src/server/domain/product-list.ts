// The products list at a million products, each step answered by an index. With nothing to filter and an indexed
// sort, the page is a walk of the sort index read beside the kept count. Otherwise:
//  1. the count: through the search index, the brand index or both (remembered until the catalogue changes);
//  2. the ids of the page, by the cheaper of two plans for that count (see pageIds): walk the sort's index and test
//     each row until the page is full, or find every match through the filter's index and sort them; the stock of
//     one warehouse is walked in three runs (above zero, none or zero there, below zero), because most products
//     have no row in a given warehouse and count as 0 there;
//  3. the rows of those ids, with brand names and stock.
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { DEFAULT_PRODUCT_SORT, type ProductListQuery, type ProductPage } from '../../contract'
import type { DB, DatabaseHandle, Dialect } from '../db'
import { containsText, searchIndexMatch, usesSearchIndex } from '../db/dialect'
import { paging, parseSort, type Sort } from '../db/lists'
import { toProductSummary } from './products'

type Database = Pick<DatabaseHandle, 'db' | 'dialect'>

const TEXT_FILTERS = ['sku', 'sku_amazon', 'article_number', 'description'] as const
type TextField = (typeof TEXT_FILTERS)[number]
const TEXT_SORTS: readonly string[] = TEXT_FILTERS

interface Filter {
  texts: { field: TextField; text: string }[]
  brandId?: number
}

// every column of a list row but `stock`, which depends on the warehouse asked for
const SUMMARY_COLUMNS = [
  'products.id',
  'products.sku',
  'products.sku_amazon',
  'products.article_number',
  'products.description',
  'products.barcode',
  'products.image_url',
  'products.brand_id',
  'products.created_at',
  'products.updated_at',
] as const

const isFiltered = (filter: Filter) => filter.texts.length > 0 || filter.brandId !== undefined
// eslint-disable-next-line no-control-regex -- all of ASCII, control characters included
const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text)

/**
 * The filter as SQL conditions on `products`. To `find` rows, SQLite goes through the trigram search index
 * (for text of three characters or more); to `test` rows met on a walk of a sort index, a LIKE on the row is
 * cheaper than asking the search index, and gives the same answer for ASCII text (LIKE folds only ASCII case).
 * PostgreSQL's ILIKE serves both: its planner uses the pg_trgm indexes where they help.
 */
function conditions(dialect: Dialect, filter: Filter, use: 'find' | 'test'): RawBuilder<SqlBool>[] {
  const found: RawBuilder<SqlBool>[] = filter.brandId === undefined ? [] : [sql<SqlBool>`products.brand_id = ${filter.brandId}`]
  if (dialect === 'postgres') return [...found, ...filter.texts.map(({ field, text }) => containsText(dialect, `products.${field}`, text))]
  const searched = filter.texts.filter(({ text }) => usesSearchIndex(text) && (use === 'find' || !isAscii(text)))
  // with a brand, its index leads and the matches are only looked up (`+` keeps SQLite from leading with them)
  const id = filter.brandId === undefined ? sql`products.id` : sql`+products.id`
  if (searched.length > 0) found.push(sql<SqlBool>`${id} in (select rowid from products_search where ${searchIndexMatch(searched)})`)
  for (const { field, text } of filter.texts) {
    // lower() changes nothing LIKE sees, and lets a scan read the small lower(column) sort index instead of the rows
    if (!searched.some((s) => s.field === field)) found.push(containsText(dialect, sql`lower(${sql.ref(`products.${field}`)})`, text))
  }
  return found
}

/** The kept number of products, and the version of what the list filters on. */
async function keptCount({ db }: Database): Promise<{ count: number; version: number }> {
  const row = await db.selectFrom('row_counts').select(['row_count', 'version']).where('table_name', '=', 'products').executeTakeFirst()
  return { count: Number(row?.row_count ?? 0), version: Number(row?.version ?? 0) }
}

/**
 * Counts of filtered lists, remembered with the version they were counted at: a count is given again only while no
 * product was added, removed or changed in what the list filters on, so it is always the true count. Paging
 * through a filter, sorting it another way or coming back to it then costs no count.
 */
const rememberedCounts = new WeakMap<DB, Map<string, { version: number; count: number }>>()
const REMEMBERED_COUNTS = 2000

/** How many products match: the kept count, or a count through the search index and the brand index. */
async function countProducts(database: Database, filter: Filter, kept: { count: number; version: number }): Promise<number> {
  const { db, dialect } = database
  if (!isFiltered(filter)) return kept.count
  const remembered = rememberedCounts.get(db) ?? new Map<string, { version: number; count: number }>()
  rememberedCounts.set(db, remembered)
  const key = JSON.stringify(filter)
  const known = remembered.get(key)
  if (known?.version === kept.version) return known.count

  let count: number
  if (dialect === 'sqlite' && filter.brandId === undefined && filter.texts.every(({ text }) => usesSearchIndex(text))) {
    const { rows } = await sql<{
      count: number
    }>`select count(*) as count from products_search where ${searchIndexMatch(filter.texts)}`.execute(db)
    count = Number(rows[0].count)
  } else {
    const row = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => eb.and(conditions(dialect, filter, 'find')))
      .executeTakeFirstOrThrow()
    count = Number(row.count)
  }
  remembered.delete(key)
  if (remembered.size >= REMEMBERED_COUNTS) remembered.delete(remembered.keys().next().value!)
  remembered.set(key, { version: kept.version, count })
  return count
}

const sortKey = (sort: Sort) =>
  TEXT_SORTS.includes(sort.field) ? sql`lower(${sql.ref(`products.${sort.field}`)})` : sql.ref(`products.${sort.field}`)
const ordered = (direction: Sort['direction']) => sql.raw(direction === 'asc' ? 'asc nulls last' : 'desc nulls first')
const both = (tests: RawBuilder<SqlBool>[]) => (tests.length > 0 ? sql.join(tests, sql` and `) : sql`1 = 1`)
const limited = (window?: number) => (window === undefined ? sql`` : sql`limit ${window}`)
const countOf = async (db: DB, query: RawBuilder<unknown>) =>
  Number((await sql<{ count: number }>`select count(*) as count from (${query}) as counted`.execute(db)).rows[0].count)
const idsOf = async (db: DB, query: RawBuilder<unknown>) => (await sql<{ id: number }>`${query}`.execute(db)).rows.map((r) => Number(r.id))

/**
 * A stretch of the sort order that one index gives, walked in order. Filtered walks have a window (at most that
 * many rows of the walk are looked at) and keep the rows that pass the tests; a walk without a window has no
 * tests, every row passes, and its queries are plain index walks with limit and offset.
 */
interface Run {
  /** ids of the passing rows after `skip`, at most `take` */
  ids(skip: number, take: number, window?: number): Promise<number[]>
  /** how many rows pass */
  passing(window?: number): Promise<number>
  /** rows of the walk, counted up to `window` */
  rows(window: number): Promise<number>
}

/**
 * A run from an ordered walk (its rows expose `id` and `sort_key`; rows of products expose all their columns too).
 * Filtered, the walk is a subquery cut at the window; the outer query tests its rows (joining the product when the
 * walk is not over products) and orders by sort_key, which keeps the walk's order, so neither database sorts again.
 */
function run(
  db: DB,
  walked: (window?: number) => RawBuilder<unknown>,
  direction: Sort['direction'],
  tests: RawBuilder<SqlBool>[],
  overProducts: boolean,
  /** `from ... where ...` of the walk's rows, for counting them */
  source: RawBuilder<unknown>,
): Run {
  // tests name `products`: the walked rows are the products, or the products are joined to them
  const alias = sql.raw(overProducts ? 'products' : 'walked')
  const passing = (window: number) =>
    overProducts
      ? sql`select products.id from (${walked(window)}) as products where ${both(tests)}`
      : sql`select walked.id from (${walked(window)}) as walked join products on products.id = walked.id where ${both(tests)}`
  const order = sql`${alias}.sort_key ${ordered(direction)}, ${alias}.id ${sql.raw(direction)}`
  return {
    ids: (skip, take, window) =>
      idsOf(
        db,
        window === undefined
          ? sql`${walked()} limit ${take} offset ${skip}`
          : sql`${passing(window)} order by ${order} limit ${take} offset ${skip}`,
      ),
    passing: (window) => countOf(db, window === undefined ? sql`select 1 ${source}` : passing(window)),
    rows: (window) => countOf(db, sql`select 1 ${source} ${limited(window)}`),
  }
}

/** Sorts that also have a (brand_id, key, id) index, so a walk within one brand reads only that brand's products. */
const BRAND_SORT_INDEXED: readonly string[] = ['created_at', 'article_number', 'stock', 'id']

/** Products in the order of a sort index, within one brand when `brandId` is given (then a brand sort index leads). */
function sortRun(db: DB, sort: Sort, tests: RawBuilder<SqlBool>[], brandId?: number): Run {
  const dir = sql.raw(sort.direction)
  const inBrand = brandId === undefined ? sql`` : sql`where products.brand_id = ${brandId}`
  const walked = (window?: number) =>
    sql`select products.*, ${sortKey(sort)} as sort_key from products ${inBrand} order by sort_key ${ordered(sort.direction)}, products.id ${dir} ${limited(window)}`
  return run(db, walked, sort.direction, tests, true, sql`from products ${inBrand}`)
}

/**
 * Products by their stock in one warehouse, 0 where they have none there, ties by id, in three runs: the rows above
 * zero and below zero from the (warehouse_id, amount, product_id) index, and between them the products (by id) with
 * no stock there, which are most of them.
 */
function warehouseStockRuns(db: DB, warehouseId: number, direction: Sort['direction'], tests: RawBuilder<SqlBool>[]): Run[] {
  const dir = sql.raw(direction)
  const stocked = (sign: '>' | '<'): Run => {
    const where = sql`where warehouse_id = ${warehouseId} and amount ${sql.raw(sign)} 0`
    const walked = (window?: number) =>
      sql`select product_id as id, amount as sort_key from warehouse_stock ${where} order by sort_key ${dir}, id ${dir} ${limited(window)}`
    return run(db, walked, direction, tests, false, sql`from warehouse_stock ${where}`)
  }
  const noStockHere = sql`where not exists (select 1 from warehouse_stock where warehouse_stock.product_id = products.id
    and warehouse_stock.warehouse_id = ${warehouseId} and warehouse_stock.amount <> 0)`
  const walkedZeros = (window?: number) =>
    sql`select products.*, 0 as sort_key from products ${noStockHere} order by products.id ${dir} ${limited(window)}`
  const zeros = run(db, walkedZeros, direction, tests, true, sql`from products ${noStockHere}`)
  return direction === 'desc' ? [stocked('>'), zeros, stocked('<')] : [stocked('<'), zeros, stocked('>')]
}

/**
 * The page from the runs in order. With a window, each run is walked at most that far: when a window ends before
 * the page is full, walking was the wrong plan for this filter (its matches lie further along the sort order)
 * and the answer is undefined. A run's passing rows are counted only when the page starts beyond them.
 */
async function walkRuns(runs: Run[], offset: number, limit: number, window?: number): Promise<number[] | undefined> {
  const ids: number[] = []
  let skip = offset
  for (const run of runs) {
    const found = await run.ids(skip, limit - ids.length, window)
    ids.push(...found)
    if (ids.length === limit) return ids
    if (window !== undefined && (await run.rows(window)) >= window) return undefined
    skip = found.length > 0 ? 0 : skip - (await run.passing(window))
  }
  return ids
}

/**
 * The page through the filter's index: every match is found, then sorted, so the cost grows with the matches.
 * With text filters the matches are materialized first: PostgreSQL, misjudging how many match, would otherwise
 * walk a sort index and test rows, which is the plan that was just found to be the wrong one.
 */
async function findAndSort(
  { db, dialect }: Database,
  filter: Filter,
  sort: Sort,
  warehouseId: number | undefined,
  offset: number,
  limit: number,
): Promise<number[]> {
  const key =
    warehouseId !== undefined && sort.field === 'stock'
      ? sql`coalesce((select warehouse_stock.amount from warehouse_stock where warehouse_stock.product_id = products.id and warehouse_stock.warehouse_id = ${warehouseId}), 0)`
      : sortKey(sort)
  const found = sql`select products.id, ${key} as sort_key from products where ${both(conditions(dialect, filter, 'find'))}`
  const page = sql`order by sort_key ${ordered(sort.direction)}, id ${sql.raw(sort.direction)} limit ${limit} offset ${offset}`
  return idsOf(
    db,
    filter.texts.length > 0 ? sql`with found as materialized (${found}) select id from found ${page}` : sql`${found} ${page}`,
  )
}

/** A walk that fails looks at no fewer rows than this before the page is found through the filter instead. */
const MIN_WINDOW = 200

/**
 * What finding one match through the search index costs, in rows of a walk: the matches are read at random and then
 * sorted, while a walk reads rows in the order of an index. Measured at 100,000 products for a product word (1,200
 * matches, 830 rows walked), in-process p50: SQLite 3.2 ms found, 0.5 ms walked; PostgreSQL 5.2 and 1.7 ms.
 */
const FIND_COST = 4

/**
 * The ids of one page in the order asked. Walking the sort order costs about `expected` rows if matches are spread
 * evenly; finding and sorting costs about `total` times FIND_COST. A filtered walk is tried only when it looks
 * clearly cheaper, and is bounded to four times `expected`: when matches cluster late in the sort order, the failed
 * walk costs less than the finding that follows it.
 */
async function pageIds(
  database: Database,
  filter: Filter,
  sort: Sort,
  warehouseId: number | undefined,
  offset: number,
  limit: number,
  total: number,
  all: number,
): Promise<number[]> {
  const byWarehouseStock = warehouseId !== undefined && sort.field === 'stock'
  const brandLeads = !byWarehouseStock && filter.brandId !== undefined && BRAND_SORT_INDEXED.includes(sort.field)
  const tested: Filter = brandLeads ? { texts: filter.texts } : filter
  const tests = conditions(database.dialect, tested, 'test')
  const runs = byWarehouseStock
    ? warehouseStockRuns(database.db, warehouseId, sort.direction, tests)
    : [sortRun(database.db, sort, tests, brandLeads ? filter.brandId : undefined)]
  // every row of the walk passes (nothing filters, or only the brand whose sort index is walked): an exact walk
  if (!isFiltered(tested)) return (await walkRuns(runs, offset, limit))!
  const expected = ((offset + limit) * all) / total
  const window = Math.max(MIN_WINDOW, 4 * Math.ceil(expected))
  if (window >= total * FIND_COST) return findAndSort(database, filter, sort, warehouseId, offset, limit)
  return (await walkRuns(runs, offset, limit, window)) ?? findAndSort(database, filter, sort, warehouseId, offset, limit)
}

/**
 * One page of products and the count of all that match. With `warehouse_id`, `stock` is the stock in that
 * warehouse (0 where it has none) and sorting by stock uses it. Text sorts ignore case; empty values sort last
 * ascending (first descending) on both databases; ties are broken by id.
 */
export async function listProducts(database: Database, query: ProductListQuery): Promise<ProductPage> {
  const filter: Filter = {
    texts: TEXT_FILTERS.flatMap((field) => (query[field] ? [{ field, text: query[field] }] : [])),
    brandId: query.brand_id,
  }
  const sort = parseSort(query.sort_by, DEFAULT_PRODUCT_SORT)
  const { offset, limit } = paging(query, 10)
  const warehouseId = query.warehouse_id
  // the stock in a warehouse is looked up per row: a join could read all of the warehouse's stock for ten rows
  const stock =
    warehouseId === undefined
      ? sql<number>`products.stock`
      : sql<number>`coalesce((select warehouse_stock.amount from warehouse_stock where warehouse_stock.product_id = products.id and warehouse_stock.warehouse_id = ${warehouseId}), 0)`
  // the brand name too is looked up per row: PostgreSQL would hash all the brands to join ten rows to them
  const brandName = sql<string | null>`(select brands.brand_name from brands where brands.id = products.brand_id)`
  const summaries = database.db
    .selectFrom('products')
    .select(SUMMARY_COLUMNS)
    .select([brandName.as('brand_name'), stock.as('stock')])

  // nothing filters and the sort has an index: the page is one walk of it, and each row carries the kept count, so
  // the page and its total are one statement (one round trip on PostgreSQL); only a page past the end asks again
  if (!isFiltered(filter) && !(warehouseId !== undefined && sort.field === 'stock')) {
    const rows = await summaries
      .select(sql<number>`(select row_count from row_counts where table_name = 'products')`.as('kept_count'))
      .orderBy(sortKey(sort), (ob) => (sort.direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsFirst()))
      .$if(sort.field !== 'id', (qb) => qb.orderBy('products.id', sort.direction))
      .offset(offset)
      .limit(limit)
      .execute()
    const total = rows.length > 0 ? Number(rows[0].kept_count) : (await keptCount(database)).count
    return { items: rows.map((row) => toProductSummary(row)), total }
  }

  const kept = await keptCount(database)
  const total = await countProducts(database, filter, kept)
  if (offset >= total) return { items: [], total }
  const ids = await pageIds(database, filter, sort, warehouseId, offset, limit, total, kept.count)
  if (ids.length === 0) return { items: [], total }
  const rows = await summaries.where('products.id', 'in', ids).execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  // a product deleted between the two reads is left out
  return { items: ids.flatMap((id) => (byId.has(id) ? [toProductSummary(byId.get(id)!)] : [])), total }
}
