import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkLedger } from '../../src/server/domain/ledger'
import { startServer, type TestServer } from './helpers'
import { fixtures, ok, validationItems } from './product-fixtures'

let server: TestServer
let make: ReturnType<typeof fixtures>
let north: { id: number }
let south: { id: number }
let n1: { id: number }
let n2: { id: number }
let s1: { id: number }
let productId: number

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  // South sorts after North, but is created first so the id order differs from the name order
  south = await make.warehouse('South')
  north = await make.warehouse('North')
  s1 = await make.location(south.id, 'S-1')
  n2 = await make.location(north.id, 'Shelf B')
  n1 = await make.location(north.id, 'Shelf A')
})
beforeEach(async () => {
  productId = (await make.product({ sku: 'STOCK' })).id
})
afterAll(() => server.close())

const mutationsUrl = (id = productId) => `/api/products/${id}/stock_mutations`
const product = async (id = productId) => ok(await server.admin.get(`/api/products/${id}`))
const ledgerRows = async (table: 'stock_mutations' | 'stock_levels' | 'warehouse_stock', id: number) =>
  server.database.db.selectFrom(table).selectAll().where('product_id', '=', id).execute()

describe('booking stock mutations', () => {
  it('books a mutation for the signed-in user and answers it with 201 in the contract shape', async () => {
    const res = await server.admin.post(mutationsUrl(), {
      amount: 7,
      note: '  first delivery ',
      warehouse_id: north.id,
      location_id: n1.id,
      product_id: productId,
    })
    expect(res.statusCode, res.body).toBe(201)
    const mutation = res.json()
    expect(mutation).toEqual({
      id: expect.any(Number),
      amount: 7,
      note: 'first delivery',
      product_id: productId,
      warehouse_id: north.id,
      location_id: n1.id,
      warehouse: { warehouse_name: 'North' },
      location: { location_name: 'Shelf A' },
      user: { username: 'admin' },
      transfer_id: null,
      transfer: null,
      source: { kind: 'manual', id: null, line_id: null, document: null },
      reason: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: mutation.created_at,
    })
    const clerk = await server.createUser({ username: 'clerk' })
    const byClerk = await server.client(clerk.token).post(mutationsUrl(), { amount: -2, warehouse_id: north.id, location_id: n1.id })
    expect(byClerk.statusCode).toBe(201)
    expect(byClerk.json()).toMatchObject({ amount: -2, note: null, user: { username: 'clerk' } })
    expect((await product()).stock).toBe(5)
  })

  it('keeps stock per location, per warehouse and in total; the product lists non-zero amounts by warehouse and location name', async () => {
    await make.book(productId, { amount: 10, warehouse_id: north.id, location_id: n1.id })
    await make.book(productId, { amount: 4, warehouse_id: north.id, location_id: n2.id })
    await make.book(productId, { amount: -3, warehouse_id: north.id, location_id: n1.id })
    await make.book(productId, { amount: 6, warehouse_id: south.id, location_id: s1.id })
    const detail = await product()
    expect(detail.stock).toBe(17)
    expect(detail.stock_warehouse_items).toEqual([
      { warehouse_id: north.id, warehouse: { id: north.id, warehouse_name: 'North' }, amount: 11, incoming: 0 },
      { warehouse_id: south.id, warehouse: { id: south.id, warehouse_name: 'South' }, amount: 6, incoming: 0 },
    ])
    expect(detail.stock_items).toEqual([
      { warehouse_id: north.id, location_id: n1.id, location: { id: n1.id, location_name: 'Shelf A' }, amount: 7 },
      { warehouse_id: north.id, location_id: n2.id, location: { id: n2.id, location_name: 'Shelf B' }, amount: 4 },
      { warehouse_id: south.id, location_id: s1.id, location: { id: s1.id, location_name: 'S-1' }, amount: 6 },
    ])
    // a location that is back to zero disappears from the lists, and so does a warehouse at zero
    await make.book(productId, { amount: -6, warehouse_id: south.id, location_id: s1.id })
    const after = await product()
    expect(after.stock).toBe(11)
    expect(after.stock_warehouse_items.map((w: { warehouse_id: number }) => w.warehouse_id)).toEqual([north.id])
    expect(after.stock_items.map((l: { location_id: number }) => l.location_id)).toEqual([n1.id, n2.id])
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it("leaves the product's updated_at (its own last edit) as it was on a booking and a deletion", async () => {
    const aged = '2000-01-01T00:00:00.000Z'
    await server.database.db.updateTable('products').set({ updated_at: aged }).where('id', '=', productId).execute()
    const mutation = await make.book(productId, { amount: 1, warehouse_id: north.id, location_id: n1.id })
    expect((await product()).updated_at).toBe(aged)
    expect((await server.admin.delete(`${mutationsUrl()}/${mutation.id}`)).statusCode).toBe(204)
    expect((await product()).updated_at).toBe(aged)
  })

  it('refuses bad amounts, notes and ids with a 422 naming the field, and books nothing', async () => {
    const place = { warehouse_id: north.id, location_id: n1.id }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...place, amount: 0 }, 'amount'],
      [{ ...place, amount: 1.5 }, 'amount'],
      [{ ...place, amount: '5' }, 'amount'],
      [{ ...place, amount: 1e10 }, 'amount'],
      [{ ...place, amount: -1e10 }, 'amount'],
      [{ ...place }, 'amount'],
      [{ amount: 1, location_id: n1.id }, 'warehouse_id'],
      [{ amount: 1, warehouse_id: north.id }, 'location_id'],
      [{ ...place, amount: 1, warehouse_id: 'north' }, 'warehouse_id'],
      [{ ...place, amount: 1, location_id: -1 }, 'location_id'],
      [{ ...place, amount: 1, note: 'n'.repeat(1001) }, 'note'],
      [{ ...place, amount: 1, note: 5 }, 'note'],
      [{ ...place, amount: 1, product_id: 0 }, 'product_id'],
    ]
    for (const [body, field] of cases) {
      const items = validationItems(await server.admin.post(mutationsUrl(), body))
      expect(
        items.map((i) => i.loc),
        JSON.stringify(body),
      ).toContainEqual(['body', field])
    }
    expect(await ledgerRows('stock_mutations', productId)).toEqual([])
    expect((await product()).stock).toBe(0)
  })

  it('names unknown warehouses and locations, a location of another warehouse, and a product id that differs from the path', async () => {
    const cases: [Record<string, unknown>, { loc: string[]; msg: string }][] = [
      [
        { amount: 1, warehouse_id: 99_999, location_id: n1.id },
        { loc: ['body', 'warehouse_id'], msg: 'Warehouse 99999 does not exist' },
      ],
      [
        { amount: 1, warehouse_id: north.id, location_id: 88_888 },
        { loc: ['body', 'location_id'], msg: 'Location 88888 does not exist' },
      ],
      [
        { amount: 1, warehouse_id: north.id, location_id: s1.id },
        { loc: ['body', 'location_id'], msg: `Location ${s1.id} does not belong to warehouse ${north.id}` },
      ],
      [
        { amount: 1, warehouse_id: north.id, location_id: n1.id, product_id: productId + 1000 },
        { loc: ['body', 'product_id'], msg: `Input should be ${productId}, the product of the path` },
      ],
    ]
    for (const [body, expected] of cases) {
      expect(validationItems(await server.admin.post(mutationsUrl(), body))[0]).toMatchObject(expected)
    }
    expect(validationItems(await server.admin.post(mutationsUrl(), { amount: 1, warehouse_id: 99_999, location_id: 88_888 }))).toEqual([
      {
        loc: ['body', 'warehouse_id'],
        msg: 'Warehouse 99999 does not exist',
        type: 'value_error',
        ctx: { rule: 'warehouse_missing', id: 99_999 },
      },
      {
        loc: ['body', 'location_id'],
        msg: 'Location 88888 does not exist',
        type: 'value_error',
        ctx: { rule: 'location_missing', id: 88_888 },
      },
    ])
    expect(await ledgerRows('stock_mutations', productId)).toEqual([])
    expect(await ledgerRows('stock_levels', productId)).toEqual([])
    expect(await ledgerRows('warehouse_stock', productId)).toEqual([])
  })

  it('refuses a booking that would take stock beyond the storable range on both databases, keeping the ledger whole', async () => {
    const place = { warehouse_id: north.id, location_id: n1.id }
    await make.book(productId, { ...place, amount: 1_000_000_000 })
    await make.book(productId, { ...place, amount: 1_000_000_000 })
    const items = validationItems(await server.admin.post(mutationsUrl(), { ...place, amount: 1_000_000_000 }))
    expect(items[0].loc).toEqual(['body', 'amount'])
    expect(items[0].msg).toContain('2147483647')
    expect((await product()).stock).toBe(2_000_000_000)
    expect(await ledgerRows('stock_mutations', productId)).toHaveLength(2)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('answers 404 for an unknown product and 401 without a session', async () => {
    const unknown = mutationsUrl(2_000_000_000)
    expect((await server.admin.post(unknown, { amount: 1, warehouse_id: north.id, location_id: n1.id })).statusCode).toBe(404)
    expect((await server.admin.get(unknown)).statusCode).toBe(404)
    expect((await server.admin.delete(`${unknown}/1`)).statusCode).toBe(404)
    expect((await server.anonymous.get(mutationsUrl())).statusCode).toBe(401)
    expect((await server.anonymous.post(mutationsUrl(), { amount: 1, warehouse_id: north.id, location_id: n1.id })).statusCode).toBe(401)
  })
})

describe('listing and deleting stock mutations', () => {
  it('lists newest first, 10 by default, pages with skip and limit, counts all in x-total-count', async () => {
    const booked: number[] = []
    for (let i = 1; i <= 12; i++) booked.push((await make.book(productId, { amount: i, warehouse_id: north.id, location_id: n1.id })).id)
    const newestFirst = [...booked].reverse()
    const first = await server.admin.get(mutationsUrl())
    expect(ok(first).map((m: { id: number }) => m.id)).toEqual(newestFirst.slice(0, 10))
    expect(first.headers['x-total-count']).toBe('12')
    expect(first.headers['access-control-expose-headers']).toContain('x-total-count')
    const second = await server.admin.get(`${mutationsUrl()}?skip=10&limit=5`)
    expect(ok(second).map((m: { id: number }) => m.id)).toEqual(newestFirst.slice(10))
    expect(second.headers['x-total-count']).toBe('12')
    expect(ok(second)[0]).toMatchObject({ amount: 2, user: { username: 'admin' }, warehouse: { warehouse_name: 'North' } })
    for (const query of ['limit=0', 'limit=x', 'skip=-1', 'limit=1001']) {
      expect(validationItems(await server.admin.get(`${mutationsUrl()}?${query}`))[0].loc[0]).toBe('query')
    }
    const other = await make.product({})
    const empty = await server.admin.get(mutationsUrl(other.id))
    expect(ok(empty)).toEqual([])
    expect(empty.headers['x-total-count']).toBe('0')
  })

  it('deletes a mutation with 204 and takes it out of the kept stock; a second delete is 404', async () => {
    const keep = await make.book(productId, { amount: 5, warehouse_id: north.id, location_id: n1.id })
    const drop = await make.book(productId, { amount: 3, warehouse_id: south.id, location_id: s1.id })
    expect((await server.admin.delete(`${mutationsUrl()}/${drop.id}`)).statusCode).toBe(204)
    const detail = await product()
    expect(detail.stock).toBe(5)
    expect(detail.stock_warehouse_items.map((w: { warehouse_id: number }) => w.warehouse_id)).toEqual([north.id])
    expect(ok(await server.admin.get(mutationsUrl())).map((m: { id: number }) => m.id)).toEqual([keep.id])
    const again = await server.admin.delete(`${mutationsUrl()}/${drop.id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json().detail).toBe('Stock mutation not found')
    expect((await product()).stock).toBe(5)
    expect(validationItems(await server.admin.delete(`${mutationsUrl()}/x`))[0].loc).toEqual(['path', 'mutation_id'])
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('answers 404 for a mutation on the path of another product, and removes nothing', async () => {
    const mutation = await make.book(productId, { amount: 9, warehouse_id: north.id, location_id: n2.id })
    const other = await make.product({})
    expect((await server.admin.delete(`${mutationsUrl(other.id)}/${mutation.id}`)).statusCode).toBe(404)
    expect((await product()).stock).toBe(9)
    expect(await ledgerRows('stock_mutations', productId)).toHaveLength(1)
  })

  it('names the user as null once the booking user is deleted', async () => {
    const temp = await server.createUser({ username: 'temporary' })
    const res = await server.client(temp.token).post(mutationsUrl(), { amount: 1, warehouse_id: north.id, location_id: n1.id })
    expect(res.json().user).toEqual({ username: 'temporary' })
    expect((await server.admin.delete(`/api/users/${temp.id}`)).statusCode).toBe(204)
    expect(ok(await server.admin.get(mutationsUrl()))[0]).toMatchObject({ id: res.json().id, user: null, amount: 1 })
  })
})

describe('the ledger check', () => {
  it('finds every kept figure that differs from the ledger, at each level', async () => {
    await make.book(productId, { amount: 4, warehouse_id: north.id, location_id: n1.id })
    expect(await checkLedger(server.database.db)).toEqual([])
    const db = server.database.db
    await db.updateTable('stock_levels').set({ on_hand: 5 }).where('product_id', '=', productId).execute()
    await db.updateTable('product_stock').set({ on_hand: 0 }).where('product_id', '=', productId).execute()
    await db.deleteFrom('warehouse_stock').where('product_id', '=', productId).execute()
    const found = await checkLedger(db)
    expect(found).toHaveLength(3)
    expect(found).toEqual(
      expect.arrayContaining([
        { level: 'location', product_id: productId, warehouse_id: north.id, location_id: n1.id, kept: 5, ledger: 4 },
        { level: 'warehouse', product_id: productId, warehouse_id: north.id, location_id: null, kept: 0, ledger: 4 },
        { level: 'product', product_id: productId, warehouse_id: null, location_id: null, kept: 0, ledger: 4 },
      ]),
    )
    // a kept level with no ledger behind it is found too
    await db.deleteFrom('stock_mutations').where('product_id', '=', productId).execute()
    await db.updateTable('stock_levels').set({ on_hand: 4 }).where('product_id', '=', productId).execute()
    await db.updateTable('product_stock').set({ on_hand: 0 }).where('product_id', '=', productId).execute()
    expect(await checkLedger(db)).toEqual([
      { level: 'location', product_id: productId, warehouse_id: north.id, location_id: n1.id, kept: 4, ledger: 0 },
    ])
    await db.updateTable('stock_levels').set({ on_hand: 0 }).where('product_id', '=', productId).execute()
    expect(await checkLedger(db)).toEqual([])
  })
})
