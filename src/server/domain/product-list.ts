// The products list at a million products, each step answered by an index. With nothing to filter and an indexed
// sort, the page is a walk of the sort index read beside the kept count. Otherwise:
//  1. the count: kept for one short text (migration 011), else through the search index, the brand index or both
//     (remembered until the catalogue changes); a page past half of the count is read from the end;
//  2. the ids of the page, by the cheaper of two plans for that count (see pageIds): walk the sort's index and test
//     each row until the page is full, or find every match through the filter's index and sort them; the stock of
//     one warehouse is walked in three runs (above zero, none or zero there, below zero), because most products
//     have no row in a given warehouse and count as 0 there;
//  3. the rows of those ids, with brand names and stock.
// Products below their minimum (below_min) are found through the partial indexes of the warehouse stock rows below
// their minimum (migration 032), or tested per row through them when another filter finds fewer rows; in one
// warehouse sorted by its stock they are a walk of that index. Their counts are never remembered: every booking
// can change them.
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { DEFAULT_PRODUCT_SORT, PRODUCT_FIELD_NAMES, type ProductListQuery, type ProductPage } from '../../contract'
import type { DB, DatabaseHandle, Dialect } from '../db'
import { containsText, searchIndexMatch, twoCharacterMatch, usesSearchIndex } from '../db/dialect'
import { paging, parseSort, type Sort } from '../db/lists'
import { belowMinimum } from '../db/repositories/reorder-levels'
import { stockOnHand } from '../db/repositories/product-stock'
import { toProductSummary } from './products'

type Database = Pick<DatabaseHandle, 'db' | 'dialect'>

const TEXT_FILTERS = ['sku', 'sku_amazon', 'article_number', 'description'] as const
type TextField = (typeof TEXT_FILTERS)[number]
const TEXT_SORTS: readonly string[] = TEXT_FILTERS

interface Filter {
  /** `trigrams`: for a text of two characters, the trigrams that hold it (see withTrigrams) */
  texts: { field: TextField; text: string; trigrams?: string[] }[]
  brandId?: number
  /** react-admin's getMany: at most a page of ids, so these are found by primary key and sorted */
  ids?: number[]
  /**
   * below the minimum in this warehouse, or in any when `warehouseId` is undefined; `leads` when there are few
   * enough of them to find the other filters' matches among them (else each match of the others is tested)
   */
  belowMin?: { warehouseId?: number; leads: boolean }
  /** a scanned code, matched exactly through its index (migration 040): a handful of products at most */
  barcode?: string
}

// every column of a list row but `stock`, which depends on the warehouse asked for
const SUMMARY_COLUMNS = [
  'products.id',
  ...PRODUCT_FIELD_NAMES.map((name) => `products.${name}` as const),
  'products.brand_id',
  'products.created_at',
  'products.updated_at',
] as const

const isFiltered = (filter: Filter) =>
  filter.texts.length > 0 ||
  filter.brandId !== undefined ||
  filter.ids !== undefined ||
  filter.belowMin !== undefined ||
  filter.barcode !== undefined
/** Found by primary key or by the barcode index: so few rows that they are found and sorted, never walked. */
const isExact = (filter: Filter) => filter.ids !== undefined || filter.barcode !== undefined
const isAscii = (text: string) => /^\p{ASCII}*$/u.test(text)
const isWordy = (text: string) => /^[\p{L}\p{N}]*$/u.test(text)

/**
 * The filter as SQL conditions on `products`. To `find` rows, SQLite goes through the trigram search index
 * (for text of three characters or more); to `test` rows met on a walk of a sort index, a LIKE on the row is
 * cheaper than asking the search index, and gives the same answer for ASCII text (LIKE folds only ASCII case).
 * PostgreSQL's ILIKE serves both: its planner uses the pg_trgm indexes where they help.
 * A walk of a text sort (`sortField`) carries that text's lowercase as its key: testing it there reads no row.
 */
function conditions(dialect: Dialect, filter: Filter, use: 'find' | 'test', sortField?: string): RawBuilder<SqlBool>[] {
  const column = (field: TextField) => (field === sortField ? sql.ref('products.sort_key') : sql.ref(`products.${field}`))
  const exactBarcode = filter.barcode !== undefined
  // with a barcode its index leads: `+` keeps SQLite from leading with the brand's
  const brand = exactBarcode ? sql`+products.brand_id` : sql`products.brand_id`
  const found: RawBuilder<SqlBool>[] = filter.brandId === undefined ? [] : [sql<SqlBool>`${brand} = ${filter.brandId}`]
  if (filter.ids) found.push(sql<SqlBool>`products.id in (${sql.join(filter.ids)})`)
  if (exactBarcode) found.push(sql<SqlBool>`products.barcode = ${filter.barcode}`)
  if (filter.belowMin)
    found.push(
      use === 'find' && filter.belowMin.leads ? belowMinFound(filter.belowMin.warehouseId) : belowMinimum(filter.belowMin.warehouseId),
    )
  if (dialect === 'postgres')
    return [
      ...found,
      ...filter.texts.map(({ field, text, trigrams }) =>
        use === 'find' && trigrams
          ? twoCharacterMatch(dialect, field, text, trigrams, sql`products.id`)
          : containsText(dialect, column(field), text),
      ),
    ]
  const searched = filter.texts.filter(({ text }) => usesSearchIndex(text) && (use === 'find' || !isAscii(text)))
  // with a brand, its index leads and the matches are only looked up (`+` keeps SQLite from leading with them)
  const id = filter.brandId === undefined && !exactBarcode ? sql`products.id` : sql`+products.id`
  if (searched.length > 0) found.push(sql<SqlBool>`${id} in (select rowid from products_search where ${searchIndexMatch(searched)})`)
  for (const { field, text, trigrams } of filter.texts) {
    if (searched.some((s) => s.field === field)) continue
    // two characters are found through the trigrams that hold them: no scan of every product
    if (use === 'find' && trigrams) found.push(twoCharacterMatch(dialect, field, text, trigrams, id))
    // lower() changes nothing LIKE sees, and lets a scan read the small lower(column) sort index instead of the rows
    else found.push(containsText(dialect, field === sortField ? column(field) : sql`lower(${column(field)})`, text))
  }
  return found
}

/** Products below their minimum, read from the partial index that holds only the stock rows below it. */
const belowMinRows = (warehouseId?: number) =>
  sql`select warehouse_stock.product_id from warehouse_stock where warehouse_stock.on_hand < warehouse_stock.min_stock${
    warehouseId === undefined ? sql`` : sql` and warehouse_stock.warehouse_id = ${warehouseId}`
  }`
const belowMinFound = (warehouseId?: number) => sql<SqlBool>`products.id in (${belowMinRows(warehouseId)})`

/** Below this many stock rows below their minimum, they lead the finding of a filter that has other parts too. */
const BELOW_MIN_LEADS = 50_000

/**
 * Decides whether the products below their minimum lead the finding: alone they do; with other filters, only when
 * they are few (counted up to BELOW_MIN_LEADS, which the index answers in a millisecond or two). Otherwise the other
 * filters find their matches and each is looked up: at a million products with every one below a minimum somewhere,
 * gathering them all first took a second and a half beside a description filter.
 */
async function withBelowMinPlan({ db }: Database, filter: Filter): Promise<Filter> {
  const { belowMin } = filter
  if (!belowMin || isBelowMinAlone(filter)) return filter
  const { rows } = await sql<{
    count: number
  }>`select count(*) as count from (${belowMinRows(belowMin.warehouseId)} limit ${BELOW_MIN_LEADS}) as few`.execute(db)
  return { ...filter, belowMin: { ...belowMin, leads: Number(rows[0].count) < BELOW_MIN_LEADS } }
}

/**
 * Gives each text of two characters the trigrams that hold it: the text before or after each character its column
 * has (kept by migration 011), so the trigram index can find it. On SQLite only ASCII texts: FTS5 folds the case
 * of every letter, LIKE only of ASCII ones. On PostgreSQL only letters and digits: pg_trgm reads a space or a
 * dash as the edge of a word, and the trigrams it then looks up match most products (`description= t`: 3.4 s).
 */
async function withTrigrams({ db, dialect }: Database, filter: Filter): Promise<Filter> {
  const two = filter.texts.filter(({ text }) => [...text].length === 2 && (dialect === 'postgres' ? isWordy(text) : isAscii(text)))
  if (two.length === 0) return filter
  const characters = await db
    .selectFrom('text_gram_counts')
    .select(['field', 'gram'])
    .where(
      'field',
      'in',
      two.map((t) => t.field),
    )
    .where(sql`length(gram)`, '=', 1)
    .where('products', '>', 0)
    .execute()
  const trigramsOf = ({ field, text }: { field: TextField; text: string }) => [
    ...new Set(characters.filter((c) => c.field === field).flatMap((c) => [text + c.gram, c.gram + text])),
  ]
  return { ...filter, texts: filter.texts.map((t) => (two.includes(t) ? { ...t, trigrams: trigramsOf(t) } : t)) }
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

/** One text of one or two characters and nothing else: its count is kept (migration 011), no index finds it. */
const isShortTextAlone = (filter: Filter) =>
  filter.brandId === undefined &&
  !isExact(filter) &&
  filter.belowMin === undefined &&
  filter.texts.length === 1 &&
  !usesSearchIndex(filter.texts[0].text)

/** Only below_min: counted in the partial index alone. */
const isBelowMinAlone = (filter: Filter) =>
  filter.belowMin !== undefined && filter.brandId === undefined && !isExact(filter) && filter.texts.length === 0

/**
 * How many products match: the kept count, the kept count of a short text, or a count through the search index
 * and the brand index.
 */
async function countProducts(database: Database, filter: Filter, kept: { count: number; version: number }): Promise<number> {
  const { db, dialect } = database
  if (!isFiltered(filter)) return kept.count
  const remembered = rememberedCounts.get(db) ?? new Map<string, { version: number; count: number }>()
  rememberedCounts.set(db, remembered)
  // the trigrams follow from the texts
  const key = JSON.stringify({ ...filter, texts: filter.texts.map(({ field, text }) => ({ field, text })) })
  const known = remembered.get(key)
  // the version follows neither stock nor barcodes; an exact barcode is counted through its index in a few rows anyway
  if (known?.version === kept.version && !filter.belowMin && filter.barcode === undefined) return known.count

  let count: number
  if (isBelowMinAlone(filter)) {
    // a product is below in several warehouses at most once per warehouse: without one, count it once
    const { rows } = await sql<{ count: number }>`select count(${
      filter.belowMin!.warehouseId === undefined ? sql`distinct product_id` : sql`*`
    }) as count from (${belowMinRows(filter.belowMin!.warehouseId)}) as below`.execute(db)
    count = Number(rows[0].count)
  } else if (isShortTextAlone(filter)) {
    const [{ field, text }] = filter.texts
    const row = await db
      .selectFrom('text_gram_counts')
      .select('products')
      .where('field', '=', field)
      .where('gram', '=', sql<string>`lower(${text})`)
      .executeTakeFirst()
    count = Number(row?.products ?? 0)
  } else if (
    dialect === 'sqlite' &&
    filter.brandId === undefined &&
    !isExact(filter) &&
    filter.belowMin === undefined &&
    filter.texts.every(({ text }) => usesSearchIndex(text))
  ) {
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
  if (filter.belowMin) return count
  if (remembered.size >= REMEMBERED_COUNTS) remembered.delete(remembered.keys().next().value!)
  remembered.set(key, { version: kept.version, count })
  return count
}

/** The total stock lives in its own narrow level (migration 070): a walk of its order goes through that level's index. */
const isTotalStock = (sort: Sort) => sort.field === 'stock'
const sortKey = (sort: Sort) =>
  TEXT_SORTS.includes(sort.field)
    ? sql`lower(${sql.ref(`products.${sort.field}`)})`
    : isTotalStock(sort)
      ? stockOnHand()
      : sql.ref(`products.${sort.field}`)
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

/**
 * A filtered walk tests the products' columns; an exact walk (no window) needs only the ids, which PostgreSQL then
 * reads from the index alone instead of visiting every row it skips.
 */
const columnsWalked = (window?: number, columns?: readonly string[]) =>
  window === undefined
    ? sql`products.id as id`
    : columns === undefined
      ? sql`products.*`
      : sql.join([sql`products.id as id`, ...columns.map((c) => sql.ref(`products.${c}`))])

/** The columns a filtered walk of `sort` carries for its tests: a test of the sort's own text reads the key instead. */
const columnsTested = (filter: Filter, sort: Sort) => [
  ...(filter.brandId === undefined ? [] : ['brand_id']),
  ...filter.texts.filter(({ field }) => !(TEXT_SORTS.includes(sort.field) && field === sort.field)).map(({ field }) => field),
]

/** Sorts that also have a (brand_id, key, id) index, so a walk within one brand reads only that brand's products. */
const BRAND_SORT_INDEXED: readonly string[] = ['created_at', 'article_number', 'id']

/** Products in the order of a sort index, within one brand when `brandId` is given (then a brand sort index leads). */
function sortRun(db: DB, sort: Sort, tests: RawBuilder<SqlBool>[], brandId?: number, columns?: readonly string[]): Run {
  // every product has its total stock row, so the walk of that level's index is the whole order
  if (isTotalStock(sort)) return levelRun(db, 'product_stock', sql<SqlBool>`1 = 1`, sort.direction, tests, columns ?? [])
  const dir = sql.raw(sort.direction)
  const inBrand = brandId === undefined ? sql`` : sql`where products.brand_id = ${brandId}`
  const walked = (window?: number) =>
    sql`select ${columnsWalked(window, columns)}, ${sortKey(sort)} as sort_key from products ${inBrand} order by sort_key ${ordered(sort.direction)}, products.id ${dir} ${limited(window)}`
  return run(db, walked, sort.direction, tests, true, sql`from products ${inBrand}`)
}

/**
 * The rows of a stock level that `where` picks, by on_hand and then product id (an index walk: every product's total
 * of product_stock_by_on_hand; in one warehouse the rows above or below zero of warehouse_stock_by_amount, or those
 * below their minimum of warehouse_stock_below_min).
 */
function levelRun(
  db: DB,
  level: 'warehouse_stock' | 'product_stock',
  where: RawBuilder<SqlBool>,
  direction: Sort['direction'],
  tests: RawBuilder<SqlBool>[],
  columns: readonly string[],
) {
  const dir = sql.raw(direction)
  const table = sql.table(level)
  // a filtered walk joins each stock row to its product inside the walk, so the rows come out in the index's order
  // and the walk stops at the page (joined after it, they were all joined and then sorted again)
  const joined = sql.join(columns.map((c) => sql.ref(`products.${c}`)))
  const walked = (window?: number) =>
    window === undefined
      ? sql`select product_id as id, on_hand as sort_key from ${table} where ${where} order by sort_key ${dir}, id ${dir}`
      : sql`select ${table}.product_id as id, ${table}.on_hand as sort_key${columns.length > 0 ? sql`, ${joined}` : sql``}
          from ${table} join products on products.id = ${table}.product_id where ${where}
          order by ${table}.on_hand ${ordered(direction)}, ${table}.product_id ${dir} limit ${window}`
  return run(db, walked, direction, tests, true, sql`from ${table} where ${where}`)
}

/**
 * Products by their stock in one warehouse, 0 where they have none there, ties by id, in three runs: the rows above
 * zero and below zero from the (warehouse_id, on_hand, product_id) index, and between them the products (by id) with
 * no stock there, which are most of them.
 */
function warehouseStockRuns(
  db: DB,
  warehouseId: number,
  direction: Sort['direction'],
  tests: RawBuilder<SqlBool>[],
  columns: readonly string[],
): Run[] {
  const dir = sql.raw(direction)
  const stocked = (sign: '>' | '<') =>
    levelRun(
      db,
      'warehouse_stock',
      sql`warehouse_stock.warehouse_id = ${warehouseId} and warehouse_stock.on_hand ${sql.raw(sign)} 0`,
      direction,
      tests,
      columns,
    )
  const noStockHere = sql`where not exists (select 1 from warehouse_stock where warehouse_stock.product_id = products.id
    and warehouse_stock.warehouse_id = ${warehouseId} and warehouse_stock.on_hand <> 0)`
  const walkedZeros = (window?: number) =>
    sql`select ${columnsWalked(window, columns)}, 0 as sort_key from products ${noStockHere} order by products.id ${dir} ${limited(window)}`
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
 * The matches are materialized first (on SQLite with text filters): PostgreSQL, misjudging how many match or
 * where they lie, would otherwise walk a sort index and test rows, which is the plan that was just found to be the
 * wrong one (a brand's SKUs all start with its code: brand_id=1 sorted by sku took 3.8 s at a million products).
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
      ? sql`coalesce((select warehouse_stock.on_hand from warehouse_stock where warehouse_stock.product_id = products.id and warehouse_stock.warehouse_id = ${warehouseId}), 0)`
      : sortKey(sort)
  const found = sql`select products.id, ${key} as sort_key from products where ${both(conditions(dialect, filter, 'find'))}`
  const page = sql`order by sort_key ${ordered(sort.direction)}, id ${sql.raw(sort.direction)} limit ${limit} offset ${offset}`
  return idsOf(
    db,
    filter.texts.length > 0 || dialect === 'postgres'
      ? sql`with found as materialized (${found}) select id from found ${page}`
      : sql`${found} ${page}`,
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
 * The same for a walk that reads only its index (SQLite: the test is on the sort's own text): measured at a million
 * products, 177,000 rows walked in 25 ms, 226,000 matches found and sorted in 241 ms.
 */
const FIND_COST_COVERED = 8

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
  // below the minimum in the warehouse sorted by: the rows below it, in the order of the index that holds them only
  // (a product below its minimum has a stock row there, so none lies among the products without one)
  const belowMinWalk = byWarehouseStock && filter.belowMin !== undefined && filter.belowMin.warehouseId === warehouseId
  const tested: Filter = brandLeads
    ? { texts: filter.texts, belowMin: filter.belowMin }
    : belowMinWalk
      ? { ...filter, belowMin: undefined }
      : filter
  const runs = belowMinWalk
    ? [
        levelRun(
          database.db,
          'warehouse_stock',
          sql<SqlBool>`warehouse_stock.warehouse_id = ${warehouseId} and warehouse_stock.on_hand < warehouse_stock.min_stock`,
          sort.direction,
          conditions(database.dialect, tested, 'test'),
          columnsTested(tested, sort),
        ),
      ]
    : byWarehouseStock
      ? warehouseStockRuns(
          database.db,
          warehouseId,
          sort.direction,
          conditions(database.dialect, tested, 'test'),
          columnsTested(tested, sort),
        )
      : [
          sortRun(
            database.db,
            sort,
            conditions(database.dialect, tested, 'test', TEXT_SORTS.includes(sort.field) ? sort.field : undefined),
            brandLeads ? filter.brandId : undefined,
            columnsTested(tested, sort),
          ),
        ]
  if (isExact(filter)) return findAndSort(database, filter, sort, warehouseId, offset, limit)
  // every row of the walk passes (nothing filters, or only the brand whose sort index is walked): an exact walk
  if (!isFiltered(tested)) return (await walkRuns(runs, offset, limit))!
  const expected = ((offset + limit) * all) / total
  const findCost =
    database.dialect === 'sqlite' && !byWarehouseStock && !isTotalStock(sort) && columnsTested(tested, sort).length === 0
      ? FIND_COST_COVERED
      : FIND_COST
  // finding reads every product when some text has no index to find it (one character, or two without trigrams)
  const findRows = filter.texts.some(({ text, trigrams }) => !usesSearchIndex(text) && !trigrams) ? all : total * findCost
  if (4 * expected >= findRows) return findAndSort(database, filter, sort, warehouseId, offset, limit)
  // a walk that reads its index only may go as far as finding would cost
  let window = Math.max(MIN_WINDOW, 4 * Math.ceil(expected), findCost === FIND_COST_COVERED ? total * findCost : 0)
  for (;;) {
    const ids = await walkRuns(runs, offset, limit, window)
    if (ids) return ids
    // the matches cluster later in the order: walking on, eight times as far each time, costs less than finding
    // them all while it stays under it (description=n sorted by description: its first 200 rows had none, and
    // finding 756,000 matches took PostgreSQL 3 s)
    if (window * 8 >= findRows) return findAndSort(database, filter, sort, warehouseId, offset, limit)
    window *= 8
  }
}

/** Below this skip a page is read from the start in one statement; beyond it the total is read first. */
const DEEP_PAGE = 1000

interface Page {
  sort: Sort
  offset: number
  limit: number
  /** read in the other order: the ids come last first */
  mirrored: boolean
}

/**
 * A page in the second half of `total` matches is read from the end: the same rows in the opposite order
 * (which flips the place of empty values too), reversed. No page then walks past half of the matches.
 */
function fromNearerEnd(sort: Sort, offset: number, limit: number, total: number): Page {
  const end = Math.min(total, offset + limit)
  if (offset + end <= total) return { sort, offset, limit, mirrored: false }
  const direction = sort.direction === 'asc' ? 'desc' : 'asc'
  return { sort: { field: sort.field, direction }, offset: total - end, limit: end - offset, mirrored: true }
}

/** The ids of a page of every product in an indexed order, walking the index only (deep pages). */
async function unfilteredPageIds({ db }: Database, { sort, offset, limit, mirrored }: Page): Promise<number[]> {
  const ids = await sortRun(db, sort, []).ids(offset, limit)
  return mirrored ? ids.reverse() : ids
}

/**
 * A page that one walk of a sort index answers at once, beside the kept count: nothing filters, the order is not a
 * warehouse's stock, and the page starts within the first DEEP_PAGE rows. Any other list may take a while.
 */
export function isQuickList(query: ProductListQuery): boolean {
  const filtered =
    TEXT_FILTERS.some((field) => query[field]) ||
    query.brand_id !== undefined ||
    query.id !== undefined ||
    query.below_min === true ||
    Boolean(query.barcode)
  const byWarehouseStock = query.warehouse_id !== undefined && parseSort(query.sort_by, DEFAULT_PRODUCT_SORT).field === 'stock'
  return !filtered && !byWarehouseStock && (query.skip ?? 0) < DEEP_PAGE
}

/**
 * One page of products and the count of all that match. With `warehouse_id`, `stock` is the stock in that
 * warehouse (0 where it has none) and sorting by stock uses it. Text sorts ignore case; empty values sort last
 * ascending (first descending) on both databases; ties are broken by id.
 */
const filterOf = (query: ProductListQuery): Filter => ({
  texts: TEXT_FILTERS.flatMap((field) => (query[field] ? [{ field, text: query[field] }] : [])),
  brandId: query.brand_id,
  ids: query.id && [...new Set(query.id)],
  belowMin: query.below_min ? { warehouseId: query.warehouse_id, leads: true } : undefined,
  barcode: query.barcode || undefined,
})

/** The stock in one warehouse (0 where it has none) of the row's product. */
const stockIn = (warehouseId: number) =>
  sql<number>`coalesce((select warehouse_stock.on_hand from warehouse_stock where warehouse_stock.product_id = products.id and warehouse_stock.warehouse_id = ${warehouseId}), 0)`

/**
 * What is on its way for the row's product, in one warehouse or summed over all: read in the warehouse level's primary
 * key (product, warehouse), a row per warehouse, for the rows of a page only (the export does not ask).
 */
const incomingOf = (warehouseId: number | undefined) =>
  warehouseId === undefined
    ? sql<
        number | string
      >`coalesce((select sum(warehouse_stock.incoming) from warehouse_stock where warehouse_stock.product_id = products.id), 0)`
    : sql<number>`coalesce((select warehouse_stock.incoming from warehouse_stock where warehouse_stock.product_id = products.id and warehouse_stock.warehouse_id = ${warehouseId}), 0)`

/** The rows of the list as it shows them: every column, the brand's name and the stock (of one warehouse, if asked). */
function summaries(db: DB, warehouseId: number | undefined) {
  // the stock in a warehouse is looked up per row: a join could read all of the warehouse's stock for ten rows
  const stock = warehouseId === undefined ? stockOnHand() : stockIn(warehouseId)
  // the brand name too is looked up per row: PostgreSQL would hash all the brands to join ten rows to them
  const brandName = sql<string | null>`(select brands.brand_name from brands where brands.id = products.brand_id)`
  return db
    .selectFrom('products')
    .select(SUMMARY_COLUMNS)
    .select([brandName.as('brand_name'), stock.as('stock'), belowMinimum(warehouseId).as('below_min')])
}

/**
 * The list's rows in the order of `sort`, ties by id. By total stock the rows of that level are walked in the order
 * of their own index and joined to their products (a sort key looked up per product would sort every product); by
 * the stock in one warehouse, that stock looked up per product.
 */
function sortedSummaries(db: DB, warehouseId: number | undefined, sort: Sort) {
  const byTotal = warehouseId === undefined && isTotalStock(sort)
  const key = byTotal
    ? sql.ref('product_stock.on_hand')
    : warehouseId !== undefined && isTotalStock(sort)
      ? stockIn(warehouseId)
      : sortKey(sort)
  return summaries(db, warehouseId)
    .$if(byTotal, (qb) => qb.innerJoin('product_stock', 'product_stock.product_id', 'products.id'))
    .orderBy(key, (ob) => (sort.direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsFirst()))
    .$if(sort.field !== 'id', (qb) => qb.orderBy(sql.ref(byTotal ? 'product_stock.product_id' : 'products.id'), sort.direction))
}

/**
 * Every product the list would show over all its pages, in its order, as one query to stream (an export): the
 * filter found through its index, and sorted as the pages are (text sorts ignore case, empty values last
 * ascending, ties by id). Rows become list rows through toProductSummary.
 */
export async function productRows(database: Database, query: ProductListQuery) {
  const filter = await withTrigrams(database, filterOf(query))
  const sort = parseSort(query.sort_by, DEFAULT_PRODUCT_SORT)
  return sortedSummaries(database.db, query.warehouse_id, sort).$if(isFiltered(filter), (qb) =>
    qb.where((eb) => eb.and(conditions(database.dialect, filter, 'find'))),
  )
}

export async function listProducts(database: Database, query: ProductListQuery): Promise<ProductPage> {
  const filter = filterOf(query)
  const sort = parseSort(query.sort_by, DEFAULT_PRODUCT_SORT)
  const { offset, limit } = paging(query, 10)
  const warehouseId = query.warehouse_id

  // nothing filters and the sort has an index: the page is one walk of it, and each row carries the kept count, so
  // the page and its total are one statement (one round trip on PostgreSQL); only a page past the end asks again
  const unfiltered = !isFiltered(filter) && !(warehouseId !== undefined && sort.field === 'stock')
  if (unfiltered && offset < DEEP_PAGE) {
    const rows = await sortedSummaries(database.db, warehouseId, sort)
      .select(incomingOf(warehouseId).as('incoming'))
      .select(sql<number>`(select row_count from row_counts where table_name = 'products')`.as('kept_count'))
      .offset(offset)
      .limit(limit)
      .execute()
    const total = rows.length > 0 ? Number(rows[0].kept_count) : (await keptCount(database)).count
    return { items: rows.map((row) => toProductSummary(row)), total }
  }

  const kept = await keptCount(database)
  const searchable = await withBelowMinPlan(database, await withTrigrams(database, filter))
  const total = await countProducts(database, searchable, kept)
  if (offset >= total) return { items: [], total }
  const page = fromNearerEnd(sort, offset, limit, total)
  const ids = unfiltered
    ? await unfilteredPageIds(database, page)
    : await pageIds(database, searchable, page.sort, warehouseId, page.offset, page.limit, total, kept.count).then((found) =>
        page.mirrored ? found.reverse() : found,
      )
  if (ids.length === 0) return { items: [], total }
  const rows = await summaries(database.db, warehouseId)
    .select(incomingOf(warehouseId).as('incoming'))
    .where('products.id', 'in', ids)
    .execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  // a product deleted between the two reads is left out
  return { items: ids.flatMap((id) => (byId.has(id) ? [toProductSummary(byId.get(id)!)] : [])), total }
}
