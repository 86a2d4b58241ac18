// The slowest-request hunt: every shape of list request a user can compose (each text field alone and with
// another, substrings of 1, 2, 3 and 5 characters, ASCII and not, rare and common; with a brand, with a
// warehouse), every sort the API allows, pages at the start, at skip 10,000, and deep (the middle and the end of
// the matches). Each is answered in-process with its filter's count remembered; the filter's first request, which
// counts, is timed once, and `as typed` adds what counting cost to each of its pages.
import { sql } from 'kysely'
import { PRODUCT_SORT_FIELDS, type ProductListQuery } from '../src/contract'
import type { DatabaseHandle } from '../src/server/db'
import { listProducts } from '../src/server/domain/product-list'

type TextField = 'sku' | 'sku_amazon' | 'article_number' | 'description'
const TEXT_FIELDS: TextField[] = ['sku', 'sku_amazon', 'article_number', 'description']

export interface HuntResult {
  query: ProductListQuery
  /** the request as typed: the page, and the count of its filter not yet remembered */
  coldMs: number
  /** the request with its count remembered (paging, sorting or coming back to a filter) */
  warmMs: number
  total: number
}

/** Substrings people type, taken from real values: common ones of each length, a rare one, and one beyond ASCII. */
async function termsOf({ db }: DatabaseHandle, field: TextField): Promise<string[]> {
  const { rows } = await sql<{ value: string | null }>`select ${sql.ref(field)} as value from products
    where id % 997 = 0 and ${sql.ref(field)} is not null limit 50`.execute(db)
  const values = rows.map((r) => r.value!).filter(Boolean)
  const middle = (value: string, length: number) => value.slice(Math.floor(value.length / 2), Math.floor(value.length / 2) + length)
  const terms = new Set<string>()
  for (const length of [1, 2, 3, 5]) terms.add(middle(values[length % values.length], length).toLowerCase())
  // rare: two characters that seldom meet, and a text with a character beyond ASCII
  terms.add(field === 'description' ? 'qz' : 'zq')
  terms.add(field === 'description' ? 'é' : 'ö1')
  return [...terms].filter((t) => t.trim().length > 0)
}

export async function hunt(database: DatabaseHandle, options: { brands: number[]; warehouseId: number; log?: (line: string) => void }) {
  const terms = new Map<TextField, string[]>()
  for (const field of TEXT_FIELDS) terms.set(field, await termsOf(database, field))
  const [bigBrand, smallBrand] = [options.brands[0], options.brands.at(-1)!]

  const filters: Partial<ProductListQuery>[] = [{}]
  for (const field of TEXT_FIELDS) for (const text of terms.get(field)!) filters.push({ [field]: text })
  // two fields at once, short and longer
  for (const [i, j] of [
    [0, 0],
    [1, 1],
    [0, 2],
  ])
    filters.push({ description: terms.get('description')![i], sku: terms.get('sku')![j] })
  for (const brand of [bigBrand, smallBrand]) {
    filters.push({ brand_id: brand })
    for (const field of ['description', 'sku'] as const)
      for (const i of [0, 1, 3]) filters.push({ brand_id: brand, [field]: terms.get(field)![i] })
  }
  for (const extra of [{}, { description: terms.get('description')![0] }, { sku: terms.get('sku')![1] }])
    filters.push({ ...extra, warehouse_id: options.warehouseId })

  const sorts = PRODUCT_SORT_FIELDS.flatMap((field) => [`${field}.asc`, `${field}.desc`])
  const results: HuntResult[] = []
  const timed = async (query: ProductListQuery) => {
    const started = performance.now()
    const page = await listProducts(database, query)
    return { ms: performance.now() - started, total: page.total }
  }
  for (const filter of filters) {
    // a new version of the catalogue makes every remembered count stale, as a product write does
    await sql`update row_counts set version = version + 1 where table_name = 'products'`.execute(database.db)
    const first = await timed({ ...filter, limit: 10 })
    const countingMs = Math.max(0, first.ms - (await timed({ ...filter, limit: 10 })).ms)
    const total = first.total
    const skips = [...new Set([0, 10_000, Math.floor(total / 2), Math.max(0, total - 10)])].filter((skip) => skip < Math.max(total, 1))
    for (const sort_by of sorts) {
      for (const skip of skips) {
        const query: ProductListQuery = { ...filter, sort_by, skip, limit: 10 }
        const warm = await timed(query)
        results.push({ query, coldMs: warm.ms + countingMs, warmMs: warm.ms, total })
        if (warm.ms > 100) options.log?.(`hunt: ${warm.ms.toFixed(0)} ms for ${describeQuery(query)}`)
      }
    }
    options.log?.(
      `hunt: ${JSON.stringify(filter)} (${total.toLocaleString('en')} match, counted in ${countingMs.toFixed(0)} ms), ${results.length} requests so far`,
    )
  }
  return results
}

/** The slowest requests at the start of the list (skip up to 10,000) and deeper, as typed and again. */
export function worst(results: HuntResult[], count = 5) {
  const shallow = results.filter((r) => (r.query.skip ?? 0) <= 10_000)
  const deep = results.filter((r) => (r.query.skip ?? 0) > 10_000)
  const top = (rows: HuntResult[], key: 'coldMs' | 'warmMs') => [...rows].sort((a, b) => b[key] - a[key]).slice(0, count)
  return {
    shallowCold: top(shallow, 'coldMs'),
    shallowWarm: top(shallow, 'warmMs'),
    deepCold: top(deep, 'coldMs'),
    deepWarm: top(deep, 'warmMs'),
  }
}

export const describeQuery = (query: ProductListQuery) =>
  Object.entries(query)
    .filter(([key]) => key !== 'limit')
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('&')
