import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './helpers'
import { created, fixtures, ok, validationItems } from './product-fixtures'

let server: TestServer
let make: ReturnType<typeof fixtures>
beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
})
afterAll(() => server.close())

/** Sets updated_at far in the past, so a later write visibly bumps it without waiting for the clock. */
async function ageProduct(id: number) {
  await server.database.db.updateTable('products').set({ updated_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute()
}
async function updatedAt(id: number) {
  return ok(await server.admin.get(`/api/products/${id}`)).updated_at as string
}

describe('products: create, read, change, delete', () => {
  it('creates a product with brand and supplier and answers the full record with 201', async () => {
    const brand = await make.brand('Create Brand')
    const supplier = await make.organization('Create Supplier', { is_supplier: true })
    const res = await server.admin.post('/api/products/', {
      sku: '  SKU-1  ',
      sku_amazon: 'B000TEST',
      article_number: 'ART-1',
      description: 'A fine product',
      barcode: '4006381333931',
      image_url: 'https://example.com/a.png',
      brand_id: brand.id,
      supplier_id: supplier.id,
    })
    const product = created(res)
    expect(product).toEqual({
      id: expect.any(Number),
      sku: 'SKU-1',
      sku_amazon: 'B000TEST',
      article_number: 'ART-1',
      description: 'A fine product',
      barcode: '4006381333931',
      image_url: 'https://example.com/a.png',
      brand_id: brand.id,
      brand: { id: brand.id, brand_name: 'Create Brand' },
      stock: 0,
      below_min: false,
      incoming: 0,
      stock_warehouse_items: [],
      stock_items: [],
      supplier_info: {
        supplier_id: supplier.id,
        supplier: { id: supplier.id, org_name: 'Create Supplier' },
        minimum_order_quantity: null,
        pack_size: 1,
        supplier_sku: null,
        purchase_price: null,
        purchase_currency: null,
      },
      sellers_info: [],
      reorder_levels: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: product.created_at,
    })
    expect(ok(await server.admin.get(`/api/products/${product.id}`))).toEqual(product)
  })

  it('creates an empty product from {}; blank text is stored as no value; no supplier data means supplier_info null', async () => {
    const empty = await make.product({})
    expect(empty).toMatchObject({ sku: null, brand_id: null, brand: null, supplier_info: null, stock: 0 })
    const blank = await make.product({ sku: '   ', image_url: '', description: '' })
    expect(blank).toMatchObject({ sku: null, image_url: null, description: null })
  })

  it('changes only the fields given, by PATCH and by PUT, and bumps updated_at', async () => {
    const brand = await make.brand('Patch Brand')
    const product = await make.product({ sku: 'P-1', description: 'before', article_number: 'A-1' })
    await ageProduct(product.id)
    const patched = ok(await server.admin.patch(`/api/products/${product.id}`, { description: 'after', brand_id: brand.id }))
    expect(patched).toMatchObject({
      sku: 'P-1',
      article_number: 'A-1',
      description: 'after',
      brand: { id: brand.id, brand_name: 'Patch Brand' },
    })
    expect(patched.updated_at > '2000-01-01T00:00:00.000Z').toBe(true)
    expect(patched.created_at).toBe(product.created_at)
    const put = ok(await server.admin.put(`/api/products/${product.id}`, { sku: 'P-2', brand_id: null }))
    expect(put).toMatchObject({ sku: 'P-2', description: 'after', brand_id: null, brand: null })
  })

  it('deletes with 204; then the product is 404', async () => {
    const product = await make.product({ sku: 'DEL' })
    expect((await server.admin.delete(`/api/products/${product.id}`)).statusCode).toBe(204)
    expect((await server.admin.get(`/api/products/${product.id}`)).statusCode).toBe(404)
    expect((await server.admin.delete(`/api/products/${product.id}`)).statusCode).toBe(404)
  })

  it('answers 404 for unknown ids on every product route', async () => {
    const unknown = 2_000_000_000
    for (const res of [
      await server.admin.get(`/api/products/${unknown}`),
      await server.admin.patch(`/api/products/${unknown}`, { sku: 'x' }),
      await server.admin.put(`/api/products/${unknown}`, { sku: 'x' }),
      await server.admin.delete(`/api/products/${unknown}`),
      await server.admin.put(`/api/products/${unknown}/supplier`, { minimum_order_quantity: 1 }),
      await server.admin.post(`/api/products/${unknown}/sellers`, {}),
      await server.admin.patch(`/api/products/${unknown}/sellers/1`, {}),
      await server.admin.delete(`/api/products/${unknown}/sellers/1`),
    ]) {
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json().detail).toMatch(/not found/)
    }
  })

  it('needs a session', async () => {
    expect((await server.anonymous.get('/api/products/')).statusCode).toBe(401)
    expect((await server.anonymous.post('/api/products/', {})).statusCode).toBe(401)
    const user = await server.createUser()
    expect((await server.client(user.token).get('/api/products/')).statusCode).toBe(200)
  })
})

describe('products: bad input gets a 422 naming the field and changes nothing', () => {
  it('refuses wrong types, out-of-range ids, non-http image URLs and over-long text', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sku: 5 }, 'sku'],
      [{ description: ['a'] }, 'description'],
      [{ brand_id: 'one' }, 'brand_id'],
      [{ brand_id: -1 }, 'brand_id'],
      [{ brand_id: 0 }, 'brand_id'],
      [{ brand_id: 1.5 }, 'brand_id'],
      [{ supplier_id: 99_999_999_999 }, 'supplier_id'],
      [{ image_url: 'javascript:alert(1)' }, 'image_url'],
      [{ image_url: 'ftp://example.com/a.png' }, 'image_url'],
      [{ image_url: 'https://exa mple.com' }, 'image_url'],
      [{ sku: 'x'.repeat(101) }, 'sku'],
      [{ description: 'x'.repeat(2001) }, 'description'],
    ]
    const before = ok(await server.admin.get('/api/products/')).total
    for (const [body, field] of cases) {
      const items = validationItems(await server.admin.post('/api/products/', body))
      expect(
        items.map((i) => i.loc),
        JSON.stringify(body),
      ).toContainEqual(['body', field])
    }
    const product = await make.product({ sku: 'BAD-INPUT' })
    for (const [body, field] of cases.filter(([, f]) => f !== 'supplier_id')) {
      const items = validationItems(await server.admin.patch(`/api/products/${product.id}`, body))
      expect(
        items.map((i) => i.loc),
        JSON.stringify(body),
      ).toContainEqual(['body', field])
    }
    expect(ok(await server.admin.get('/api/products/')).total).toBe(before + 1)
    expect(ok(await server.admin.get(`/api/products/${product.id}`))).toEqual(product)
  })

  it('names unknown brand and supplier ids with a readable message', async () => {
    const res = await server.admin.post('/api/products/', { sku: 'UNKNOWN-REF', brand_id: 99_999, supplier_id: 88_888 })
    expect(validationItems(res)).toEqual([
      { loc: ['body', 'brand_id'], msg: 'Brand 99999 does not exist', type: 'value_error', ctx: { rule: 'brand_missing', id: 99_999 } },
      {
        loc: ['body', 'supplier_id'],
        msg: 'Organization 88888 does not exist',
        type: 'value_error',
        ctx: { rule: 'organization_missing', id: 88_888 },
      },
    ])
    expect(ok(await server.admin.get('/api/products/?sku=UNKNOWN-REF')).total).toBe(0)
    const product = await make.product({ sku: 'REF-PATCH' })
    expect(validationItems(await server.admin.put(`/api/products/${product.id}`, { brand_id: 99_999, sku: 'changed' }))).toEqual([
      { loc: ['body', 'brand_id'], msg: 'Brand 99999 does not exist', type: 'value_error', ctx: { rule: 'brand_missing', id: 99_999 } },
    ])
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).sku).toBe('REF-PATCH')
  })

  it('refuses bad path ids and broken JSON', async () => {
    for (const url of ['/api/products/abc', '/api/products/-3', '/api/products/0', '/api/products/99999999999']) {
      expect(validationItems(await server.admin.get(url))[0].loc).toEqual(['path', 'id'])
    }
    const broken = await server.admin.post('/api/products/', '{"sku":', { 'content-type': 'application/json' })
    expect(broken.statusCode).toBe(422)
  })
})

describe('products: supplier info', () => {
  it('sets, changes in part and clears the supplier info; answers the full product and rounds prices to cents', async () => {
    const supplier = await make.organization('Supplier One', { is_supplier: true })
    const product = await make.product({ sku: 'SUP-1' })
    expect(product.supplier_info).toBeNull()
    await ageProduct(product.id)
    const put = ok(
      await server.admin.put(`/api/products/${product.id}/supplier`, {
        supplier_id: supplier.id,
        minimum_order_quantity: 12,
        purchase_price: 1.005,
        purchase_currency: 'GBP',
      }),
    )
    expect(put.id).toBe(product.id)
    expect(put.sku).toBe('SUP-1')
    expect(put.supplier_info).toEqual({
      supplier_id: supplier.id,
      supplier: { id: supplier.id, org_name: 'Supplier One' },
      minimum_order_quantity: 12,
      pack_size: 1,
      supplier_sku: null,
      purchase_price: 1.01,
      purchase_currency: 'GBP',
    })
    expect(put.updated_at > '2000-01-01T00:00:00.000Z').toBe(true)

    const patched = ok(await server.admin.patch(`/api/products/${product.id}/supplier`, { purchase_price: 12.344 }))
    expect(patched.supplier_info).toMatchObject({
      supplier_id: supplier.id,
      minimum_order_quantity: 12,
      purchase_price: 12.34,
      purchase_currency: 'GBP',
    })

    const cleared = ok(
      await server.admin.put(`/api/products/${product.id}/supplier`, {
        supplier_id: null,
        minimum_order_quantity: null,
        purchase_price: null,
        purchase_currency: null,
      }),
    )
    expect(cleared.supplier_info).toBeNull()
  })

  it("keeps the supplier's pack size (1 unless set) and article number (trimmed, empty is none), and undoes a change of them", async () => {
    const product = await make.product({ sku: 'SUP-PACK' })
    const set = ok(await server.admin.patch(`/api/products/${product.id}/supplier`, { pack_size: 24, supplier_sku: '  AC-778/B  ' }))
    expect(set.supplier_info).toEqual({
      supplier_id: null,
      supplier: null,
      minimum_order_quantity: null,
      pack_size: 24,
      supplier_sku: 'AC-778/B',
      purchase_price: null,
      purchase_currency: null,
    })
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).supplier_info).toEqual(set.supplier_info)
    const biggest = ok(await server.admin.patch(`/api/products/${product.id}/supplier`, { pack_size: 1_000_000_000, supplier_sku: '' }))
    expect(biggest.supplier_info).toMatchObject({ pack_size: 1_000_000_000, supplier_sku: null })
    // back at a pack of 1 and nothing else, the product has no supplier data
    expect(ok(await server.admin.put(`/api/products/${product.id}/supplier`, { pack_size: 1 })).supplier_info).toBeNull()

    const changed = ok(await server.admin.patch(`/api/products/${product.id}/supplier`, { pack_size: 12, supplier_sku: 'AC-9' }))
    expect(changed.supplier_info).toMatchObject({ pack_size: 12, supplier_sku: 'AC-9' })
    const entries = ok(await server.admin.get(`/api/audit/?entity_type=product&entity_id=${product.id}&action=update&limit=1`))
    const undone = await server.admin.post(`/api/audit/${entries[0].id}/undo`)
    expect(undone.statusCode, undone.body).toBe(201)
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).supplier_info).toBeNull()
  })

  it('refuses a wrong currency, negative or fractional numbers and unknown suppliers, changing nothing', async () => {
    const product = await make.product({ sku: 'SUP-BAD' })
    const cases: [Record<string, unknown>, string][] = [
      [{ purchase_currency: 'JPY' }, 'purchase_currency'],
      [{ purchase_currency: 'eur' }, 'purchase_currency'],
      [{ purchase_price: -1 }, 'purchase_price'],
      [{ purchase_price: '12' }, 'purchase_price'],
      [{ purchase_price: 1e12 }, 'purchase_price'],
      [{ minimum_order_quantity: 1.5 }, 'minimum_order_quantity'],
      [{ minimum_order_quantity: -2 }, 'minimum_order_quantity'],
      [{ supplier_id: 'x' }, 'supplier_id'],
      [{ pack_size: 0 }, 'pack_size'],
      [{ pack_size: -6 }, 'pack_size'],
      [{ pack_size: 'six' }, 'pack_size'],
      [{ pack_size: 2.5 }, 'pack_size'],
      [{ pack_size: null }, 'pack_size'],
      [{ pack_size: 1_000_000_001 }, 'pack_size'],
      [{ supplier_sku: 'S'.repeat(101) }, 'supplier_sku'],
      [{ supplier_sku: 42 }, 'supplier_sku'],
    ]
    for (const [body, field] of cases) {
      const items = validationItems(await server.admin.put(`/api/products/${product.id}/supplier`, body))
      expect(
        items.map((i) => i.loc),
        JSON.stringify(body),
      ).toContainEqual(['body', field])
    }
    expect(
      validationItems(await server.admin.patch(`/api/products/${product.id}/supplier`, { supplier_id: 77_777, purchase_price: 3 })),
    ).toEqual([
      {
        loc: ['body', 'supplier_id'],
        msg: 'Organization 77777 does not exist',
        type: 'value_error',
        ctx: { rule: 'organization_missing', id: 77_777 },
      },
    ])
    expect(ok(await server.admin.get(`/api/products/${product.id}`))).toEqual(product)
  })
})

describe('products: seller entries', () => {
  it('adds an empty entry from {} or no body, fills it by PATCH and PUT, lists it on the product, deletes it', async () => {
    const seller = await make.organization('Seller One', { is_seller: true })
    const product = await make.product({ sku: 'SELL-1' })
    await ageProduct(product.id)
    const empty = created(await server.admin.post(`/api/products/${product.id}/sellers`, {}))
    expect(empty).toEqual({ id: expect.any(Number), seller_id: null, seller: null, selling_price: null, selling_currency: null })
    expect((await updatedAt(product.id)) > '2000-01-01T00:00:00.000Z').toBe(true)
    const bodiless = created(await server.admin.post(`/api/products/${product.id}/sellers`))
    expect(bodiless.seller_id).toBeNull()

    const patched = ok(
      await server.admin.patch(`/api/products/${product.id}/sellers/${empty.id}`, {
        seller_id: seller.id,
        selling_price: 19.999,
        selling_currency: 'EUR',
      }),
    )
    expect(patched).toEqual({
      id: empty.id,
      seller_id: seller.id,
      seller: { id: seller.id, org_name: 'Seller One' },
      selling_price: 20,
      selling_currency: 'EUR',
    })
    const put = ok(await server.admin.put(`/api/products/${product.id}/sellers/${empty.id}`, { selling_currency: 'USD' }))
    expect(put).toMatchObject({ seller_id: seller.id, selling_price: 20, selling_currency: 'USD' })

    const withFields = created(
      await server.admin.post(`/api/products/${product.id}/sellers`, { seller_id: seller.id, selling_price: 5.5, selling_currency: 'GBP' }),
    )
    expect(withFields).toMatchObject({ seller: { id: seller.id, org_name: 'Seller One' }, selling_price: 5.5 })

    const detail = ok(await server.admin.get(`/api/products/${product.id}`))
    expect(detail.sellers_info.map((s: { id: number }) => s.id)).toEqual([empty.id, bodiless.id, withFields.id])
    expect(detail.sellers_info[0]).toEqual(put)

    await ageProduct(product.id)
    expect((await server.admin.delete(`/api/products/${product.id}/sellers/${bodiless.id}`)).statusCode).toBe(204)
    expect((await updatedAt(product.id)) > '2000-01-01T00:00:00.000Z').toBe(true)
    expect((await server.admin.delete(`/api/products/${product.id}/sellers/${bodiless.id}`)).statusCode).toBe(404)
    const after = ok(await server.admin.get(`/api/products/${product.id}`))
    expect(after.sellers_info.map((s: { id: number }) => s.id)).toEqual([empty.id, withFields.id])
  })

  it('answers 404 for an entry of another product and changes nothing there', async () => {
    const one = await make.product({ sku: 'SELL-A' })
    const other = await make.product({ sku: 'SELL-B' })
    const entry = created(await server.admin.post(`/api/products/${one.id}/sellers`, { selling_price: 1 }))
    await ageProduct(other.id)
    expect((await server.admin.patch(`/api/products/${other.id}/sellers/${entry.id}`, { selling_price: 2 })).statusCode).toBe(404)
    expect((await server.admin.delete(`/api/products/${other.id}/sellers/${entry.id}`)).statusCode).toBe(404)
    expect(await updatedAt(other.id)).toBe('2000-01-01T00:00:00.000Z')
    expect(ok(await server.admin.get(`/api/products/${one.id}`)).sellers_info).toEqual([entry])
  })

  it('refuses a wrong currency, a negative price and an unknown seller', async () => {
    const product = await make.product({ sku: 'SELL-BAD' })
    const entry = created(await server.admin.post(`/api/products/${product.id}/sellers`, {}))
    for (const [body, field] of [
      [{ selling_currency: 'YEN' }, 'selling_currency'],
      [{ selling_price: -0.01 }, 'selling_price'],
      [{ selling_price: 'cheap' }, 'selling_price'],
      [{ seller_id: -4 }, 'seller_id'],
    ] as const) {
      const items = validationItems(await server.admin.patch(`/api/products/${product.id}/sellers/${entry.id}`, body))
      expect(items.map((i) => i.loc)).toContainEqual(['body', field])
      expect(validationItems(await server.admin.post(`/api/products/${product.id}/sellers`, body)).map((i) => i.loc)).toContainEqual([
        'body',
        field,
      ])
    }
    expect(validationItems(await server.admin.post(`/api/products/${product.id}/sellers`, { seller_id: 55_555 }))).toEqual([
      {
        loc: ['body', 'seller_id'],
        msg: 'Organization 55555 does not exist',
        type: 'value_error',
        ctx: { rule: 'organization_missing', id: 55_555 },
      },
    ])
    expect(
      validationItems(await server.admin.put(`/api/products/${product.id}/sellers/${entry.id}`, { seller_id: 55_555 }))[0].loc,
    ).toEqual(['body', 'seller_id'])
    expect(validationItems(await server.admin.delete(`/api/products/${product.id}/sellers/abc`))[0].loc).toEqual(['path', 'seller_info_id'])
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).sellers_info).toEqual([entry])
  })
})

describe('records products refer to cannot be deleted', () => {
  it('refuses to delete a brand in use with 409 and the count; nothing is removed', async () => {
    const brand = await make.brand('Busy Brand')
    await make.product({ brand_id: brand.id })
    await make.product({ brand_id: brand.id })
    const res = await server.admin.delete(`/api/brands/${brand.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'BRAND_IN_USE', params: { count: 2 } })
    expect(res.json().detail).toContain('2 products')
    expect(ok(await server.admin.get(`/api/brands/${brand.id}`)).brand_name).toBe('Busy Brand')
    expect(ok(await server.admin.get(`/api/products/?brand_id=${brand.id}`)).total).toBe(2)
  })

  it('refuses to delete an organization used as supplier or seller with 409 and the count', async () => {
    const org = await make.organization('Busy Org', { is_seller: true, is_supplier: true })
    await make.product({ supplier_id: org.id })
    const sold = await make.product({})
    created(await server.admin.post(`/api/products/${sold.id}/sellers`, { seller_id: org.id }))
    const res = await server.admin.delete(`/api/orgs/${org.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'ORGANIZATION_IN_USE', params: { count: 2 } })
    expect(ok(await server.admin.get(`/api/orgs/${org.id}`)).org_name).toBe('Busy Org')
    expect(ok(await server.admin.get(`/api/products/${sold.id}`)).sellers_info[0].seller).toEqual({ id: org.id, org_name: 'Busy Org' })
  })

  it('lets a brand go once no product uses it', async () => {
    const brand = await make.brand('Passing Brand')
    const product = await make.product({ brand_id: brand.id })
    ok(await server.admin.patch(`/api/products/${product.id}`, { brand_id: null }))
    expect((await server.admin.delete(`/api/brands/${brand.id}`)).statusCode).toBe(204)
  })
})
