import { beforeEach, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../src/admin/providers/http'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { echoTranslate, fakeFetch, type Recorded } from './fake-api'

let requests: Recorded[]
let answer: (r: Recorded) => { status?: number; json?: unknown; headers?: Record<string, string> }
const make = () => {
  const fake = fakeFetch((r) => answer(r))
  requests = fake.requests
  return createDataProvider(createHttpClient({ getToken: () => 'tok', translate: echoTranslate, fetch: fake.fetch }))
}
const last = () => requests[requests.length - 1]

beforeEach(() => {
  answer = () => ({ json: [], headers: { 'x-total-count': '0' } })
})

describe('dataProvider', () => {
  it('maps page, perPage, sort and filters of a list to skip, limit, sort_by and query parameters', async () => {
    answer = () => ({ json: [{ id: 1, brand_name: 'A' }], headers: { 'x-total-count': '42' } })
    const result = await make().getList('brands', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'brand_name', order: 'DESC' },
      filter: { q: 'ac', empty: '', none: undefined },
    })
    expect(last().url).toBe('/api/brands/?skip=50&limit=25&sort_by=brand_name.desc&q=ac')
    expect(last().headers.authorization).toBe('Bearer tok')
    expect(result).toEqual({ data: [{ id: 1, brand_name: 'A' }], total: 42 })
  })

  it('reads the products {items, total} pair', async () => {
    answer = () => ({ json: { items: [{ id: 7 }], total: 1234 }, headers: { 'x-total-count': '1234' } })
    const result = await make().getList('products', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'article_number', order: 'ASC' },
      filter: { warehouse_id: 2, sku: 'X1', brand_id: 5 },
    })
    expect(last().url).toBe('/api/products/?skip=0&limit=10&sort_by=article_number.asc&warehouse_id=2&sku=X1&brand_id=5')
    expect(result).toEqual({ data: [{ id: 7 }], total: 1234 })
  })

  it('gets one, gets many in one request, creates, updates only changed fields with PATCH, deletes', async () => {
    const provider = make()
    answer = (r) => {
      const ids = new URL(r.url, 'http://test').searchParams.getAll('id')
      if (ids.length)
        return { json: ids.map((id) => ({ id: Number(id), brand_name: 'B' })), headers: { 'x-total-count': String(ids.length) } }
      return {
        json: { id: Number(r.url.split('/').pop()) || 9, brand_name: 'B' },
        status: r.method === 'POST' ? 201 : r.method === 'DELETE' ? 204 : 200,
      }
    }
    expect((await provider.getOne('brands', { id: 4 })).data).toMatchObject({ id: 4 })
    expect(last()).toMatchObject({ method: 'GET', url: '/api/brands/4' })

    const before = requests.length
    const many = await provider.getMany('brands', { ids: [1, 2] })
    expect(many.data.map((b) => b.id)).toEqual([1, 2])
    expect(requests.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/brands/?id=1&id=2'])

    await provider.create('brands', { data: { brand_name: 'New' } })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/brands/', body: '{"brand_name":"New"}' })

    await provider.update('products', {
      id: 5,
      data: { id: 5, sku: 'S2', description: 'same', brand: { id: 1, brand_name: 'A' } },
      previousData: { id: 5, sku: 'S1', description: 'same', brand: { id: 1, brand_name: 'A' } },
    })
    expect(last()).toMatchObject({ method: 'PATCH', url: '/api/products/5' })
    expect(JSON.parse(last().body!)).toEqual({ sku: 'S2' })

    const deleted = await provider.delete('brands', { id: 3, previousData: { id: 3, brand_name: 'Gone' } })
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/brands/3' })
    // ra-data-simple-rest's DELETE: no body, so not a JSON content type (the server takes it: tests/e2e/data-provider.test.ts)
    expect(last().headers['content-type']).toBe('text/plain')
    expect(deleted.data).toEqual({ id: 3, brand_name: 'Gone' })

    await provider.deleteMany('brands', { ids: [10, 11] })
    expect(requests.slice(-2).map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/brands/10', 'DELETE /api/brands/11'])
    await provider.updateMany('orgs', { ids: [1], data: { is_seller: true } })
    expect(last()).toMatchObject({ method: 'PATCH', url: '/api/orgs/1', body: '{"is_seller":true}' })
  })

  it('maps the sub-resources to their paths', async () => {
    const provider = make()
    answer = () => ({ json: [], headers: { 'x-total-count': '0' } })
    await provider.getManyReference('stock_mutations', {
      target: 'product_id',
      id: 5,
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    })
    expect(last().url).toBe('/api/products/5/stock_mutations/?skip=10&limit=10&sort_by=id.desc')
    await provider.getManyReference('locations', {
      target: 'warehouse_id',
      id: 2,
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'location_name', order: 'ASC' },
      filter: {},
    })
    expect(last().url).toBe('/api/warehouses/2/locations/?skip=0&limit=100&sort_by=location_name.asc')

    answer = (r) => ({ json: { id: 1 }, status: r.method === 'POST' ? 201 : r.method === 'DELETE' ? 204 : 200 })
    await provider.create('products/5/stock_mutations', { data: { amount: 10, warehouse_id: 1, location_id: 2, note: null } })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/products/5/stock_mutations/' })
    await provider.delete('products/5/stock_mutations', { id: 9 })
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/products/5/stock_mutations/9' })
    await provider.create('products/5/sellers', { data: {} })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/products/5/sellers/', body: '{}' })
    await provider.update('products/5/sellers', { id: 3, data: { selling_price: 9.95 }, previousData: { id: 3 } })
    expect(last()).toMatchObject({ method: 'PATCH', url: '/api/products/5/sellers/3' })
    await provider.delete('products/5/sellers', { id: 3 })
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/products/5/sellers/3' })
    await provider.create('warehouses/2/locations', { data: { location_name: 'A-1' } })
    expect(last()).toMatchObject({ method: 'POST', url: '/api/warehouses/2/locations/' })
    await provider.update('warehouses/2/locations', {
      id: 7,
      data: { location_name: 'A-2' },
      previousData: { id: 7, location_name: 'A-1' },
    })
    expect(last()).toMatchObject({ method: 'PATCH', url: '/api/warehouses/2/locations/7', body: '{"location_name":"A-2"}' })
    await provider.updateSupplier(5, { supplier_id: 3, purchase_currency: 'EUR' })
    expect(last()).toMatchObject({ method: 'PATCH', url: '/api/products/5/supplier', body: '{"supplier_id":3,"purchase_currency":"EUR"}' })
  })

  it('turns failures into errors that say why and mark form fields', async () => {
    const provider = make()
    answer = () => ({
      status: 409,
      json: { detail: 'Brand "A" is used by 3 products and cannot be deleted.', code: 'BRAND_IN_USE', params: { name: 'A', count: 3 } },
    })
    await expect(provider.delete('brands', { id: 1 })).rejects.toMatchObject({
      status: 409,
      message: 'stockroom.errors.codes.BRAND_IN_USE {"name":"A","count":3,"smart_count":3}',
    })
    answer = () => ({
      status: 422,
      json: { detail: [{ loc: ['body', 'brand_name'], msg: 'String should not be blank', type: 'string_pattern_mismatch' }] },
    })
    await expect(provider.create('brands', { data: { brand_name: ' ' } })).rejects.toMatchObject({
      status: 422,
      body: { errors: { brand_name: 'String should not be blank' } },
    })
  })
})
