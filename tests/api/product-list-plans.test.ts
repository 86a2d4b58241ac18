// The product list's plans on a seeded catalogue: every answer equals a plain reference computed from all rows
// (fast-check draws filters, sorts and pages, so each plan and the fallback between them is met), and the queries
// the list runs are served by the indexes meant for them (EXPLAIN on both databases).
/* eslint-disable vitest/no-conditional-expect -- SQLite and PostgreSQL choose different plans: each branch checks one database */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type CompiledQuery } from 'kysely'
import { PRODUCT_SORT_FIELDS, type ProductListQuery } from '../../src/contract'
import { openDatabase, type DatabaseHandle } from '../../src/server/db'
import { seedDatabase } from '../../src/server/db/seed/index'
import { listProducts, productRows } from '../../src/server/domain/product-list'
import { shortGrams } from '../../src/server/db/migrations/011-short-text-counts'
import { freshDatabaseUrl } from './helpers'

const PRODUCTS = 3000
const TEXT_FIELDS = ['sku', 'sku_amazon', 'article_number', 'description'] as const
type TextField = (typeof TEXT_FIELDS)[number]

interface Row {
  id: number
  sku: string | null
  sku_amazon: string | null
  article_number: string | null
  description: string | null
  brand_id: number | null
  stock: number
  created_at: string
  updated_at: string
}

let database: DatabaseHandle
let drop: () => Promise<void>
let rows: Row[]
/** stock per warehouse id, per product id */
const warehouseStock = new Map<number, Map<number, number>>()
/** the minimum per warehouse id, per product id (reorder levels, set on some products below) */
const minimums = new Map<number, Map<number, number>>()
/** what is incoming per warehouse id, per product id (set on some products below) */
const incomings = new Map<number, Map<number, number>>()
let queries: CompiledQuery[] = []

beforeAll(async () => {
  const fresh = await freshDatabaseUrl()
  drop = fresh.drop
  await seedDatabase(fresh.url, { products: PRODUCTS, warehouses: 3, locations: 20, mutations: PRODUCTS * 3, seed: 5 })
  database = openDatabase(fresh.url, { onQuery: (query) => queries.push(query) })
  // reorder levels: some products in warehouse 1 (many below), fewer in 2, and a few in 3 far above any stock
  for (const [warehouse, every, min] of [
    [1, 7, 5],
    [2, 11, 1],
    [3, 13, 1000],
  ] as const)
    await sql`insert into warehouse_stock (product_id, warehouse_id, on_hand, min_stock, max_stock)
      select id, ${warehouse}, 0, ${min}, ${min + 10} from products where id % ${every} = 0
      on conflict (product_id, warehouse_id) do update set min_stock = excluded.min_stock, max_stock = excluded.max_stock`.execute(
      database.db,
    )
  // on their way: some products in every warehouse, as sent purchase orders keep it
  await sql`update warehouse_stock set incoming = (product_id % 5) * warehouse_id where product_id % 3 = 0`.execute(database.db)
  rows = await database.db
    .selectFrom('products')
    .innerJoin('product_stock', 'product_stock.product_id', 'products.id')
    .select([
      'id',
      'sku',
      'sku_amazon',
      'article_number',
      'description',
      'brand_id',
      'product_stock.on_hand as stock',
      'created_at',
      'updated_at',
    ])
    .execute()
  for (const { product_id, warehouse_id, on_hand, min_stock, incoming } of await database.db
    .selectFrom('warehouse_stock')
    .selectAll()
    .execute()) {
    const stock = warehouseStock.get(warehouse_id) ?? new Map<number, number>()
    stock.set(product_id, on_hand)
    warehouseStock.set(warehouse_id, stock)
    incomings.set(warehouse_id, (incomings.get(warehouse_id) ?? new Map<number, number>()).set(product_id, incoming))
    if (min_stock !== null) minimums.set(warehouse_id, (minimums.get(warehouse_id) ?? new Map<number, number>()).set(product_id, min_stock))
  }
}, 120_000)
afterAll(async () => {
  await database?.close()
  await drop?.()
})

/** What the list promises, computed from every row: case-insensitive substrings, empty values last, ties by id. */
function reference(query: ProductListQuery): { ids: number[]; stocks: number[]; below: boolean[]; incoming: number[]; total: number } {
  const stockOf = (row: Row) =>
    query.warehouse_id === undefined ? Number(row.stock) : (warehouseStock.get(query.warehouse_id)?.get(row.id) ?? 0)
  const incomingOf = (row: Row) =>
    [...incomings]
      .filter(([warehouse]) => query.warehouse_id === undefined || warehouse === query.warehouse_id)
      .reduce((sum, [, incoming]) => sum + (incoming.get(row.id) ?? 0), 0)
  const belowIn = (warehouse: number, row: Row) =>
    (warehouseStock.get(warehouse)?.get(row.id) ?? 0) < (minimums.get(warehouse)?.get(row.id) ?? -Infinity)
  const isBelowMin = (row: Row) =>
    query.warehouse_id === undefined ? [...minimums.keys()].some((w) => belowIn(w, row)) : belowIn(query.warehouse_id, row)
  const matching = rows.filter(
    (row) =>
      (query.brand_id === undefined || row.brand_id === query.brand_id) &&
      (!query.below_min || isBelowMin(row)) &&
      TEXT_FIELDS.every(
        (field) => !query[field] || ((row[field] ?? '').toLowerCase().includes(query[field].toLowerCase()) && row[field] !== null),
      ),
  )
  const [field, direction] = (query.sort_by ?? 'created_at.asc').split('.') as [keyof Row, 'asc' | 'desc']
  const key = (row: Row) =>
    field === 'stock'
      ? stockOf(row)
      : (TEXT_FIELDS as readonly string[]).includes(field)
        ? ((row[field] as string | null)?.toLowerCase() ?? null)
        : row[field]
  const sign = direction === 'asc' ? 1 : -1
  matching.sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    if (x !== y) {
      if (x === null) return sign
      if (y === null) return -sign
      return sign * (x < y ? -1 : 1)
    }
    return sign * (a.id - b.id)
  })
  const page = matching.slice(query.skip ?? 0, (query.skip ?? 0) + (query.limit ?? 10))
  return {
    ids: page.map((r) => r.id),
    stocks: page.map(stockOf),
    below: page.map(isBelowMin),
    incoming: page.map(incomingOf),
    total: matching.length,
  }
}

/** Substrings of real values: short ones (one and two characters take the path without the search index), code prefixes that cluster in their sort order, and other case. */
function substrings(field: TextField): string[] {
  const found = new Set<string>(['zz', 'q', 'Qx7', '%', '_', '-'])
  rows.forEach((row, i) => {
    const value = row[field]
    if (!value || i % 53 !== 0) return
    for (const length of [1, 2, 3, 5]) {
      const start = (i * 7) % Math.max(1, value.length - length + 1)
      found.add(value.slice(start, start + length))
    }
    found.add(value.slice(0, 4).toUpperCase())
    found.add(value.slice(-4).toLowerCase())
  })
  return [...found]
}

/** A walk of a sort order (over products, or over the stock of a warehouse), or the matches found and then sorted. */
const isWalk = (q: { sql: string }) =>
  /^(select products\.\*|select products\.id as id|select product_id as id|select (products|walked)\.id from \()/.test(q.sql)
const isFind = (q: { sql: string }) => /^(with found as materialized|select products\.id, )/.test(q.sql)

type Plan = 'walk' | 'find' | 'walk, then find' | 'count only'
function planOf(run: CompiledQuery[]): Plan {
  const [walked, found] = [run.some(isWalk), run.some(isFind)]
  return walked && found ? 'walk, then find' : walked ? 'walk' : found ? 'find' : 'count only'
}

describe('the product list on a seeded catalogue', () => {
  it('answers every filter, sort and page exactly as the reference, through each plan', async () => {
    const brands = [...new Set(rows.map((r) => r.brand_id).filter((b): b is number => b !== null))]
    const textFilter = fc.oneof(
      { weight: 2, arbitrary: fc.constant({}) },
      ...TEXT_FIELDS.map((field) => ({ weight: 1, arbitrary: fc.constantFrom(...substrings(field)).map((text) => ({ [field]: text })) })),
    )
    const queryArbitrary = fc
      .record({
        text: textFilter,
        moreText: fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: textFilter }),
        brand: fc.option(fc.constantFrom(...brands), { nil: undefined, freq: 3 }),
        warehouse: fc.option(fc.constantFrom(1, 2, 3), { nil: undefined, freq: 3 }),
        belowMin: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        sort: fc.constantFrom(...PRODUCT_SORT_FIELDS.flatMap((f) => [`${f}.asc`, `${f}.desc`])),
        // past half of the matches a page is read from the end: 1200 to 2995 are there for the broad filters
        skip: fc.constantFrom(0, 0, 0, 3, 10, 40, 250, 1200, 1600, 2000, 2990, 2995),
        limit: fc.constantFrom(1, 5, 10, 10, 25, 100),
      })
      .map(({ text, moreText, brand, warehouse, belowMin, sort, skip, limit }): ProductListQuery => ({
        ...moreText,
        ...text,
        ...(brand === undefined ? {} : { brand_id: brand }),
        ...(warehouse === undefined ? {} : { warehouse_id: warehouse }),
        ...(belowMin ? { below_min: true } : {}),
        sort_by: sort,
        skip,
        limit,
      }))

    const plans = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(queryArbitrary, async (query) => {
        queries = []
        const page = await listProducts(database, query)
        plans.set(planOf(queries), (plans.get(planOf(queries)) ?? 0) + 1)
        const expected = reference(query)
        const answered = {
          ids: page.items.map((p) => p.id),
          stocks: page.items.map((p) => p.stock),
          below: page.items.map((p) => p.below_min),
          incoming: page.items.map((p) => p.incoming),
        }
        expect({ ...answered, total: page.total }).toEqual(expected)
      }),
      {
        seed: 20_261_121,
        numRuns: 300,
        examples: [
          // SKUs start with their brand's code: a code matches a run of SKUs far along the SKU order
          [{ sku: rows.find((r) => r.sku?.startsWith('Z'))?.sku?.slice(0, 4) ?? 'ZEN', sort_by: 'sku.asc', limit: 10, skip: 0 }],
          // SKUs number the products in the order they were made: the first thousand lie at the end of this order
          [{ sku: '-100', sort_by: 'created_at.desc', limit: 10, skip: 0 }],
          [{ description: 'e', warehouse_id: 2, sort_by: 'stock.desc', limit: 25, skip: 0 }],
          [{ description: 'steel', brand_id: brands[0], sort_by: 'created_at.desc', limit: 10, skip: 0 }],
          [{ below_min: true, sort_by: 'description.asc', limit: 10, skip: 0 }],
          [{ below_min: true, warehouse_id: 1, sort_by: 'stock.asc', limit: 25, skip: 40 }],
          [{ below_min: true, warehouse_id: 3, description: 'a', sort_by: 'created_at.desc', limit: 10, skip: 0 }],
        ],
      },
    )
    // each plan, and the fallback from a walk to finding, was met
    expect(plans.get('walk')).toBeGreaterThan(20)
    expect(plans.get('find')).toBeGreaterThan(20)
    expect(plans.get('walk, then find')).toBeGreaterThan(0)
  }, 120_000)

  it('remembers the count of a filter until a product is added, removed or changed in what the list filters on', async () => {
    const countsRun = async (query: ProductListQuery) => {
      queries = []
      const page = await listProducts(database, query)
      const counted = queries.filter((q) => /^select count\(\*\)/.test(q.sql) && !q.sql.includes(') as counted')).length
      queries = []
      return { total: page.total, counted }
    }
    const lamps = { description: 'lamp', brand_id: rows[0].brand_id ?? undefined }
    const first = await countsRun({ ...lamps, limit: 5 })
    expect(first.counted).toBe(1)
    // another page, another sort, a stock change: the same count, not counted again
    expect(await countsRun({ ...lamps, limit: 5, skip: 5, sort_by: 'stock.desc' })).toEqual({ total: first.total, counted: 0 })
    await database.db
      .updateTable('product_stock')
      .set((eb) => ({ on_hand: eb('on_hand', '+', 1) }))
      .where('product_id', '=', rows[0].id)
      .execute()
    expect(await countsRun({ ...lamps, limit: 5 })).toEqual({ total: first.total, counted: 0 })

    const stamp = new Date().toISOString()
    const { id } = await database.db
      .insertInto('products')
      .values({ sku: 'LAMP-NEW', description: 'Brass lamp', brand_id: lamps.brand_id, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(await countsRun({ ...lamps, limit: 5 })).toEqual({ total: first.total + 1, counted: 1 })
    await database.db.updateTable('products').set({ description: 'Brass candle' }).where('id', '=', id).execute()
    expect(await countsRun({ ...lamps, limit: 5 })).toEqual({ total: first.total, counted: 1 })
    await database.db.updateTable('products').set({ description: 'Brass lamp', brand_id: null }).where('id', '=', id).execute()
    expect(await countsRun({ ...lamps, limit: 5 })).toEqual({ total: first.total, counted: 1 })
    await database.db.deleteFrom('products').where('id', '=', id).execute()
    expect(await countsRun({ ...lamps, limit: 5 })).toEqual({ total: first.total, counted: 1 })
    await database.db
      .updateTable('product_stock')
      .set((eb) => ({ on_hand: eb('on_hand', '-', 1) }))
      .where('product_id', '=', rows[0].id)
      .execute()
  })

  it('keeps the count of every one- and two-character text per field through inserts, updates and deletes', async () => {
    // lowercased as the database does: SQLite folds ASCII letters only
    const lower = (value: string) =>
      database.dialect === 'sqlite' ? value.replace(/[A-Z]+/g, (s) => s.toLowerCase()) : value.toLowerCase()
    const recount = async () => {
      const counted = new Map<string, number>()
      for (const row of await database.db.selectFrom('products').select(TEXT_FIELDS).execute()) {
        for (const field of TEXT_FIELDS) {
          const value = row[field]
          if (!value) continue
          for (const gram of shortGrams(lower(value))) counted.set(`${field} ${gram}`, (counted.get(`${field} ${gram}`) ?? 0) + 1)
        }
      }
      return counted
    }
    const kept = async () =>
      new Map(
        (await database.db.selectFrom('text_gram_counts').selectAll().where('products', '<>', 0).execute()).map((r) => [
          `${r.field} ${r.gram}`,
          Number(r.products),
        ]),
      )
    expect(await kept()).toEqual(await recount())

    const stamp = new Date().toISOString()
    const added = await database.db
      .insertInto('products')
      .values([
        { sku: 'ÖL-Qx', description: 'Ölkanne, große', sku_amazon: 'B0ÉÉ', created_at: stamp, updated_at: stamp },
        { sku: 'zz', description: null, article_number: 'A', created_at: stamp, updated_at: stamp },
        { sku: 'gone', description: 'Kurz', created_at: stamp, updated_at: stamp },
      ])
      .returning('id')
      .execute()
    const articleNumber = rows[0].article_number
    await database.db.updateTable('products').set({ description: 'Tiny ÖLKANNE', sku: null }).where('id', '=', added[0].id).execute()
    await database.db.updateTable('products').set({ article_number: 'B-ä' }).where('id', '=', rows[0].id).execute()
    await database.db.deleteFrom('products').where('id', '=', added[2].id).execute()
    try {
      const counted = await recount()
      expect(await kept()).toEqual(counted)
      // a short filter alone takes its total from the kept counts, and it is the true total
      for (const [field, text] of [
        ['description', 'ö'],
        ['description', 'LK'],
        ['sku', 'z'],
        ['article_number', 'b-'],
        ['sku_amazon', 'qq'],
        ['sku', 'go'],
      ] as const) {
        queries = []
        const page = await listProducts(database, { [field]: text })
        expect(
          queries.filter((q) => /count\(\*\)/.test(q.sql)),
          `${field}=${text}`,
        ).toEqual([])
        expect(page.total, `${field}=${text}`).toBe(counted.get(`${field} ${lower(text)}`) ?? 0)
      }
    } finally {
      await database.db.updateTable('products').set({ article_number: articleNumber }).where('id', '=', rows[0].id).execute()
      await database.db.deleteFrom('products').where('id', 'in', [added[0].id, added[1].id]).execute()
    }
    expect(await kept()).toEqual(await recount())
  })

  it('keeps the sort order across pages: consecutive pages join into the first n', async () => {
    for (const sort_by of ['stock.desc', 'stock.asc', 'description.asc', 'article_number.desc']) {
      for (const extra of [
        {},
        { warehouse_id: 1 },
        { description: 'a' },
        { brand_id: rows[0].brand_id ?? 1 },
      ] as Partial<ProductListQuery>[]) {
        const whole = await listProducts(database, { ...extra, sort_by, skip: 0, limit: 100 })
        const paged = []
        for (let skip = 0; skip < 100; skip += 7) paged.push(...(await listProducts(database, { ...extra, sort_by, skip, limit: 7 })).items)
        expect(paged.slice(0, 100).map((p) => p.id)).toEqual(whole.items.map((p) => p.id))
      }
    }
  })
})

/**
 * The plan of one query, as text lines: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN. A few thousand rows
 * fit in a handful of pages, where PostgreSQL rightly prefers to read them all; with `seqscanOff` sequential scans
 * are priced out, which shows the index it would use on a large table.
 */
async function explain(query: CompiledQuery, seqscanOff: boolean): Promise<string> {
  if (database.dialect === 'sqlite') {
    const { rows: plan } = await database.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` })
    return plan.map((r) => r.detail).join('\n')
  }
  return database.db.connection().execute(async (connection) => {
    if (seqscanOff) await sql`set enable_seqscan = off`.execute(connection)
    try {
      const { rows: plan } = await connection.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` })
      return plan.map((r) => r['QUERY PLAN']).join('\n')
    } finally {
      await sql`reset enable_seqscan`.execute(connection)
    }
  })
}

/** The queries one list call runs, with their plans. */
async function plansOf(query: ProductListQuery, seqscanOff = true): Promise<{ sql: string; plan: string }[]> {
  queries = []
  await listProducts(database, query)
  const ran = queries
  queries = []
  return Promise.all(ran.map(async (q) => ({ sql: q.sql, plan: await explain(q, seqscanOff) })))
}
const allPlans = (ran: { plan: string }[]) => ran.map((r) => r.plan).join('\n')
/** the plan of the query that found the ids of the page: a walk of a sort order, or a find through the filter */
/** the unfiltered page: the rows in the order of a sort index, read in one query */
const isSortedRows = (q: { sql: string }) => q.sql.startsWith('select "products"."id", "products"."sku"') && q.sql.includes(' order by ')
const pagePlan = (ran: { sql: string; plan: string }[]) => ran.find((r) => isWalk(r) || isFind(r) || isSortedRows(r))?.plan ?? ''

describe('indexes behind the list', () => {
  const sortIndexes: [string, string][] = [
    ['created_at.asc', 'products_created_at'],
    ['updated_at.desc', 'products_updated_at'],
    ['stock.desc', 'product_stock_by_on_hand'],
    ['article_number.asc', 'products_article_number_sort'],
    ['sku.desc', 'products_sku_sort'],
    ['sku_amazon.asc', 'products_sku_amazon_sort'],
    ['description.asc', 'products_description_sort'],
  ]
  it.each(sortIndexes)('sorting by %s walks %s, without sorting rows and without counting them', async (sort_by, index) => {
    const ran = await plansOf({ sort_by, limit: 10 })
    expect(pagePlan(ran)).toContain(index)
    expect(allPlans(ran)).not.toMatch(/TEMP B-TREE|Sort Key|Seq Scan/)
    // the total of an unfiltered list is the kept count
    expect(allPlans(ran)).toContain('row_counts')
  })

  it.each([
    ['created_at.asc', 'products_brand_created_at'],
    ['article_number.desc', 'products_brand_article_number'],
  ])('within a brand, sorting by %s walks %s (SQLite; PostgreSQL walks an index without sorting)', async (sort_by, index) => {
    const smallest = [...rows.reduce((m, r) => m.set(r.brand_id, (m.get(r.brand_id) ?? 0) + 1), new Map<number | null, number>())]
      .filter(([brand]) => brand !== null)
      .sort((a, b) => a[1] - b[1])[0][0]!
    const page = pagePlan(await plansOf({ sort_by, brand_id: smallest, limit: 10 }))
    // PostgreSQL may walk the global sort index and skip the other brands when a brand is a tenth of all products
    if (database.dialect === 'sqlite') expect(page).toContain(index)
    else expect(page).toMatch(/Index (Only )?Scan( Backward)? using products_(brand_\w+|created_at|stock|article_number_sort)/)
    expect(page).not.toMatch(/TEMP B-TREE|Sort Key/)
  })

  it('sorting by the stock in one warehouse walks the warehouse stock by on_hand, then the products by id', async () => {
    const above0 = [...(warehouseStock.get(2) ?? new Map<number, number>()).values()].filter((amount) => amount > 0).length
    // a page that ends the stock above zero and starts the zeros
    const ran = await plansOf({ sort_by: 'stock.desc', warehouse_id: 2, limit: 10, skip: above0 - 5 })
    const above = ran.find((r) => r.sql.includes('on_hand > 0'))!.plan
    const zeros = ran.find((r) => r.sql.includes('not exists') && !r.sql.includes('count('))!.plan
    expect(above).toContain('warehouse_stock_by_amount')
    expect(above).not.toMatch(/TEMP B-TREE|Sort Key/)
    // the zeros follow: products by id without stock in the warehouse
    expect(zeros).toMatch(/products_pkey|SCAN products/)
    expect(zeros).toMatch(/warehouse_stock_pk|sqlite_autoindex_warehouse_stock/)
    expect(zeros).not.toMatch(/TEMP B-TREE|Sort Key/)
  })

  it('filters by a substring of three characters or more through the trigram index', async () => {
    for (const field of TEXT_FIELDS) {
      const plans = allPlans(await plansOf({ [field]: 'Qx7z', limit: 10 }))
      if (database.dialect === 'sqlite') expect(plans).toMatch(/products_search VIRTUAL TABLE INDEX \d+:M/)
      else expect(plans).toContain(`products_${field}_trgm`)
    }
  })

  it('counts one or two characters alone from the kept counts; SQLite finds two through the trigrams that hold them', async () => {
    const alone = allPlans(await plansOf({ description: 'qz', limit: 10 }, false))
    expect(alone).toContain('text_gram_counts')
    expect(alone).not.toMatch(/products_search|trgm/)
    // with a brand: counted within the brand's index, the two characters looked up in the trigram index (SQLite;
    // PostgreSQL's planner weighs the pg_trgm index against reading the brand's rows)
    const combined = allPlans(await plansOf({ description: 'qz', brand_id: rows[0].brand_id ?? 1, limit: 10 }, false))
    expect(combined).toMatch(/products_brand_\w+/)
    if (database.dialect === 'sqlite') expect(combined).toMatch(/products_search VIRTUAL TABLE INDEX \d+:M/)
  })

  it('finds an exact barcode through its index (migration 040), alone or beside a brand and a text, and counts it there', async () => {
    const { id, barcode, brand_id, description } = (await database.db
      .selectFrom('products')
      .select(['id', 'barcode', 'brand_id', 'description'])
      .where('barcode', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()) as { id: number; barcode: string; brand_id: number | null; description: string | null }
    for (const query of [
      { barcode },
      { barcode, brand_id: brand_id ?? undefined, sort_by: 'stock.desc' },
      { barcode, description: (description ?? 'steel').slice(0, 5), sort_by: 'article_number.asc' },
      { barcode, warehouse_id: 2, sort_by: 'stock.asc' },
    ] satisfies ProductListQuery[]) {
      const ran = await plansOf({ ...query, limit: 10 })
      const said = JSON.stringify(query)
      // the page's ids and the count are both found through the barcode index, never by a walk of a sort order
      expect(ran.some(isWalk), said).toBe(false)
      expect(pagePlan(ran), said).toMatch(/products_barcode/)
      expect(
        ran.find((r) => /^select count\(\*\)/.test(r.sql)),
        said,
      ).toBeDefined()
      expect(
        ran.filter((r) => /^select count\(\*\)/.test(r.sql)).every((r) => /products_barcode/.test(r.plan)),
        said,
      ).toBe(true)
      expect(allPlans(ran), said).not.toMatch(/SCAN products\b(?! USING)|Seq Scan on products/)
    }
    const page = await listProducts(database, { barcode })
    expect(page.items.map((p) => p.id)).toContain(id)
    expect(page.items.every((p) => p.barcode === barcode)).toBe(true)
    expect(page.total).toBe(page.items.length)
  })

  it('finds and counts the products below their minimum through the partial index of the stock rows below it', async () => {
    for (const warehouse_id of [undefined, 1, 3]) {
      const query = { below_min: true, ...(warehouse_id === undefined ? {} : { warehouse_id }), sort_by: 'article_number.asc', limit: 10 }
      const ran = await plansOf(query)
      const counting = ran.find((r) => /^select count\(/.test(r.sql) && r.sql.includes('min_stock'))
      expect(counting?.plan, JSON.stringify(query)).toMatch(/warehouse_stock_below_min/)
      expect(allPlans(ran)).not.toMatch(/SCAN warehouse_stock(?! USING)|Seq Scan on warehouse_stock/)
      if (isFind(ran.find((r) => isWalk(r) || isFind(r))!)) expect(pagePlan(ran)).toMatch(/warehouse_stock_below_min/)
    }
    // the mark on each row of a page is a lookup by product in the index by product, not a scan or a hash of it
    const marked = allPlans(await plansOf({ sort_by: 'created_at.asc', limit: 10 }))
    if (database.dialect === 'sqlite') expect(marked).toContain('USING COVERING INDEX warehouse_stock_below_min_product (product_id=?)')
    else expect(marked).toMatch(/warehouse_stock_below_min_product on warehouse_stock\s+.*\n\s+Index Cond: \(product_id = products\.id\)/)
    expect(marked).not.toMatch(/hashed SubPlan/)
  })

  it("reads each row's incoming in the warehouse level's primary key by product, in one warehouse or over all", async () => {
    for (const query of [{ sort_by: 'created_at.asc' }, { sort_by: 'stock.desc', warehouse_id: 2 }, { description: 'steel' }]) {
      const ran = await plansOf({ ...query, limit: 10 })
      const plan = ran.find((r) => r.sql.includes('warehouse_stock.incoming'))?.plan ?? ''
      const said = JSON.stringify(query)
      if (database.dialect === 'sqlite')
        expect(plan, said).toMatch(/SEARCH warehouse_stock USING (COVERING )?INDEX sqlite_autoindex_warehouse_stock_1 \(product_id=\?/)
      else
        expect(plan, said).toMatch(
          /Index Scan using warehouse_stock_pk on warehouse_stock\w*\s+.*\n\s+Index Cond: \(\(?product_id = products\.id/,
        )
      expect(plan).not.toMatch(/SCAN warehouse_stock(?! USING)|Seq Scan on warehouse_stock|hashed SubPlan/)
    }
  })

  it('counts within a brand through the brand index and looks the text matches up', async () => {
    const plans = allPlans(await plansOf({ brand_id: rows[0].brand_id ?? 1, description: 'steel', limit: 10 }))
    expect(plans).toMatch(/products_brand_(id|created_at)/)
  })
})

describe('the export of the list', () => {
  it('streams every product by total stock joined to its total, in the order of the total’s index on SQLite', async () => {
    const query = (await productRows(database, { sort_by: 'stock.desc' })).compile()
    const plan = await explain(query, true)
    // the total is joined once, not looked up per product as the sort key; reading every row, PostgreSQL's planner
    // may rather sort them once than walk the index and visit each product at random
    if (database.dialect === 'sqlite') {
      expect(plan).toContain('product_stock_by_on_hand')
      expect(plan).not.toContain('TEMP B-TREE')
    } else expect(plan).toMatch(/Sort Key: product_stock\.on_hand DESC|Index Scan Backward using product_stock_by_on_hand/)
  })
})
