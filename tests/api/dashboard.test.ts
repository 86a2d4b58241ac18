// The dashboard: its figures agree with the records (products, stock value per currency, bookings today and per
// day), the last changes only for super-users, and the ledger check runs in the background with checkLedger's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerCheckSettled } from '../../src/server/domain/dashboard'
import { startServer, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
  const make = fixtures(server.admin)
  const supplier = await make.organization('Supplier', { is_supplier: true })
  const warehouse = await make.warehouse('Main')
  const place = { warehouse_id: warehouse.id, location_id: (await make.location(warehouse.id, 'A')).id }
  const priced = [
    [10, 2.5, 'EUR'],
    [4, 1.25, 'EUR'],
    [3, 10, 'USD'],
  ] as const
  for (const [amount, price, currency] of priced) {
    const product = await make.product({ sku: `D-${price}`, supplier_id: supplier.id })
    ok(await server.admin.patch(`/api/products/${product.id}/supplier`, { purchase_price: price, purchase_currency: currency }))
    await make.book(product.id, { amount, ...place })
  }
  await make.product({ sku: 'NO-PRICE' })
})
afterAll(() => server.close())

describe('the dashboard', () => {
  it('counts products, values stock at purchase price per currency, and counts bookings today and per day', async () => {
    const dayStart = new Date(Date.now() - 3600_000).toISOString()
    const dashboard = ok(await server.admin.get(`/api/dashboard/?day_start=${encodeURIComponent(dayStart)}`))
    expect(dashboard.products).toBe(4)
    expect(dashboard.stock_value).toEqual([
      { currency: 'EUR', value: 30, products: 2 },
      { currency: 'USD', value: 30, products: 1 },
    ])
    expect(dashboard.bookings_today).toBe(3)
    expect(dashboard.bookings_per_day).toHaveLength(30)
    expect(dashboard.bookings_per_day.at(-1)).toEqual({ day: dayStart, bookings: 3 })
    expect(dashboard.bookings_per_day.slice(0, -1).every((d: { bookings: number }) => d.bookings === 0)).toBe(true)
    expect(dashboard.last_changes).toHaveLength(10)
    expect(dashboard.last_changes[0].id).toBeGreaterThan(dashboard.last_changes[9].id)
    // a day that starts after the bookings has none of them
    const tomorrow = new Date(Date.now() + 86400_000).toISOString()
    expect(ok(await server.admin.get(`/api/dashboard/?day_start=${encodeURIComponent(tomorrow)}`)).bookings_today).toBe(0)
  })

  it('shows the last changes to super-users only', async () => {
    const clerk = server.client((await server.createUser()).token)
    expect(ok(await clerk.get('/api/dashboard/')).last_changes).toBeNull()
    expect((await server.anonymous.get('/api/dashboard/')).statusCode).toBe(401)
  })

  it('checks the ledger in the background and keeps the answer', async () => {
    const first = ok(await server.admin.get('/api/dashboard/ledger'))
    expect(first.state).toBe('checking')
    await ledgerCheckSettled(server.database)
    const checked = ok(await server.admin.get('/api/dashboard/ledger'))
    expect(checked).toMatchObject({ state: 'done', discrepancies: 0, mutations: 3, failure: null, checked_at: expect.any(String) })
    // a kept figure off by one is found by the next check, asked for again
    const noPrice = server.database.db.selectFrom('products').select('id').where('sku', '=', 'NO-PRICE')
    await server.database.db.updateTable('product_stock').set({ on_hand: 999 }).where('product_id', '=', noPrice).execute()
    const again = await server.admin.post('/api/dashboard/ledger')
    expect(again.statusCode).toBe(202)
    await ledgerCheckSettled(server.database)
    expect(ok(await server.admin.get('/api/dashboard/ledger'))).toMatchObject({ state: 'done', discrepancies: 1 })
    await server.database.db.updateTable('product_stock').set({ on_hand: 0 }).where('product_id', '=', noPrice).execute()
  })

  it('counts the products below their minimum in any warehouse, each once, and follows the bookings', async () => {
    const make = fixtures(server.admin)
    const north = await make.warehouse('North')
    const south = await make.warehouse('South')
    const northShelf = await make.location(north.id, 'N')
    const short = await make.product({ sku: 'SHORT' })
    const enough = await make.product({ sku: 'ENOUGH' })
    const level = async (productId: number, warehouseId: number, min_stock: number) =>
      ok(await server.admin.put(`/api/products/${productId}/reorder_levels/${warehouseId}`, { min_stock, max_stock: min_stock + 10 }))
    const belowMinimum = async () => ok(await server.admin.get('/api/dashboard/')).below_minimum
    expect(await belowMinimum()).toBe(0)
    // short of stock in two warehouses is one product; exactly at its minimum is not below it
    await level(short.id, north.id, 5)
    await level(short.id, south.id, 1)
    await make.book(enough.id, { amount: 2, warehouse_id: north.id, location_id: northShelf.id })
    await level(enough.id, north.id, 2)
    expect(await belowMinimum()).toBe(1)
    await make.book(enough.id, { amount: -1, warehouse_id: north.id, location_id: northShelf.id })
    expect(await belowMinimum()).toBe(2)
  })
})

// after the ledger check's test, which counts the bookings above
describe('the dashboard of a reader of some warehouses', () => {
  it("shows a reader who sees some warehouses only those warehouses' value, bookings and products below minimum", async () => {
    const make = fixtures(server.admin)
    const before = ok(await server.admin.get('/api/dashboard/'))
    const main = (await server.admin.get('/api/warehouses/?q=Main').then(ok))[0]
    const other = await make.warehouse('Other')
    const place = { warehouse_id: other.id, location_id: (await make.location(other.id, 'O')).id }
    const product = await make.product({ sku: 'D-OTHER' })
    const supplier = (await server.admin.get('/api/orgs/?q=Supplier').then(ok))[0]
    ok(
      await server.admin.patch(`/api/products/${product.id}/supplier`, {
        supplier_id: supplier.id,
        purchase_price: 3,
        purchase_currency: 'EUR',
      }),
    )
    await make.book(product.id, { amount: 7, ...place })
    ok(await server.admin.put(`/api/products/${product.id}/reorder_levels/${other.id}`, { min_stock: 10, max_stock: 20 }))
    const viewerOf = async (warehouse_id: number) =>
      server.client((await server.createUser({ roles: [{ role: 'viewer', warehouse_id }] })).token)

    const ofMain = ok(await (await viewerOf(main.id)).get('/api/dashboard/'))
    expect(ofMain).toMatchObject({ bookings_today: 3, below_minimum: 0, approvals: { mine: 0, to_decide: 0 } })
    expect(ofMain.stock_value).toEqual([
      { currency: 'EUR', value: 30, products: 2 },
      { currency: 'USD', value: 30, products: 1 },
    ])
    const ofOther = ok(await (await viewerOf(other.id)).get('/api/dashboard/'))
    expect(ofOther).toMatchObject({ bookings_today: 1, below_minimum: 1, stock_value: [{ currency: 'EUR', value: 21, products: 1 }] })
    const all = ok(await server.admin.get('/api/dashboard/'))
    // every warehouse's, for the administrator: Other's booking, product below minimum and value added to the rest
    expect(all).toMatchObject({ bookings_today: before.bookings_today + 1, below_minimum: before.below_minimum + 1 })
    expect(all.stock_value[0].value).toBe(before.stock_value[0].value + 21)
  })
})

describe('purchase orders on the dashboard', () => {
  it('counts the orders on their way and those past their expected date on the reader’s day, per warehouse seen', async () => {
    const make = fixtures(server.admin)
    const supplier = (await server.admin.get('/api/orgs/?q=Supplier').then(ok))[0]
    const dock = await make.warehouse('Dock')
    const product = await make.product({ sku: 'D-ORDERED' })
    // the reader's midnight: in Amsterdam, 23:00 UTC the evening before
    const dayStart = '2026-11-28T23:00:00.000Z'
    const order = async (expected_date: string | null, send = true) => {
      const made = await server.admin.post('/api/purchase_orders/', {
        supplier_id: supplier.id,
        warehouse_id: dock.id,
        expected_date,
        lines: [{ product_id: product.id, quantity: 2 }],
      })
      if (send) ok(await server.admin.post(`/api/purchase_orders/${made.json().id}/send`))
    }
    await order('2026-11-28')
    await order('2026-11-29')
    await order(null)
    await order('2026-11-01', false)
    const figures = ok(await server.admin.get(`/api/dashboard/?day_start=${encodeURIComponent(dayStart)}`)).purchase_orders
    // the draft is not on its way; only the 28th is past the reader's 29 November
    expect(figures).toEqual({ open: 3, late: 1 })
    const elsewhere = await make.warehouse('Not the dock')
    const viewer = server.client((await server.createUser({ roles: [{ role: 'viewer', warehouse_id: elsewhere.id }] })).token)
    expect(ok(await viewer.get('/api/dashboard/')).purchase_orders).toEqual({ open: 0, late: 0 })
  })
})
