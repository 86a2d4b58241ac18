// The audit trail in words: each listed entry names what it concerns and the records its changes point at, also a
// record deleted since (from what the entry kept of it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './helpers'
import { created, fixtures, ok } from './product-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

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
