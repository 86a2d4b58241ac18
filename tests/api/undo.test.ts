// Undo: a booking, a deletion of a booking, a transfer and an import taken back by the compensating change (a real write, itself
// in the audit trail with undo_of), from the audit trail while nothing later rests on it; and the audit trail's
// filters by date range, with each change's fields before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../src/contract'
import { checkLedger } from '../../src/server/domain/ledger'
import { importRunnerOf } from '../../src/server/domain/imports/run'
import { ADMIN, startServer, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'
import { csv, upload } from './uploads'

let server: TestServer
let make: ReturnType<typeof fixtures>
let place: { warehouse_id: number; location_id: number }
let other: { warehouse_id: number; location_id: number }

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  const warehouse = await make.warehouse('Main')
  place = { warehouse_id: warehouse.id, location_id: (await make.location(warehouse.id, 'A')).id }
  other = { warehouse_id: warehouse.id, location_id: (await make.location(warehouse.id, 'B')).id }
})
afterAll(() => server.close())

const entryOf = async (entity: string, id: number, action: string): Promise<AuditEntry> =>
  ok(await server.admin.get(`/api/audit/?entity_type=${entity}&entity_id=${id}&action=${action}&limit=1`))[0]
const stockOf = async (id: number) => ok(await server.admin.get(`/api/products/${id}`)).stock as number
const check = async (entry: AuditEntry) => ok(await server.admin.get(`/api/audit/${entry.id}/undo`))

describe('undo from the audit trail', () => {
  it('takes a booking back by deleting it, audited with undo_of; then it is undone already', async () => {
    const product = await make.product({ sku: 'U-1' })
    const booked = await make.book(product.id, { amount: 8, ...place })
    const entry = await entryOf('stock_mutation', booked.id, 'create')
    expect(await check(entry)).toEqual({ possible: true })
    const res = await server.admin.post(`/api/audit/${entry.id}/undo`)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().id).toBe(entry.id)
    expect(await stockOf(product.id)).toBe(0)
    const compensation = await entryOf('stock_mutation', booked.id, 'delete')
    expect(compensation).toMatchObject({ username: 'admin', changes: { product_id: product.id, undo_of: entry.id, before: { amount: 8 } } })
    expect(await check(entry)).toMatchObject({ possible: false, code: 'UNDO_ALREADY' })
    const again = await server.admin.post(`/api/audit/${entry.id}/undo`)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('UNDO_ALREADY')
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('takes a product edit back: the fields it changed get their values from before; refused once changed again', async () => {
    const product = await make.product({ sku: 'U-EDIT', description: 'Kettle' })
    ok(await server.admin.patch(`/api/products/${product.id}`, { description: ' Blue kettle ', barcode: '4006381333931' }))
    const entry = await entryOf('product', product.id, 'update')
    expect(await check(entry)).toEqual({ possible: true })
    expect((await server.admin.post(`/api/audit/${entry.id}/undo`)).statusCode).toBe(201)
    expect(ok(await server.admin.get(`/api/products/${product.id}`))).toMatchObject({ description: 'Kettle', barcode: null, sku: 'U-EDIT' })
    const compensation = await entryOf('product', product.id, 'update')
    expect(compensation.changes).toMatchObject({ description: 'Kettle', barcode: null, undo_of: entry.id })

    // edited again after the edit to take back: the undo would overwrite it, so it is refused and changes nothing
    ok(await server.admin.patch(`/api/products/${product.id}`, { description: 'Red kettle' }))
    const second = await entryOf('product', product.id, 'update')
    ok(await server.admin.patch(`/api/products/${product.id}`, { description: 'Green kettle' }))
    expect(await check(second)).toMatchObject({ possible: false, code: 'UNDO_CHANGED_SINCE', params: { thing: 'product' } })
    expect((await server.admin.post(`/api/audit/${second.id}/undo`)).statusCode).toBe(409)
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).description).toBe('Green kettle')
    // a supplier change is the product's own columns too
    ok(await server.admin.patch(`/api/products/${product.id}/supplier`, { purchase_price: 4.25, purchase_currency: 'EUR' }))
    const supplier = await entryOf('product', product.id, 'update')
    expect((await server.admin.post(`/api/audit/${supplier.id}/undo`)).statusCode).toBe(201)
    // no supplier data left: the product shows none
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).supplier_info?.purchase_price ?? null).toBeNull()
  })

  it('refuses while a later booking at the same place rests on it, not for one elsewhere', async () => {
    const product = await make.product({ sku: 'U-2' })
    const first = await make.book(product.id, { amount: 5, ...place })
    await make.book(product.id, { amount: 2, ...other })
    const entry = await entryOf('stock_mutation', first.id, 'create')
    expect(await check(entry)).toEqual({ possible: true })
    await make.book(product.id, { amount: -3, ...place })
    expect(await check(entry)).toMatchObject({ possible: false, code: 'UNDO_CHANGED_SINCE' })
    const refused = await server.admin.post(`/api/audit/${entry.id}/undo`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'UNDO_CHANGED_SINCE', params: { what: 'The stock of this product at this location' } })
    expect(await stockOf(product.id)).toBe(4)
  })

  it('takes a deletion back by booking the mutation again as it was: the same id, time, note and user', async () => {
    const product = await make.product({ sku: 'U-3' })
    const booked = await make.book(product.id, { amount: 6, note: 'delivery', ...place })
    expect((await server.admin.delete(`/api/products/${product.id}/stock_mutations/${booked.id}`)).statusCode).toBe(204)
    const deletion = await entryOf('stock_mutation', booked.id, 'delete')
    expect((await server.admin.post(`/api/audit/${deletion.id}/undo`)).statusCode).toBe(201)
    const [restored] = ok(await server.admin.get(`/api/products/${product.id}/stock_mutations`))
    expect(restored).toMatchObject({
      id: booked.id,
      amount: 6,
      note: 'delivery',
      created_at: booked.created_at,
      user: { username: 'admin' },
    })
    expect(await stockOf(product.id)).toBe(6)
    expect(await entryOf('stock_mutation', booked.id, 'create')).toMatchObject({ changes: { undo_of: deletion.id, amount: 6 } })
    expect(await check(deletion)).toMatchObject({ possible: false, code: 'UNDO_ALREADY' })
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('right after a deletion, the stock tab restores the mutation; a second restore is refused', async () => {
    const product = await make.product({ sku: 'U-4' })
    const booked = await make.book(product.id, { amount: 2, ...place })
    await server.admin.delete(`/api/products/${product.id}/stock_mutations/${booked.id}`)
    const restored = await server.admin.post(`/api/products/${product.id}/stock_mutations/${booked.id}/restore`)
    expect(restored.statusCode, restored.body).toBe(201)
    expect(restored.json()).toMatchObject({
      id: booked.id,
      amount: 2,
      warehouse: { warehouse_name: 'Main' },
      location: { location_name: 'A' },
    })
    expect((await server.admin.post(`/api/products/${product.id}/stock_mutations/${booked.id}/restore`)).json().code).toBe('UNDO_ALREADY')
    expect((await server.admin.post(`/api/products/${product.id}/stock_mutations/99999/restore`)).statusCode).toBe(404)
  })

  it('takes a transfer back by its reversal; refuses once it was reversed, or when a later booking at either place rests on it', async () => {
    const product = await make.product({ sku: 'U-T1' })
    await make.book(product.id, { amount: 10, ...place })
    const transfer = (body: object) => server.admin.post('/api/stock_transfers/', body)
    const moved = await transfer({
      from_location_id: place.location_id,
      to_location_id: other.location_id,
      product_id: product.id,
      amount: 4,
    })
    expect(moved.statusCode, moved.body).toBe(201)
    const entry = await entryOf('stock_transfer', moved.json().id, 'create')
    expect(await check(entry)).toEqual({ possible: true })
    expect((await server.admin.post(`/api/audit/${entry.id}/undo`)).statusCode).toBe(201)
    const levels = ok(await server.admin.get(`/api/stock_levels/?location_id=${other.location_id}&product_id=${product.id}`))
    expect(levels.map((l: { amount: number }) => l.amount)).toEqual([])
    expect(ok(await server.admin.get(`/api/stock_transfers/${moved.json().id}`)).reversed_by_id).toEqual(expect.any(Number))
    const reversal = await entryOf(
      'stock_transfer',
      ok(await server.admin.get(`/api/stock_transfers/${moved.json().id}`)).reversed_by_id,
      'create',
    )
    expect(reversal.changes).toMatchObject({ undo_of: entry.id, reverses_id: moved.json().id })
    expect(await check(entry)).toMatchObject({ possible: false, code: 'UNDO_ALREADY' })

    const later = await transfer({
      from_location_id: place.location_id,
      to_location_id: other.location_id,
      product_id: product.id,
      amount: 3,
    })
    await make.book(product.id, { amount: -1, ...other })
    const laterEntry = await entryOf('stock_transfer', later.json().id, 'create')
    expect(await check(laterEntry)).toMatchObject({ possible: false, code: 'UNDO_CHANGED_SINCE', params: { thing: 'transfer_stock' } })
    expect((await server.admin.post(`/api/audit/${laterEntry.id}/undo`)).statusCode).toBe(409)
    expect(await stockOf(product.id)).toBe(9)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('refuses to restore half of a deleted transfer, which went with its other half, and changes nothing', async () => {
    const product = await make.product({ sku: 'U-T2' })
    await make.book(product.id, { amount: 5, ...place })
    const answer = await server.admin.post('/api/stock_transfers/', {
      from_location_id: place.location_id,
      to_location_id: other.location_id,
      product_id: product.id,
      amount: 2,
    })
    expect(answer.statusCode).toBe(201)
    const moved = answer.json()
    const [half] = ok(await server.admin.get(`/api/products/${product.id}/stock_mutations`)).filter(
      (m: { transfer_id: number | null }) => m.transfer_id === moved.id,
    )
    expect((await server.admin.delete(`/api/products/${product.id}/stock_mutations/${half.id}`)).statusCode).toBe(204)
    const restore = await server.admin.post(`/api/products/${product.id}/stock_mutations/${half.id}/restore`)
    expect(restore.statusCode).toBe(409)
    expect(restore.json().code).toBe('UNDO_TRANSFER_HALF')
    const deletion = await entryOf('stock_mutation', half.id, 'delete')
    expect(await check(deletion)).toMatchObject({ possible: false, code: 'UNDO_TRANSFER_HALF' })
    expect(ok(await server.admin.get(`/api/products/${product.id}/stock_mutations`))).toHaveLength(1)
    expect(await stockOf(product.id)).toBe(5)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('takes an import back by reverting it', async () => {
    const token = await server.login(ADMIN.email, ADMIN.password)
    const started = await upload(
      server,
      token,
      { kind: 'products' },
      { name: 'p.csv', content: csv([['SKU'], ['UNDO-IMP-1'], ['UNDO-IMP-2']]) },
      false,
    )
    await importRunnerOf(server.database).settled()
    const entry = await entryOf('import', started.json().id, 'create')
    expect(await check(entry)).toEqual({ possible: true })
    // the products the import created can only go back with it
    const created = await entryOf('product', ok(await server.admin.get('/api/products/?sku=UNDO-IMP-1')).items[0].id, 'create')
    expect(await check(created)).toMatchObject({ possible: false, code: 'UNDO_NOT_POSSIBLE' })
    expect((await server.admin.post(`/api/audit/${entry.id}/undo`)).statusCode).toBe(201)
    expect(ok(await server.admin.get('/api/products/?sku=UNDO-IMP')).total).toBe(0)
    expect(ok(await server.admin.get(`/api/imports/${started.json().id}`)).status).toBe('reverted')
    // one entry, whose parts are the two products taken back
    expect(await entryOf('import', started.json().id, 'delete')).toMatchObject({
      parts: 2,
      changes: { undo_of: entry.id, status: 'reverted' },
    })
  })

  it('offers nothing for kinds it cannot undo, and only to super-users', async () => {
    const brand = await make.brand('Undone brand')
    const entry = await entryOf('brand', brand.id, 'create')
    expect(await check(entry)).toMatchObject({ possible: false, code: 'UNDO_NOT_POSSIBLE' })
    expect((await server.admin.post(`/api/audit/${entry.id}/undo`)).statusCode).toBe(409)
    const clerk = server.client((await server.createUser()).token)
    expect((await clerk.get(`/api/audit/${entry.id}/undo`)).statusCode).toBe(403)
    expect((await clerk.post(`/api/audit/${entry.id}/undo`)).statusCode).toBe(403)
    expect((await server.admin.get('/api/audit/99999/undo')).statusCode).toBe(404)
  })
})

describe('the audit trail', () => {
  it('filters by a date range, newest first', async () => {
    const all: AuditEntry[] = ok(await server.admin.get('/api/audit/?limit=1000'))
    const middle = all[Math.floor(all.length / 2)]
    const since: AuditEntry[] = ok(await server.admin.get(`/api/audit/?limit=1000&since=${encodeURIComponent(middle.created_at)}`))
    expect(since.length).toBeGreaterThan(0)
    expect(since.every((e) => e.created_at >= middle.created_at)).toBe(true)
    expect(since.map((e) => e.id)).toEqual(all.filter((e) => e.created_at >= middle.created_at).map((e) => e.id))
    const until: AuditEntry[] = ok(await server.admin.get(`/api/audit/?limit=1000&until=${encodeURIComponent(middle.created_at)}`))
    expect(until.map((e) => e.id)).toEqual(all.filter((e) => e.created_at < middle.created_at).map((e) => e.id))
    expect(ok(await server.admin.get('/api/audit/?since=2999-01-01T00:00:00Z'))).toEqual([])
    const bad = await server.admin.get('/api/audit/?since=yesterday')
    expect(bad.statusCode).toBe(422)
    expect(bad.json().detail[0].loc).toEqual(['query', 'since'])
  })

  it("keeps each change's fields before and after", async () => {
    const brand = await make.brand('Before name')
    ok(await server.admin.patch(`/api/brands/${brand.id}`, { brand_name: 'After name' }))
    expect(await entryOf('brand', brand.id, 'update')).toMatchObject({
      changes: { brand_name: 'After name', before: { brand_name: 'Before name' } },
    })
    const product = await make.product({ sku: 'HIST-1', description: 'old' })
    ok(await server.admin.patch(`/api/products/${product.id}`, { description: 'new' }))
    expect(await entryOf('product', product.id, 'update')).toMatchObject({
      changes: { description: 'new', before: { description: 'old', sku: 'HIST-1' } },
    })
  })
})
