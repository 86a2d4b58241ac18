// The audit trail in words: each listed entry names what it concerns and the records its changes point at, also a
// record deleted since (from what the entry kept of it).
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db'
import { migrateThrough, migrateToLatest } from '../../src/server/db/migrate'
import { freshDatabaseUrl, startServer, type TestServer } from './helpers'
import { created, fixtures, ok } from './product-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

type AuditRow = { entity_type: string; action: string; entity_id: number; subject?: string | null }
const entries = async (query: string) =>
  ok(await server.admin.get(`/api/audit/?${query}`)) as { subject?: string | null; names?: Record<string, string>; action: string }[]

describe('the audit trail in words', () => {
  it('names a booking by its product and place, and the ids of its changes by their names', async () => {
    const make = fixtures(server.admin)
    const product = await make.product({ sku: 'NAME-1', article_number: 'Lamp 60W' })
    const warehouse = await make.warehouse('Rotterdam')
    const location = await make.location(warehouse.id, 'A-01')
    await make.book(product.id, { amount: 4, warehouse_id: warehouse.id, location_id: location.id })
    const [booking] = await entries(`entity_type=stock_mutation&limit=1`)
    expect(booking.subject).toBe('Lamp 60W · Rotterdam / A-01')
    expect(booking.names).toMatchObject({
      [`product_id:${product.id}`]: 'Lamp 60W',
      [`warehouse_id:${warehouse.id}`]: 'Rotterdam',
      [`location_id:${location.id}`]: 'Rotterdam / A-01',
    })
    const [created] = await entries(`entity_type=product&entity_id=${product.id}`)
    expect(created.subject).toBe('Lamp 60W')
    const [place] = await entries(`entity_type=location&entity_id=${location.id}`)
    expect(place.subject).toBe('Rotterdam / A-01')
  })

  it('names a record deleted since from what its entry kept', async () => {
    const brand = created(await server.admin.post('/api/brands/', { brand_name: 'Gone Brand' }))
    expect((await server.admin.delete(`/api/brands/${brand.id}`)).statusCode).toBe(204)
    const list = await entries(`entity_type=brand&entity_id=${brand.id}`)
    expect(list.map((entry) => [entry.action, entry.subject])).toEqual([
      ['delete', 'Gone Brand'],
      ['create', 'Gone Brand'],
    ])
  })
})

describe("a product's History", () => {
  it('lists its edits and its bookings (product_id), newest first, and nothing of another product', async () => {
    const make = fixtures(server.admin)
    const product = await make.product({ sku: 'HIST-1' })
    const other = await make.product({ sku: 'HIST-2' })
    const warehouse = await make.warehouse('History hall')
    const location = await make.location(warehouse.id, 'H-1')
    const booked = await make.book(product.id, { amount: 3, warehouse_id: warehouse.id, location_id: location.id })
    await make.book(other.id, { amount: 1, warehouse_id: warehouse.id, location_id: location.id })
    ok(await server.admin.patch(`/api/products/${product.id}`, { description: 'Now described' }))
    const history = ok(await server.admin.get(`/api/audit/?product_id=${product.id}`)) as AuditRow[]
    expect(history.map((entry) => [entry.entity_type, entry.action, entry.entity_id])).toEqual([
      ['product', 'update', product.id],
      ['stock_mutation', 'create', booked.id],
      ['product', 'create', product.id],
    ])
    expect(history[1].subject).toBe('HIST-1 · History hall / H-1')
  })

  it('has the bookings of entries written before the column existed (filled in by the migration)', async () => {
    const fresh = await freshDatabaseUrl()
    const database = openDatabase(fresh.url, { readWorkers: 0 })
    try {
      await migrateThrough(database, '096-booking-reasons')
      const stamp = '2026-01-02T03:04:05.000Z'
      const entries = [
        [1, 'product', 7, JSON.stringify({ sku: 'OLD-7' })],
        [2, 'stock_mutation', 40, JSON.stringify({ product_id: 7, amount: 2 })],
        [3, 'stock_mutation', 41, JSON.stringify({ product_id: 8, amount: 1 })],
        [4, 'brand', 3, JSON.stringify({ brand_name: 'x' })],
      ] as const
      for (const [id, type, entityId, changes] of entries)
        await sql`insert into audit_log (id, created_at, user_id, username, action, entity_type, entity_id, changes, request_id)
          values (${id}, ${stamp}, ${null}, ${null}, 'create', ${type}, ${entityId}, ${changes}, ${null})`.execute(database.db)
      await migrateToLatest(database)
      const rows = await database.db.selectFrom('audit_log').select(['id', 'product_id']).orderBy('id').execute()
      expect(rows).toEqual([
        { id: 1, product_id: 7 },
        { id: 2, product_id: 7 },
        { id: 3, product_id: 8 },
        { id: 4, product_id: null },
      ])
    } finally {
      await database.close()
      await fresh.drop()
    }
  })
})
