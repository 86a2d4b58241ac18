// What a scanner needs of the API: a product found by its exact barcode, and every location with a scannable code
// that finds it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locationCode, locationIdOfCode } from '../../src/contract'
import { startServer, type TestServer } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('GET /api/products/?barcode=', () => {
  it('finds the products with exactly that barcode, with or without other filters', async () => {
    const made = []
    for (const [article_number, barcode] of [
      ['SCAN-1', '4006381333931'],
      ['SCAN-2', '40063813339310'],
      ['SCAN-3', '0400638133393'],
      ['SCAN-4', '4006381333931'],
      ['SCAN-5', null],
    ] as const)
      made.push((await server.admin.post('/api/products/', { article_number, barcode })).json())
    const found = await server.admin.get('/api/products/?barcode=4006381333931')
    expect(found.statusCode).toBe(200)
    expect(found.json().items.map((p: { article_number: string }) => p.article_number)).toEqual(['SCAN-1', 'SCAN-4'])
    expect(found.json().total).toBe(2)
    expect(found.headers['x-total-count']).toBe('2')
    // not a substring search: a part of a barcode finds nothing
    expect((await server.admin.get('/api/products/?barcode=400638133393')).json()).toEqual({ items: [], total: 0 })
    const narrowed = await server.admin.get('/api/products/?barcode=4006381333931&article_number=SCAN-4&sort_by=article_number.desc')
    expect(narrowed.json().items.map((p: { id: number }) => p.id)).toEqual([made[3].id])
    // an empty barcode filters nothing, as the other filters
    expect((await server.admin.get('/api/products/?barcode=')).json().total).toBe(5)

    // a changed barcode is found at once: no remembered count stands in the way
    await server.admin.patch(`/api/products/${made[0].id}`, { barcode: '5012345678900' })
    expect((await server.admin.get('/api/products/?barcode=4006381333931')).json().total).toBe(1)
    expect((await server.admin.get('/api/products/?barcode=5012345678900')).json().items[0].id).toBe(made[0].id)
  })

  it('refuses a barcode longer than any stored one with a 422 naming it', async () => {
    const res = await server.admin.get(`/api/products/?barcode=${'1'.repeat(101)}`)
    expect(res.statusCode).toBe(422)
    expect(res.json().detail[0].loc).toEqual(['query', 'barcode'])
  })
})

describe('location codes', () => {
  it('answers a unique, stable code for each location, and finds the location by it', async () => {
    const warehouse = (await server.admin.post('/api/warehouses/', { warehouse_name: 'Scan hall' })).json()
    const created = (await server.admin.post(`/api/warehouses/${warehouse.id}/locations`, { location_name: 'R-01' })).json()
    expect(created.code).toBe(locationCode(created.id))
    expect(created.code).toMatch(/^L\d{6}$/)
    await server.admin.post(`/api/warehouses/${warehouse.id}/locations`, { location_name: 'R-02' })
    const listed = (await server.admin.get(`/api/warehouses/${warehouse.id}/locations`)).json()
    expect(new Set(listed.map((l: { code: string }) => l.code)).size).toBe(2)

    // a rename keeps the code
    const renamed = (await server.admin.patch(`/api/warehouses/${warehouse.id}/locations/${created.id}`, { location_name: 'R-01b' })).json()
    expect(renamed.code).toBe(created.code)

    const lookup = await server.admin.get(`/api/locations/?code=${created.code}`)
    expect(lookup.statusCode).toBe(200)
    expect(lookup.json()).toMatchObject([{ id: created.id, warehouse_id: warehouse.id, location_name: 'R-01b', code: created.code }])
    // scanners may send lower case; anything else finds nothing
    expect((await server.admin.get(`/api/locations/?code=${created.code.toLowerCase()}`)).json()).toHaveLength(1)
    for (const code of ['L999999', '4006381333931', 'L12', 'x'])
      expect((await server.admin.get(`/api/locations/?code=${code}`)).json(), code).toEqual([])
    expect((await server.admin.get('/api/locations/')).statusCode).toBe(422)
    expect((await server.anonymous.get(`/api/locations/?code=${created.code}`)).statusCode).toBe(401)
  })

  it('reads only codes of its own form', () => {
    expect(locationIdOfCode('L000042')).toBe(42)
    expect(locationIdOfCode(' l0000042 ')).toBe(42)
    expect(locationIdOfCode('L42')).toBeUndefined()
    expect(locationIdOfCode('L99999999999')).toBeUndefined()
    expect(locationIdOfCode('L000000')).toBeUndefined()
  })
})
