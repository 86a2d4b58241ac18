// What the benchmark asks of the server, each with the same work done straight on the database (the in-process
// ceiling). Requests vary as they would in use: random products, brands of every size, the words people search for.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { ProductListQuery } from '../src/contract'
import type { DatabaseHandle } from '../src/server/db'
import { Random } from '../src/server/db/seed/random'
import { NOUNS } from '../src/server/db/seed/words'
import { listProducts } from '../src/server/domain/product-list'
import { loadProduct } from '../src/server/domain/products'
import { bookMutation, recentMutations } from '../src/server/domain/ledger'
import { runWrite } from '../src/server/db/writes'
import { now, secondsAfter } from '../src/server/db/clock'
import { idempotencyKeyRepository } from '../src/server/db/repositories/idempotency-keys'
import { KEY_LIFETIME_SECONDS } from '../src/server/plugins/idempotency'

/** The product every booking of the hot-product scenario goes to. */
const HOT_PRODUCT = 1

export interface Request {
  method: 'GET' | 'POST'
  path: string
  body?: string
  headers?: Record<string, string>
}

export interface Scenario {
  name: string
  /** the next request to send */
  next: (random: Random) => Request
  /** the same work in-process; the user id books as the signed-in user would */
  direct: (database: DatabaseHandle, random: Random, userId: number) => Promise<unknown>
  writes?: boolean
  /** one of the worst cases of the product list (issue 16): held to its latency targets */
  worstCase?: boolean
}

export interface BenchData {
  products: number
  /** brands from the biggest to small ones */
  brands: number[]
  warehouseId: number
  /** locations of that warehouse */
  locations: number[]
}

/** Ids and places the scenarios draw from, read from the seeded database. */
export async function benchData({ db }: DatabaseHandle): Promise<BenchData> {
  const { rows } = await sql<{ n: number }>`select max(id) as n from products`.execute(db)
  const brands = await db
    .selectFrom('products')
    .select(['brand_id', (eb) => eb.fn.countAll().as('n')])
    .where('brand_id', 'is not', null)
    .groupBy('brand_id')
    .orderBy('n', 'desc')
    .execute()
  // every 50th brand by size: the biggest (1.5% of all products) down to the long tail
  const spread = brands.filter((_, i) => i % 50 === 0).map((b) => b.brand_id!)
  const locations = await db.selectFrom('locations').select('id').where('warehouse_id', '=', 1).orderBy('id').execute()
  return { products: Number(rows[0].n), brands: spread, warehouseId: 1, locations: locations.map((l) => l.id) }
}

/** What people type to find a product: the product words of the catalogue (about 1.2% of products each). */
export const SEARCH_TERMS: readonly string[] = NOUNS.filter((noun) => noun.length >= 4)

const listPath = (query: Record<string, string | number>) =>
  `/api/products/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`
const list = (name: string, make: (random: Random) => Record<string, string | number>, worstCase = false): Scenario => ({
  name,
  worstCase,
  next: (random) => ({ method: 'GET', path: listPath(make(random)) }),
  direct: (database, random) => listProducts(database, make(random)),
})

/** A fixed list request, e.g. the slowest the hunt found. */
export const fixedList = (name: string, query: ProductListQuery): Scenario =>
  list(name, () => query as Record<string, string | number>, true)

/** Two characters people type: common pairs of the product words, and digit pairs of SKUs. */
const DESCRIPTION_PAIRS = ['bl', 'st', 'ca', 'ch', 'le', 'ro', 'ma', 'in']
const SKU_PAIRS = ['12', '45', '07', '99', '30', '-1', 're']
const LETTERS = ['a', 'e', 'i', 'o', 'r', 's', 't', 'l']
const TEXT_SORTS = ['sku', 'description', 'article_number', 'sku_amazon', 'updated_at', 'stock']

/** The worst cases of the product list named in issue 16, at every size. */
export function worstCaseScenarios(data: BenchData): Scenario[] {
  const direction = (random: Random) => (random.chance(0.5) ? 'asc' : 'desc')
  return [
    list('Two-character description substring', (random) => ({ description: random.pick(DESCRIPTION_PAIRS), skip: 0, limit: 10 }), true),
    list('Two-character SKU substring', (random) => ({ sku: random.pick(SKU_PAIRS), skip: 0, limit: 10 }), true),
    list(
      'Two characters sorted by another column',
      (random) => ({
        description: random.pick(DESCRIPTION_PAIRS),
        sort_by: `${random.pick(TEXT_SORTS)}.${direction(random)}`,
        skip: 0,
        limit: 10,
      }),
      true,
    ),
    list(
      'Brand with a four-character substring',
      (random) => ({ brand_id: random.pick(data.brands), description: random.pick(SEARCH_TERMS).slice(0, 4), skip: 0, limit: 10 }),
      true,
    ),
    list(
      'One letter, warehouse stock sort, skip 10,000',
      (random) => ({ description: random.pick(LETTERS), warehouse_id: data.warehouseId, sort_by: 'stock.desc', skip: 10_000, limit: 10 }),
      true,
    ),
    list(
      'Any page up to skip 10,000, any sort',
      (random) => ({ sort_by: `${random.pick(TEXT_SORTS)}.${direction(random)}`, skip: random.int(0, 10_000), limit: 10 }),
      true,
    ),
    list(
      'Deep page up to the total, by updated_at',
      (random) => ({ sort_by: `updated_at.${direction(random)}`, skip: random.int(10_000, data.products - 10), limit: 10 }),
      true,
    ),
    // the total stock is a narrow level of its own: its sort walks that level's index, and no index has brand and stock
    list(
      'Total stock, any page up to the total',
      (random) => ({ sort_by: `stock.${direction(random)}`, skip: random.int(0, data.products - 10), limit: 10 }),
      true,
    ),
    list(
      'Brand, total stock sort, skip up to 1,000',
      (random) => ({ brand_id: random.pick(data.brands), sort_by: `stock.${direction(random)}`, skip: random.int(0, 1000), limit: 10 }),
      true,
    ),
    list(
      'Deep page with a one-letter filter',
      (random) => ({ description: random.pick(LETTERS), skip: random.int(10_000, Math.floor(data.products / 2)), limit: 10 }),
      true,
    ),
  ]
}

export function scenarios(data: BenchData): Scenario[] {
  const product = (random: Random) => random.int(1, data.products)
  const booking = (random: Random) => ({
    amount: (random.chance(0.5) ? 1 : -1) * random.int(1, 5),
    warehouse_id: data.warehouseId,
    location_id: random.pick(data.locations),
    // random in and out: a location may go below zero, which the warehouse books when the booking says yes
    allow_negative: true,
  })
  return [
    list('Default list page', () => ({ skip: 0, limit: 10 })),
    list('Description substring filter', (random) => ({ description: random.pick(SEARCH_TERMS), skip: 0, limit: 10 })),
    list('Brand filter', (random) => ({ brand_id: random.pick(data.brands), skip: 0, limit: 10 })),
    list('Total stock, descending', () => ({ sort_by: 'stock.desc', skip: 0, limit: 10 })),
    list('Stock in one warehouse, descending', () => ({ warehouse_id: data.warehouseId, sort_by: 'stock.desc', skip: 0, limit: 10 })),
    {
      name: 'Product detail',
      next: (random) => ({ method: 'GET', path: `/api/products/${product(random)}` }),
      direct: (database, random) => loadProduct(database.db, product(random)),
    },
    {
      name: 'Recent mutations',
      next: (random) => ({ method: 'GET', path: `/api/products/${product(random)}/stock_mutations?skip=0&limit=10` }),
      direct: (database, random) => recentMutations(database.db, product(random), { offset: 0, limit: 10 }),
    },
    {
      name: 'Post a stock mutation',
      writes: true,
      next: (random) => ({
        method: 'POST',
        path: `/api/products/${product(random)}/stock_mutations`,
        body: JSON.stringify(booking(random)),
      }),
      direct: (database, random, userId) =>
        runWrite(database, (trx) => bookMutation(trx, { product_id: product(random), ...booking(random), user_id: userId })),
    },
    {
      // each booking a new action, as the admin sends them: the cost of keeping the key with the write
      name: 'Post a stock mutation with an Idempotency-Key',
      writes: true,
      next: (random) => ({
        method: 'POST',
        path: `/api/products/${product(random)}/stock_mutations`,
        body: JSON.stringify(booking(random)),
        headers: { 'idempotency-key': randomUUID() },
      }),
      direct: (database, random, userId) =>
        runWrite(database, async (trx) => {
          const booked = await bookMutation(trx, { product_id: product(random), ...booking(random), user_id: userId })
          const stamp = now()
          await idempotencyKeyRepository.keep(trx, {
            user_id: userId,
            idempotency_key: randomUUID(),
            method: 'POST',
            path: `/api/products/${booked.product_id}/stock_mutations`,
            fingerprint: '0'.repeat(64),
            status: 201,
            body: JSON.stringify(booked),
            content_type: 'application/json; charset=utf-8',
            created_at: stamp,
            expires_at: secondsAfter(stamp, KEY_LIFETIME_SECONDS),
          })
        }),
    },
    {
      // every booking to the same product: its total is one row that each booking changes in turn
      name: 'Post a stock mutation to one hot product',
      writes: true,
      next: (random) => ({ method: 'POST', path: `/api/products/${HOT_PRODUCT}/stock_mutations`, body: JSON.stringify(booking(random)) }),
      direct: (database, random, userId) =>
        runWrite(database, (trx) => bookMutation(trx, { product_id: HOT_PRODUCT, ...booking(random), user_id: userId })),
    },
  ]
}
