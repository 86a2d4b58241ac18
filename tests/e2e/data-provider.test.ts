// The admin's data provider (ra-data-simple-rest plus our overrides) against the real server process: every request it
// sends is one the server takes, e.g. the library's DELETE with `Content-Type: text/plain` and no body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { createHttpClient } from '../../src/admin/providers/http'
import { ADMIN, startServer, type E2EServer } from './harness'

let server: E2EServer
/** every request the provider sent, as `METHOD /path content-type` */
const sent: string[] = []

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.stop())

async function signedInProvider() {
  const login = await fetch(`${server.url}/api/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  })
  const { access_token: token } = (await login.json()) as { access_token: string }
  const toServer = (url: string, init: RequestInit) => {
    sent.push(`${init.method ?? 'GET'} ${url} ${new Headers(init.headers).get('content-type') ?? '-'}`)
    return fetch(new URL(url, server.url), init)
  }
  // the timeout is the browser's concern; here a busy machine must not fail what is a test of request shapes
  return createDataProvider(createHttpClient({ getToken: () => token, translate: (key) => key, timeoutMs: 30_000, fetch: toServer }))
}

describe('the data provider against the server', () => {
  it('creates, reads, lists, patches and deletes brands', async () => {
    const provider = await signedInProvider()
    const { data: acme } = await provider.create('brands', { data: { brand_name: 'Acme' } })
    const { data: zeta } = await provider.create('brands', { data: { brand_name: 'Zeta' } })
    expect(acme).toMatchObject({ id: expect.any(Number), brand_name: 'Acme' })

    expect((await provider.getOne('brands', { id: acme.id })).data).toEqual(acme)
    const list = await provider.getList('brands', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'brand_name', order: 'DESC' },
      filter: { q: '' },
    })
    expect(list).toEqual({ data: [zeta], total: 2 })

    const { data: renamed } = await provider.update('brands', {
      id: acme.id,
      data: { ...acme, brand_name: 'Acme Ltd' },
      previousData: acme,
    })
    expect(renamed).toMatchObject({ id: acme.id, brand_name: 'Acme Ltd' })

    const deleted = await provider.delete('brands', { id: acme.id, previousData: renamed })
    expect(deleted.data).toEqual(renamed)
    expect(sent).toContain(`DELETE /api/brands/${acme.id} text/plain`)
    await expect(provider.getOne('brands', { id: acme.id })).rejects.toMatchObject({ status: 404 })

    expect((await provider.deleteMany('brands', { ids: [zeta.id] })).data).toEqual([zeta.id])
    expect(
      (await provider.getList('brands', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).total,
    ).toBe(0)
  })

  it("handles the sub-resources: a warehouse's locations, a product's supplier and stock mutations", async () => {
    const provider = await signedInProvider()
    const { data: warehouse } = await provider.create('warehouses', { data: { warehouse_name: 'Main' } })
    const locations = `warehouses/${warehouse.id}/locations`
    const { data: shelf } = await provider.create(locations, { data: { location_name: 'A-1' } })
    await provider.update(locations, { id: shelf.id, data: { ...shelf, location_name: 'A-2' }, previousData: shelf })
    const listed = await provider.getManyReference('locations', {
      target: 'warehouse_id',
      id: warehouse.id,
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'location_name', order: 'ASC' },
      filter: {},
    })
    expect(listed).toMatchObject({ data: [{ id: shelf.id, location_name: 'A-2' }], total: 1 })

    const { data: supplier } = await provider.create('orgs', { data: { org_name: 'Supplies', is_supplier: true } })
    const { data: product } = await provider.create('products', { data: { article_number: 'P-1' } })
    const { data: supplied } = await provider.updateSupplier(product.id, { supplier_id: supplier.id })
    expect(supplied).toMatchObject({ id: product.id, supplier_info: { supplier_id: supplier.id } })

    const mutations = `products/${product.id}/stock_mutations`
    const { data: booked } = await provider.create(mutations, {
      data: { amount: 5, warehouse_id: warehouse.id, location_id: shelf.id, note: null },
    })
    expect((await provider.getOne('products', { id: product.id })).data).toMatchObject({ stock: 5 })
    await provider.delete(mutations, { id: booked.id })
    await provider.delete(locations, { id: shelf.id })
    expect((await provider.getOne('products', { id: product.id })).data).toMatchObject({ stock: 0 })
    expect(sent.filter((line) => line.startsWith('DELETE'))).toContain(`DELETE /api/${locations}/${shelf.id} text/plain`)
  })
})
