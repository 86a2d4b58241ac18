// The seed generator: a consistent, deterministic, realistic catalogue on a fresh database, and no harm to one
// that has a catalogue unless told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openDatabase, type DatabaseHandle } from '../../src/server/db'
import { SeedRefused, seedDatabase, type SeedOptions } from '../../src/server/db/seed/index'
import { ean13 } from '../../src/server/db/seed/catalogue'
import { checkLedger } from '../../src/server/domain/ledger'
import { freshDatabaseUrl } from './helpers'

const OPTIONS: SeedOptions = { products: 600, warehouses: 3, locations: 10, mutations: 2500, seed: 11 }

const fresh: { url: string; drop(): Promise<void> }[] = []
async function seeded(options: SeedOptions = OPTIONS): Promise<{ url: string; database: DatabaseHandle }> {
  const target = await freshDatabaseUrl()
  fresh.push(target)
  await seedDatabase(target.url, options)
  return { url: target.url, database: openDatabase(target.url) }
}
const opened: DatabaseHandle[] = []
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()))
  await Promise.all(fresh.map((f) => f.drop()))
})

/** Every row of the tables the seed fills, in id order, as plain values. */
async function dump(database: DatabaseHandle) {
  const { db } = database
  return {
    brands: await db.selectFrom('brands').selectAll().orderBy('id').execute(),
    organizations: await db.selectFrom('organizations').select(['id', 'org_name', 'is_seller', 'is_supplier']).orderBy('id').execute(),
    locations: await db.selectFrom('locations').select(['id', 'warehouse_id', 'location_name']).orderBy('id').execute(),
    products: await db
      .selectFrom('products')
      .innerJoin('product_stock', 'product_stock.product_id', 'products.id')
      .selectAll('products')
      .select(['product_stock.on_hand as stock', 'product_stock.moved_at'])
      .orderBy('id')
      .execute(),
    sellers: await db.selectFrom('product_sellers').selectAll().orderBy('id').execute(),
    mutations: await db.selectFrom('stock_mutations').selectAll().orderBy('id').execute(),
  }
}

describe('seeding a fresh database', () => {
  let database: DatabaseHandle
  let url: string
  beforeAll(async () => {
    ;({ database, url } = await seeded())
    opened.push(database)
  })

  it('makes the numbers asked for, with kept stock levels equal to the ledger', async () => {
    const count = async (table: 'products' | 'stock_mutations' | 'warehouses' | 'locations') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await count('products')).toBe(600)
    expect(await count('stock_mutations')).toBe(2500)
    expect(await count('warehouses')).toBe(3)
    expect(await count('locations')).toBe(30)
    expect(await checkLedger(database.db)).toEqual([])
    const kept = await database.db
      .selectFrom('row_counts')
      .select('row_count')
      .where('table_name', '=', 'products')
      .executeTakeFirstOrThrow()
    expect(Number(kept.row_count)).toBe(600)
  })

  it('makes realistic products: unique SKUs, valid EAN-13 barcodes, ASINs, supplier and seller info, mostly non-negative stock', async () => {
    const { products, sellers, organizations } = await dump(database)
    expect(new Set(products.map((p) => p.sku)).size).toBe(600)
    expect(new Set(products.map((p) => p.article_number)).size).toBe(600)
    for (const p of products) {
      expect(p.barcode).toMatch(/^\d{13}$/)
      expect(ean13(p.barcode!.slice(0, 12))).toBe(p.barcode)
      expect(p.created_at <= p.updated_at).toBe(true)
    }
    for (const asin of products.flatMap((p) => p.sku_amazon ?? [])) expect(asin).toMatch(/^B0[0-9A-Z]{8}$/)
    expect(products.filter((p) => p.description).length).toBeGreaterThan(550)
    expect(products.filter((p) => p.supplier_id !== null && p.purchase_currency !== null).length).toBeGreaterThan(400)
    // a supplier's carton and article number; a product without a supplier is sold by the unit
    expect(products.filter((p) => p.supplier_id !== null && p.pack_size > 1 && p.supplier_sku !== null).length).toBeGreaterThan(200)
    expect(products.every((p) => p.pack_size >= 1 && (p.supplier_id !== null || (p.pack_size === 1 && p.supplier_sku === null)))).toBe(true)
    expect(sellers.length).toBeGreaterThan(200)
    const supplierIds = new Set(organizations.filter((o) => Boolean(o.is_supplier)).map((o) => o.id))
    expect(products.every((p) => p.supplier_id === null || supplierIds.has(p.supplier_id))).toBe(true)
    expect(products.filter((p) => Number(p.stock) < 0).length).toBeLessThan(60)
  })

  it('is deterministic for a seed, and another seed makes another catalogue', async () => {
    const again = await seeded()
    opened.push(again.database)
    expect(await dump(again.database)).toEqual(await dump(database))
    const other = await seeded({ ...OPTIONS, seed: 12 })
    opened.push(other.database)
    expect((await dump(other.database)).products).not.toEqual((await dump(database)).products)
  })

  it('leaves ids, counts and the search index working for what is added after it', async () => {
    const { db } = database
    const stamp = new Date().toISOString()
    const { id } = await db
      .insertInto('products')
      .values({ sku: 'AFTER-SEED', description: 'Zebra-striped umbrella', created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(id).toBe(601)
    const mutation = await db
      .insertInto('stock_mutations')
      .values({ product_id: id, warehouse_id: 1, location_id: 1, amount: 1, created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(mutation.id).toBe(2501)
    const kept = await db.selectFrom('row_counts').select('row_count').where('table_name', '=', 'products').executeTakeFirstOrThrow()
    expect(Number(kept.row_count)).toBe(601)
    if (database.dialect === 'sqlite') {
      const { rows } = await sql<{
        rowid: number
      }>`select rowid from products_search where products_search match ${'description : "ebra-stri"'}`.execute(db)
      // eslint-disable-next-line vitest/no-conditional-expect -- only SQLite has the FTS5 search table
      expect(rows.map((r) => Number(r.rowid))).toEqual([id])
    }
    await db.deleteFrom('stock_mutations').where('id', '=', mutation.id).execute()
    await db.deleteFrom('products').where('id', '=', id).execute()
  })

  it('refuses a database that has a catalogue, and replaces it only when told', async () => {
    await expect(seedDatabase(url, OPTIONS)).rejects.toThrow(SeedRefused)
    expect(
      Number(
        (
          await database.db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(600)

    await seedDatabase(url, { ...OPTIONS, products: 50, mutations: 120, replace: true })
    const after = await dump(database)
    expect(after.products.map((p) => p.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(after.mutations).toHaveLength(120)
    expect(await checkLedger(database.db)).toEqual([])
    const kept = await database.db
      .selectFrom('row_counts')
      .select('row_count')
      .where('table_name', '=', 'products')
      .executeTakeFirstOrThrow()
    expect(Number(kept.row_count)).toBe(50)
  })
})

describe('ean13', () => {
  it('appends the GS1 check digit', () => {
    expect(ean13('400638133393')).toBe('4006381333931')
    expect(ean13('871234567890')).toBe('8712345678906')
  })
})
