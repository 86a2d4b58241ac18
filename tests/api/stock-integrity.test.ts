// What keeps the ledger whole: refusals to delete what it refers to, the cascade of a deleted product,
// and a booking racing a deletion (many clients at once over real HTTP: concurrency.test.ts).
/* eslint-disable vitest/no-conditional-expect -- the winner of the race picks which expectations hold */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger } from '../../src/server/domain/ledger'
import { startServer, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'

let server: TestServer
let make: ReturnType<typeof fixtures>
beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
})
afterAll(() => server.close())

const count = async (table: 'stock_mutations' | 'stock_levels' | 'warehouse_stock', productId: number) =>
  (await server.database.db.selectFrom(table).select('product_id').where('product_id', '=', productId).execute()).length

describe('records the ledger refers to', () => {
  it('refuses to delete a warehouse or location with stock mutations (409 with the count) and removes nothing', async () => {
    const warehouse = await make.warehouse('Held')
    const location = await make.location(warehouse.id, 'Held-1')
    const spare = await make.location(warehouse.id, 'Held-2')
    const product = await make.product({ sku: 'HELD' })
    const first = await make.book(product.id, { amount: 2, warehouse_id: warehouse.id, location_id: location.id })
    await make.book(product.id, { amount: 3, warehouse_id: warehouse.id, location_id: location.id })

    const byWarehouse = await server.admin.delete(`/api/warehouses/${warehouse.id}`)
    expect(byWarehouse.statusCode).toBe(409)
    expect(byWarehouse.json()).toMatchObject({ code: 'WAREHOUSE_IN_USE', params: { count: 2 } })
    expect(byWarehouse.json().detail).toContain('2 stock mutations')
    const byLocation = await server.admin.delete(`/api/warehouses/${warehouse.id}/locations/${location.id}`)
    expect(byLocation.statusCode).toBe(409)
    expect(byLocation.json()).toMatchObject({ code: 'LOCATION_IN_USE', params: { count: 2 } })

    ok(await server.admin.get(`/api/warehouses/${warehouse.id}`))
    expect(ok(await server.admin.get(`/api/warehouses/${warehouse.id}/locations`))).toHaveLength(2)
    expect((await ok(await server.admin.get(`/api/products/${product.id}`))).stock).toBe(5)
    expect(await count('stock_mutations', product.id)).toBe(2)

    // once the ledger no longer refers to them they can go, and the zero levels go with them
    expect((await server.admin.delete(`/api/warehouses/${warehouse.id}/locations/${spare.id}`)).statusCode).toBe(204)
    for (const m of ok(await server.admin.get(`/api/products/${product.id}/stock_mutations`))) {
      expect((await server.admin.delete(`/api/products/${product.id}/stock_mutations/${m.id}`)).statusCode).toBe(204)
    }
    expect(first.id).toBeGreaterThan(0)
    expect((await server.admin.delete(`/api/warehouses/${warehouse.id}`)).statusCode).toBe(204)
    expect(await count('stock_levels', product.id)).toBe(0)
    expect(await count('warehouse_stock', product.id)).toBe(0)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('deleting a product removes its ledger and levels, and frees the warehouse', async () => {
    const warehouse = await make.warehouse('Freed')
    const location = await make.location(warehouse.id, 'Freed-1')
    const product = await make.product({ sku: 'GONE' })
    const other = await make.product({ sku: 'STAYS' })
    const sellerEntry = await server.admin.post(`/api/products/${product.id}/sellers`, {})
    expect(sellerEntry.statusCode).toBe(201)
    await make.book(product.id, { amount: 4, warehouse_id: warehouse.id, location_id: location.id })
    await make.book(other.id, { amount: 1, warehouse_id: warehouse.id, location_id: location.id })

    expect((await server.admin.delete(`/api/products/${product.id}`)).statusCode).toBe(204)
    expect(await count('stock_mutations', product.id)).toBe(0)
    expect(await count('stock_levels', product.id)).toBe(0)
    expect(await count('warehouse_stock', product.id)).toBe(0)
    const sellers = await server.database.db.selectFrom('product_sellers').select('id').where('product_id', '=', product.id).execute()
    expect(sellers).toEqual([])
    expect((await ok(await server.admin.get(`/api/products/${other.id}`))).stock).toBe(1)
    expect((await server.admin.delete(`/api/warehouses/${warehouse.id}`)).json()).toMatchObject({ params: { count: 1 } })
    expect((await server.admin.delete(`/api/products/${other.id}`)).statusCode).toBe(204)
    expect((await server.admin.delete(`/api/warehouses/${warehouse.id}`)).statusCode).toBe(204)
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})

describe('concurrent writes', () => {
  it('a booking racing the deletion of its location either books or is refused cleanly, never 500', async () => {
    const product = await make.product({ sku: 'RACE' })
    const warehouse = await make.warehouse('Racing')
    for (let round = 0; round < 6; round++) {
      const location = await make.location(warehouse.id, `R-${round}`)
      const [booking, removal] = await Promise.all([
        server.admin.post(`/api/products/${product.id}/stock_mutations`, {
          amount: 1,
          warehouse_id: warehouse.id,
          location_id: location.id,
        }),
        server.admin.delete(`/api/warehouses/${warehouse.id}/locations/${location.id}`),
      ])
      // exactly one of the two wins
      if (booking.statusCode === 201) expect(removal.statusCode, removal.body).toBe(409)
      else {
        expect(removal.statusCode).toBe(204)
        expect([409, 422], booking.body).toContain(booking.statusCode)
      }
    }
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('a booking racing the deletion of its product either books or answers 404, never 500', async () => {
    const warehouse = await make.warehouse('Vanishing')
    const location = await make.location(warehouse.id, 'V-1')
    for (let round = 0; round < 40; round++) {
      const product = await make.product({ sku: `VANISH-${round}` })
      const [booking, removal] = await Promise.all([
        server.admin.post(`/api/products/${product.id}/stock_mutations`, {
          amount: 1,
          warehouse_id: warehouse.id,
          location_id: location.id,
        }),
        server.admin.delete(`/api/products/${product.id}`),
      ])
      expect(removal.statusCode).toBe(204)
      expect([201, 404], booking.body).toContain(booking.statusCode)
      expect(await count('stock_mutations', product.id)).toBe(0)
    }
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})
