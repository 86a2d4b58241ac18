// Warehouses and their locations: unique names, locations only under their own warehouse,
// and no deletion of what the stock ledger refers to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type Client, type TestServer } from './helpers'

let server: TestServer
let staff: Client
beforeAll(async () => {
  server = await startServer()
  staff = server.client((await server.createUser()).token)
})
afterAll(() => server.close())

type Warehouse = { id: number; warehouse_name: string; created_at: string; updated_at: string }
type Location = { id: number; location_name: string; warehouse_id: number }
const createWarehouse = async (warehouse_name: string) => {
  const res = await staff.post('/api/warehouses/', { warehouse_name })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Warehouse>()
}
const createLocation = async (warehouseId: number, location_name: string) => {
  const res = await staff.post(`/api/warehouses/${warehouseId}/locations`, { location_name })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<Location>()
}
const stamp = () => new Date().toISOString()
/** a ledger row made directly in the database: the stock API is not this file's subject */
async function insertMutation(warehouse_id: number, location_id: number) {
  const db = server.database.db
  const product = await db
    .insertInto('products')
    .values({ sku: `wh-${Math.random()}`, created_at: stamp(), updated_at: stamp() } as never)
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('stock_mutations')
    .values({
      product_id: product.id,
      warehouse_id,
      location_id,
      amount: 5,
      note: null,
      user_id: null,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .execute()
  return product.id
}
const locationRows = (warehouseId: number) =>
  server.database.db.selectFrom('locations').selectAll().where('warehouse_id', '=', warehouseId).execute()

describe('warehouses', () => {
  it('creates (201), reads, renames by PATCH and PUT, lists with x-total-count and q, deletes (204)', async () => {
    const north = await createWarehouse('  North  ')
    expect(north).toMatchObject({ id: expect.any(Number), warehouse_name: 'North' })
    expect(north.created_at).toMatch(/Z$/)
    await createWarehouse('South')
    expect((await staff.get(`/api/warehouses/${north.id}`)).json()).toMatchObject({ id: north.id, warehouse_name: 'North' })
    expect((await staff.patch(`/api/warehouses/${north.id}`, { warehouse_name: 'Northern' })).json().warehouse_name).toBe('Northern')
    expect((await staff.put(`/api/warehouses/${north.id}`, { warehouse_name: 'North' })).json().warehouse_name).toBe('North')

    const list = await staff.get('/api/warehouses')
    expect(list.json().map((w: Warehouse) => w.warehouse_name)).toEqual(['North', 'South'])
    expect(list.headers['x-total-count']).toBe('2')
    const found = await staff.get('/api/warehouses/?q=OUT')
    expect(found.json().map((w: Warehouse) => w.warehouse_name)).toEqual(['South'])
    expect(found.headers['x-total-count']).toBe('1')

    const temp = await createWarehouse('Temporary')
    expect((await staff.delete(`/api/warehouses/${temp.id}`)).statusCode).toBe(204)
    expect((await staff.get(`/api/warehouses/${temp.id}`)).statusCode).toBe(404)
    expect((await staff.patch(`/api/warehouses/${temp.id}`, { warehouse_name: 'x' })).statusCode).toBe(404)
    expect((await staff.delete(`/api/warehouses/${temp.id}`)).statusCode).toBe(404)
  })

  it('keeps names unique whatever the case (409) and names bad input (422)', async () => {
    const dup = await staff.post('/api/warehouses/', { warehouse_name: 'NORTH' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE_NAME', detail: 'Warehouse "NORTH" already exists.' })
    const east = await createWarehouse('East')
    expect((await staff.patch(`/api/warehouses/${east.id}`, { warehouse_name: 'south' })).statusCode).toBe(409)
    for (const body of [{}, { warehouse_name: '' }, { warehouse_name: '  ' }, { warehouse_name: 12 }]) {
      const res = await staff.post('/api/warehouses/', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json().detail[0].loc).toEqual(['body', 'warehouse_name'])
    }
    expect((await staff.get('/api/warehouses/x')).statusCode).toBe(422)
  })

  it('keeps a delivery address of several lines (trimmed, empty is none), set without an administrator: it is no booking rule', async () => {
    const created = await staff.post('/api/warehouses/', { warehouse_name: 'Dock', address: '  Havenweg 1\n1234 AB Rotterdam\n' })
    expect(created.statusCode, created.body).toBe(201)
    const dock = created.json<Warehouse & { address: string | null }>()
    expect(dock.address).toBe('Havenweg 1\n1234 AB Rotterdam')
    expect((await staff.get(`/api/warehouses/${dock.id}`)).json().address).toBe('Havenweg 1\n1234 AB Rotterdam')
    expect((await createWarehouse('No Address')) as unknown).toMatchObject({ address: null })
    // renaming leaves the address; a change of it alone is not a booking rule, so the staff's role may make it
    expect((await staff.patch(`/api/warehouses/${dock.id}`, { warehouse_name: 'Dock 2' })).json().address).toBe(
      'Havenweg 1\n1234 AB Rotterdam',
    )
    const moved = await staff.put(`/api/warehouses/${dock.id}`, { address: 'Kade 7\r\n3011 XX Rotterdam' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ warehouse_name: 'Dock 2', address: 'Kade 7\r\n3011 XX Rotterdam' })
    expect((await staff.patch(`/api/warehouses/${dock.id}`, { address: '   ' })).json().address).toBeNull()
    expect((await staff.patch(`/api/warehouses/${dock.id}`, { address: 'x'.repeat(1000) })).json().address).toHaveLength(1000)
    expect((await staff.patch(`/api/warehouses/${dock.id}`, { address: null })).json().address).toBeNull()
    for (const body of [{ address: 'x'.repeat(1001) }, { address: 12 }, { address: ['Kade 7'] }]) {
      const res = await staff.patch(`/api/warehouses/${dock.id}`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json().detail[0].loc).toEqual(['body', 'address'])
    }
    const refused = await staff.post('/api/warehouses/', { warehouse_name: 'Too Long', address: 'x'.repeat(1001) })
    expect(refused.json().detail[0].loc).toEqual(['body', 'address'])
    expect((await staff.get(`/api/warehouses/${dock.id}`)).json().address).toBeNull()
    for (const { id } of [dock, ...(await staff.get('/api/warehouses/?q=no address')).json<Warehouse[]>()])
      expect((await staff.delete(`/api/warehouses/${id}`)).statusCode).toBe(204)
  })

  it('answers only the warehouses of repeated ids in one request (getMany), paged and counted', async () => {
    const [a, b] = [await createWarehouse('Many North'), await createWarehouse('Many South')]
    const both = await staff.get(`/api/warehouses/?id=${b.id}&id=${a.id}`)
    expect(both.json().map((w: Warehouse) => w.warehouse_name)).toEqual(['Many North', 'Many South'])
    expect(both.headers['x-total-count']).toBe('2')
    const first = await staff.get(`/api/warehouses/?id=${b.id}&id=${a.id}&limit=1`)
    expect(first.json().map((w: Warehouse) => w.warehouse_name)).toEqual(['Many North'])
    expect(first.headers['x-total-count']).toBe('2')
  })

  it('needs a session', async () => {
    expect((await server.anonymous.get('/api/warehouses/')).statusCode).toBe(401)
    expect((await server.anonymous.get('/api/warehouses/1/locations')).statusCode).toBe(401)
  })
})

describe('locations', () => {
  let main: Warehouse, spare: Warehouse
  beforeAll(async () => {
    main = await createWarehouse('Main Depot')
    spare = await createWarehouse('Spare Depot')
  })

  it('are created under their warehouse (201) and listed per warehouse with x-total-count and q', async () => {
    const a1 = await createLocation(main.id, ' A-01 ')
    expect(a1).toMatchObject({ id: expect.any(Number), location_name: 'A-01', warehouse_id: main.id })
    await createLocation(main.id, 'B-02')
    await createLocation(spare.id, 'Z-99')
    const list = await staff.get(`/api/warehouses/${main.id}/locations`)
    expect(list.statusCode).toBe(200)
    expect(list.json().map((l: Location) => l.location_name)).toEqual(['A-01', 'B-02'])
    expect(list.headers['x-total-count']).toBe('2')
    const found = await staff.get(`/api/warehouses/${main.id}/locations/?q=b-`)
    expect(found.json().map((l: Location) => l.location_name)).toEqual(['B-02'])
    const paged = await staff.get(`/api/warehouses/${main.id}/locations?skip=1&limit=1`)
    expect(paged.json().map((l: Location) => l.location_name)).toEqual(['B-02'])
    expect(paged.headers['x-total-count']).toBe('2')
  })

  it('are listed by repeated ids in one request (getMany), only those of the warehouse', async () => {
    const [c1, c2] = [await createLocation(main.id, 'M-01'), await createLocation(main.id, 'M-02')]
    const elsewhere = await createLocation(spare.id, 'M-03')
    const res = await staff.get(`/api/warehouses/${main.id}/locations?id=${c2.id}&id=${c1.id}&id=${elsewhere.id}`)
    expect(res.json().map((l: Location) => l.location_name)).toEqual(['M-01', 'M-02'])
    expect(res.headers['x-total-count']).toBe('2')
  })

  it('are read, renamed and deleted only under their own warehouse: 404 under another', async () => {
    const loc = await createLocation(main.id, 'C-03')
    expect((await staff.get(`/api/warehouses/${main.id}/locations/${loc.id}`)).json()).toMatchObject({ id: loc.id, location_name: 'C-03' })
    expect((await staff.get(`/api/warehouses/${spare.id}/locations/${loc.id}`)).statusCode).toBe(404)
    expect((await staff.patch(`/api/warehouses/${spare.id}/locations/${loc.id}`, { location_name: 'Moved' })).statusCode).toBe(404)
    expect((await staff.put(`/api/warehouses/${spare.id}/locations/${loc.id}`, { location_name: 'Moved' })).statusCode).toBe(404)
    expect((await staff.delete(`/api/warehouses/${spare.id}/locations/${loc.id}`)).statusCode).toBe(404)
    const untouched = await staff.get(`/api/warehouses/${main.id}/locations/${loc.id}`)
    expect(untouched.json()).toMatchObject({ location_name: 'C-03', warehouse_id: main.id })

    const patched = await staff.patch(`/api/warehouses/${main.id}/locations/${loc.id}`, { location_name: 'C-04' })
    expect(patched.json()).toMatchObject({ id: loc.id, location_name: 'C-04', warehouse_id: main.id })
    const put = await staff.put(`/api/warehouses/${main.id}/locations/${loc.id}`, { location_name: 'C-05' })
    expect(put.json().location_name).toBe('C-05')
    expect((await staff.delete(`/api/warehouses/${main.id}/locations/${loc.id}`)).statusCode).toBe(204)
    expect((await staff.get(`/api/warehouses/${main.id}/locations/${loc.id}`)).statusCode).toBe(404)
  })

  it('answer 404 under a warehouse that does not exist', async () => {
    expect((await staff.get('/api/warehouses/999999/locations')).statusCode).toBe(404)
    const post = await staff.post('/api/warehouses/999999/locations', { location_name: 'Nowhere' })
    expect(post.statusCode).toBe(404)
    expect(post.json()).toMatchObject({ detail: 'Warehouse not found' })
  })

  it('have unique names per warehouse, whatever the case (409); the same name in another warehouse is fine', async () => {
    const dup = await staff.post(`/api/warehouses/${main.id}/locations`, { location_name: 'a-01' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE_NAME', detail: 'Location "a-01" already exists.' })
    await createLocation(spare.id, 'A-01')
    const b2 = (await staff.get(`/api/warehouses/${main.id}/locations?q=B-02`)).json()[0] as Location
    const rename = await staff.patch(`/api/warehouses/${main.id}/locations/${b2.id}`, { location_name: 'A-01' })
    expect(rename.statusCode).toBe(409)
  })

  it('name bad input in a 422', async () => {
    for (const body of [{}, { location_name: ' ' }, { location_name: null }]) {
      const res = await staff.post(`/api/warehouses/${main.id}/locations`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json().detail[0].loc).toEqual(['body', 'location_name'])
    }
    const badParam = await staff.get(`/api/warehouses/${main.id}/locations/-3`)
    expect(badParam.statusCode).toBe(422)
    expect(badParam.json().detail[0].loc).toEqual(['path', 'location_id'])
  })
})

describe('deleting what the ledger refers to', () => {
  it('refuses a location with stock mutations (409, nothing removed), allows it once they are gone', async () => {
    const warehouse = await createWarehouse('Ledger Depot')
    const used = await createLocation(warehouse.id, 'Used')
    const productId = await insertMutation(warehouse.id, used.id)
    await insertMutation(warehouse.id, used.id)

    const res = await staff.delete(`/api/warehouses/${warehouse.id}/locations/${used.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      detail: 'Location "Used" has 2 stock mutations and cannot be deleted.',
      code: 'LOCATION_IN_USE',
      params: { name: 'Used', count: 2 },
    })
    expect((await staff.get(`/api/warehouses/${warehouse.id}/locations/${used.id}`)).statusCode).toBe(200)

    const whole = await staff.delete(`/api/warehouses/${warehouse.id}`)
    expect(whole.statusCode).toBe(409)
    expect(whole.json()).toEqual({
      detail: 'Warehouse "Ledger Depot" has 2 stock mutations and cannot be deleted.',
      code: 'WAREHOUSE_IN_USE',
      params: { name: 'Ledger Depot', count: 2 },
    })
    expect((await staff.get(`/api/warehouses/${warehouse.id}`)).statusCode).toBe(200)
    expect(await locationRows(warehouse.id)).toHaveLength(1)

    await server.database.db.deleteFrom('stock_mutations').where('location_id', '=', used.id).execute()
    expect((await staff.delete(`/api/warehouses/${warehouse.id}/locations/${used.id}`)).statusCode).toBe(204)
    expect(productId).toBeGreaterThan(0)
  })

  it('deletes an unused warehouse together with its locations and their (empty) stock levels', async () => {
    const warehouse = await createWarehouse('Short-lived')
    const a = await createLocation(warehouse.id, 'A')
    await createLocation(warehouse.id, 'B')
    // a product once stocked here, its mutations since deleted: the kept levels are zero
    const db = server.database.db
    const product = await db
      .insertInto('products')
      .values({ sku: 'once-here', created_at: stamp(), updated_at: stamp() } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('stock_levels')
      .values({ product_id: product.id, location_id: a.id, warehouse_id: warehouse.id, on_hand: 0 })
      .execute()
    await db.insertInto('warehouse_stock').values({ product_id: product.id, warehouse_id: warehouse.id, on_hand: 0 }).execute()

    expect((await staff.delete(`/api/warehouses/${warehouse.id}`)).statusCode).toBe(204)
    expect(await locationRows(warehouse.id)).toEqual([])
    expect(await db.selectFrom('stock_levels').selectAll().where('warehouse_id', '=', warehouse.id).execute()).toEqual([])
    expect((await staff.get(`/api/warehouses/${warehouse.id}/locations`)).statusCode).toBe(404)
  })

  it('refuses a warehouse whose mutations are booked on any of its locations', async () => {
    const warehouse = await createWarehouse('Partly Used')
    await createLocation(warehouse.id, 'Empty')
    const busy = await createLocation(warehouse.id, 'Busy')
    await insertMutation(warehouse.id, busy.id)
    expect((await staff.delete(`/api/warehouses/${warehouse.id}`)).json()).toMatchObject({ code: 'WAREHOUSE_IN_USE', params: { count: 1 } })
    expect(await locationRows(warehouse.id)).toHaveLength(2)
  })
})
