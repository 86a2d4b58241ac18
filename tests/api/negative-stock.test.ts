// Negative stock is a warehouse's policy: a booking out past zero is refused (refuse), asked again (confirm, the
// default: refused unless allow_negative is sent) or booked (allow); the refusal names what is there and books nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger } from '../../src/server/domain/ledger'
import { startServer, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'

let server: TestServer
let productId: number
const places: Record<string, { warehouse_id: number; location_id: number }> = {}

beforeAll(async () => {
  server = await startServer()
  const make = fixtures(server.admin)
  productId = (await make.product({ sku: 'NEG-1' })).id
  for (const policy of ['refuse', 'confirm', 'allow'] as const) {
    const warehouse = await make.warehouse(`Below zero ${policy}`)
    if (policy !== 'confirm') ok(await server.admin.patch(`/api/warehouses/${warehouse.id}`, { negative_stock: policy }))
    places[policy] = { warehouse_id: warehouse.id, location_id: (await make.location(warehouse.id, 'A-1')).id }
    await make.book(productId, { amount: 13, ...places[policy] })
  }
})
afterAll(() => server.close())

const book = (policy: string, amount: number, extra: Record<string, unknown> = {}) =>
  server.admin.post(`/api/products/${productId}/stock_mutations`, { amount, ...places[policy], ...extra })
const levelAt = async (policy: string) =>
  ok(await server.admin.get(`/api/products/${productId}`)).stock_items.find(
    (item: { location_id: number }) => item.location_id === places[policy].location_id,
  ).amount as number

describe('booking out past zero', () => {
  it('is asked again where the warehouse confirms (the default): refused naming what is there, booked with allow_negative', async () => {
    expect(ok(await server.admin.get(`/api/warehouses/${places.confirm.warehouse_id}`)).negative_stock).toBe('confirm')
    const refused = await book('confirm', -500)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      params: { product: 'NEG-1', available: 13, amount: 500, warehouse: 'Below zero confirm', location: 'A-1', policy: 'confirm' },
    })
    expect(await levelAt('confirm')).toBe(13)
    // down to zero needs no yes; past it, the yes books it
    expect((await book('confirm', -13)).statusCode).toBe(201)
    expect((await book('confirm', 13)).statusCode).toBe(201)
    expect((await book('confirm', -500, { allow_negative: true })).statusCode).toBe(201)
    expect(await levelAt('confirm')).toBe(-487)
    // from below zero, further out is asked again; in is not
    expect((await book('confirm', -1)).statusCode).toBe(409)
    expect((await book('confirm', 1)).statusCode).toBe(201)
  })

  it('is refused where the warehouse refuses, whatever is sent', async () => {
    const refused = await book('refuse', -14, { allow_negative: true })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().params).toMatchObject({ available: 13, amount: 14, policy: 'refuse' })
    expect(await levelAt('refuse')).toBe(13)
  })

  it('is booked where the warehouse allows it', async () => {
    expect((await book('allow', -20)).statusCode).toBe(201)
    expect(await levelAt('allow')).toBe(-7)
  })

  it("is a policy only an administrator sets, and the ledger's levels stay equal to it", async () => {
    const manager = await server.createUser({
      roles: [
        { role: 'manager', warehouse_id: null },
        { role: 'office', warehouse_id: null },
      ],
    })
    const refused = await server.client(manager.token).patch(`/api/warehouses/${places.refuse.warehouse_id}`, { negative_stock: 'allow' })
    expect(refused.statusCode).toBe(403)
    const bad = await server.admin.patch(`/api/warehouses/${places.refuse.warehouse_id}`, { negative_stock: 'sometimes' })
    expect(bad.statusCode).toBe(422)
    expect(JSON.stringify(bad.json().detail)).toContain('negative_stock')
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})
