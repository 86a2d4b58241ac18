// Fills a database with a synthetic catalogue in bulk (not through the API): migrate, refuse a database that
// has a catalogue unless told to replace it, load in batches, rebuild indexes, then check the kept stock.
import { sql } from 'kysely'
import { dialectOf, openDatabase, type DB } from '../index'
import { migrateToLatest } from '../migrate'
import { rebuildTextGramCounts } from '../migrations/011-short-text-counts'
import { checkLedger } from '../repositories/ledger-check'
import { Catalogue, emptyProductRows, type CatalogueOptions } from './catalogue'
import type { BulkTarget, Step } from './bulk'
import { SqliteTarget } from './bulk-sqlite'
import { PostgresTarget } from './bulk-postgres'
import { PRODUCT_SELLERS, PRODUCT_TABLES, REFERENCE_TABLES, STOCK_MUTATIONS } from './tables'

export type { CatalogueOptions } from './catalogue'
export type { Step } from './bulk'

export interface SeedOptions extends CatalogueOptions {
  /** wipe the catalogue (not the users) of a database that has one, instead of refusing */
  replace?: boolean
  /** compare every kept level with the ledger row by row; by default only up to a million mutations */
  fullLedgerCheck?: boolean
}

export interface SeedProgress {
  /** after each batch: products and mutations written so far */
  loaded?(products: number, mutations: number): void
  /** wraps each step after loading */
  step?: Step
}

export interface SeedSummary {
  products: number
  mutations: number
  brands: number
  organizations: number
  warehouses: number
  locations: number
  sellerEntries: number
  ledgerCheck: 'full' | 'totals'
}

export class SeedRefused extends Error {}

const PRODUCTS_PER_BATCH = 5000

async function openTarget(url: string): Promise<BulkTarget> {
  if (dialectOf(url) === 'sqlite') return new SqliteTarget(url.slice('sqlite:'.length))
  const target = new PostgresTarget(url)
  await target.open()
  return target
}

export async function seedDatabase(url: string, options: SeedOptions, progress: SeedProgress = {}): Promise<SeedSummary> {
  const migrated = openDatabase(url)
  await migrateToLatest(migrated).finally(() => migrated.close())

  const catalogue = new Catalogue(options)
  let sellerEntries = 0
  const target = await openTarget(url)
  try {
    const existing = await target.catalogueRows()
    const hasCatalogue = existing.products + existing.others > 0
    if (hasCatalogue && !options.replace) {
      const what = existing.products > 0 ? `${existing.products.toLocaleString('en')} products` : 'brands, organizations or warehouses'
      throw new SeedRefused(
        `The database already has a catalogue (${what}); seed a fresh one, or pass --replace to wipe its catalogue first.`,
      )
    }
    await target.beginLoad()
    if (hasCatalogue) await target.clear()
    await target.write(REFERENCE_TABLES.map((table) => [table, catalogue.reference[table.name as keyof typeof catalogue.reference].flat()]))

    let mutations = 0
    let writing: Promise<void> = Promise.resolve()
    for (let start = 0; start < options.products; start += PRODUCTS_PER_BATCH) {
      const rows = emptyProductRows()
      const end = Math.min(options.products, start + PRODUCTS_PER_BATCH)
      for (let index = start; index < end; index++) catalogue.addProduct(index, rows)
      // PostgreSQL stores one batch while the next is generated
      await writing
      writing = target.write(PRODUCT_TABLES.map((table) => [table, rows[table.name as keyof typeof rows]]))
      mutations += rows.stock_mutations.length / STOCK_MUTATIONS.columns.length
      sellerEntries += rows.product_sellers.length / PRODUCT_SELLERS.columns.length
      const loaded = [end, mutations] as const
      void writing.then(
        () => progress.loaded?.(...loaded),
        () => {},
      )
    }
    await writing
    await target.finishLoad(progress.step ?? ((_, work) => work().then(() => undefined)))
  } finally {
    await target.close()
  }

  const fullLedgerCheck = options.fullLedgerCheck ?? options.mutations <= 1_000_000
  const database = openDatabase(url)
  try {
    // the load skipped the triggers that keep them
    const recount = () => rebuildTextGramCounts(database.db)
    if (progress.step) await progress.step('short text counts', recount)
    else await recount()
    const check = () => verify(database.db, options, fullLedgerCheck)
    if (progress.step) await progress.step(fullLedgerCheck ? 'ledger check (every level)' : 'ledger check (totals)', check)
    else await check()
  } finally {
    await database.close()
  }
  const { reference } = catalogue
  return {
    products: options.products,
    mutations: options.mutations,
    brands: reference.brands.length,
    organizations: reference.organizations.length,
    warehouses: reference.warehouses.length,
    locations: reference.locations.length,
    sellerEntries,
    ledgerCheck: fullLedgerCheck ? 'full' : 'totals',
  }
}

/**
 * The loaded rows are all there and the kept levels equal the ledger: row by row with checkLedger, or (cheaper
 * at millions of mutations) as totals per warehouse over the ledger, the location levels and the warehouse levels.
 */
async function verify(db: DB, options: CatalogueOptions, fullLedgerCheck: boolean): Promise<void> {
  const { rows } = await sql<{ products: number; mutations: number; kept_count: number }>`
    select (select count(*) from products) as products, (select count(*) from stock_mutations) as mutations,
           (select row_count from row_counts where table_name = 'products') as kept_count`.execute(db)
  const counts = { products: Number(rows[0].products), mutations: Number(rows[0].mutations), kept_count: Number(rows[0].kept_count) }
  if (counts.products !== options.products || counts.kept_count !== options.products || counts.mutations !== options.mutations) {
    throw new Error(
      `Seed check failed: expected ${options.products} products and ${options.mutations} mutations, found ${JSON.stringify(counts)}`,
    )
  }
  if (fullLedgerCheck) {
    const discrepancies = await checkLedger(db)
    if (discrepancies.length > 0)
      throw new Error(
        `Seed check failed: ${discrepancies.length} kept levels differ from the ledger, e.g. ${JSON.stringify(discrepancies[0])}`,
      )
    return
  }
  const totals = await sql<{ source: string; warehouse_id: number; total: number }>`
    select 'ledger' as source, warehouse_id, sum(amount) as total from stock_mutations group by warehouse_id
    union all select 'locations', warehouse_id, sum(on_hand) from stock_levels group by warehouse_id
    union all select 'warehouses', warehouse_id, sum(on_hand) from warehouse_stock group by warehouse_id
    union all select 'products', 0, sum(on_hand) from product_stock`.execute(db)
  const bySource = new Map<string, Map<number, number>>()
  for (const row of totals.rows) {
    const source = bySource.get(row.source) ?? new Map<number, number>()
    source.set(Number(row.warehouse_id), Number(row.total))
    bySource.set(row.source, source)
  }
  const ledger = bySource.get('ledger') ?? new Map<number, number>()
  const ledgerTotal = [...ledger.values()].reduce((a, b) => a + b, 0)
  const productTotal = bySource.get('products')?.get(0) ?? 0
  for (const source of ['locations', 'warehouses']) {
    for (const [warehouseId, total] of ledger) {
      const kept = bySource.get(source)?.get(warehouseId) ?? 0
      if (kept !== total) throw new Error(`Seed check failed: ${source} of warehouse ${warehouseId} hold ${kept}, the ledger ${total}`)
    }
  }
  if (productTotal !== ledgerTotal) throw new Error(`Seed check failed: products hold ${productTotal} in total, the ledger ${ledgerTotal}`)
}
