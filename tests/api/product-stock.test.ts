// A product's total stock is its own narrow level: every product has its row from its first moment however it was
// made, a booking moves it (and its time) without writing the product, and the migration that made it carried the
// totals over.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db'
import { migrateThrough, migrateToLatest } from '../../src/server/db/migrate'
import { checkLedger } from '../../src/server/domain/ledger'
import { importRunnerOf } from '../../src/server/domain/imports/run'
import { freshDatabaseUrl, startServer, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'
import { csv, upload } from './uploads'

let server: TestServer
let make: ReturnType<typeof fixtures>
let warehouse: { id: number }
let shelf: { id: number }

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  warehouse = await make.warehouse('Totals')
  shelf = await make.location(warehouse.id, 'T-1')
})
afterAll(() => server.close())

const totalRow = (productId: number) =>
  server.database.db.selectFrom('product_stock').selectAll().where('product_id', '=', productId).executeTakeFirst()

describe("a product's total stock", () => {
  it('has its row from the start, whether the product was added, imported or inserted by hand, and goes with it', async () => {
    const added = await make.product({ sku: 'TOT-ADDED' })
    const token = await server.login('admin@example.com', 'admin-password-1')
    const file = {
      name: 'products.csv',
      content: csv([
        ['SKU', 'Description'],
        ['TOT-IMPORTED', 'Imported lamp'],
      ]),
    }
    const imported = await upload(server, token, { kind: 'products' }, file, false)
    expect(imported.statusCode, imported.body).toBe(202)
    await importRunnerOf(server.database).settled()
    const stamp = new Date().toISOString()
    const inserted = await server.database.db
      .insertInto('products')
      .values({ sku: 'TOT-INSERTED', created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow()
    const importedId = ok(await server.admin.get('/api/products/?sku=TOT-IMPORTED')).items[0].id as number

    for (const id of [added.id, importedId, inserted.id]) expect(await totalRow(id)).toEqual({ product_id: id, on_hand: 0, moved_at: null })
    // every product is in the stock order, the ones never booked too
    const byStock = ok(await server.admin.get('/api/products/?sort_by=stock.asc&limit=100'))
    expect(byStock.items.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([added.id, importedId, inserted.id]))
    expect(byStock.items).toHaveLength(byStock.total)

    expect((await server.admin.delete(`/api/products/${added.id}`)).statusCode).toBe(204)
    expect(await totalRow(added.id)).toBeUndefined()
  })

  it('moves with a booking, which stamps when it moved and leaves the product row alone', async () => {
    const product = await make.product({ sku: 'TOT-BOOKED' })
    const before = await server.database.db.selectFrom('products').selectAll().where('id', '=', product.id).executeTakeFirstOrThrow()
    const booked = await make.book(product.id, { amount: 7, warehouse_id: warehouse.id, location_id: shelf.id })
    await make.book(product.id, { amount: -2, warehouse_id: warehouse.id, location_id: shelf.id })
    const row = await totalRow(product.id)
    expect(row?.on_hand).toBe(5)
    expect(new Date(row?.moved_at ?? 0).getTime()).toBeGreaterThanOrEqual(new Date(booked.created_at).getTime())
    expect(await server.database.db.selectFrom('products').selectAll().where('id', '=', product.id).executeTakeFirstOrThrow()).toEqual(
      before,
    )
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).stock).toBe(5)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('sorts the list by the total, ties by id in the same direction, and reads a last page from the end', async () => {
    const ids: number[] = []
    for (const [i, amount] of [30, -10, 30, 90].entries()) {
      const product = await make.product({ sku: `TOT-SORT-${i}` })
      ids.push(product.id)
      await make.book(product.id, { amount, warehouse_id: warehouse.id, location_id: shelf.id })
    }
    const desc = ok(await server.admin.get('/api/products/?sort_by=stock.desc&limit=3'))
    expect(desc.items.map((p: { id: number; stock: number }) => [p.id, p.stock])).toEqual([
      [ids[3], 90],
      [ids[2], 30],
      [ids[0], 30],
    ])
    const asc = ok(await server.admin.get('/api/products/?sort_by=stock.asc&limit=1'))
    expect(asc.items.map((p: { id: number; stock: number }) => [p.id, p.stock])).toEqual([[ids[1], -10]])
    // the last page of the list sorted ascending is read from the end: it holds the largest
    const last = ok(await server.admin.get(`/api/products/?sort_by=stock.asc&limit=1&skip=${asc.total - 1}`))
    expect(last.items[0].id).toBe(ids[3])
  })
})

describe('the migration that gave the total its own level', () => {
  it("carries every product's stock and its last move over, and renames the levels' quantity to on_hand", async () => {
    const fresh = await freshDatabaseUrl()
    const database = openDatabase(fresh.url)
    try {
      await migrateThrough(database, '061-import-recovery')
      const db = database.db
      const stamp = '2026-01-02T03:04:05.000Z'
      await sql`insert into warehouses (id, warehouse_name, created_at, updated_at) values (1, 'Old', ${stamp}, ${stamp})`.execute(db)
      await sql`insert into locations (id, warehouse_id, location_name, created_at, updated_at) values (1, 1, 'O-1', ${stamp}, ${stamp})`.execute(
        db,
      )
      await sql`insert into products (id, sku, stock, stock_moved_at, created_at, updated_at)
        values (1, 'OLD-1', 4, ${stamp}, ${stamp}, ${stamp}), (2, 'OLD-2', 0, null, ${stamp}, ${stamp})`.execute(db)
      await sql`insert into stock_mutations (product_id, warehouse_id, location_id, amount, created_at, updated_at)
        values (1, 1, 1, 4, ${stamp}, ${stamp})`.execute(db)
      await sql`insert into stock_levels (product_id, location_id, warehouse_id, amount) values (1, 1, 1, 4)`.execute(db)
      await sql`insert into warehouse_stock (product_id, warehouse_id, amount) values (1, 1, 4)`.execute(db)

      await migrateToLatest(database)
      const totals = await db.selectFrom('product_stock').selectAll().orderBy('product_id').execute()
      expect(totals.map((t) => ({ ...t, moved_at: t.moved_at && new Date(t.moved_at).toISOString() }))).toEqual([
        { product_id: 1, on_hand: 4, moved_at: stamp },
        { product_id: 2, on_hand: 0, moved_at: null },
      ])
      expect(await db.selectFrom('stock_levels').select('on_hand').execute()).toEqual([{ on_hand: 4 }])
      expect(await db.selectFrom('warehouse_stock').select('on_hand').execute()).toEqual([{ on_hand: 4 }])
      expect(await checkLedger(db)).toEqual([])
    } finally {
      await database.close()
      await fresh.drop()
    }
  })
})
