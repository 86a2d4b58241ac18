import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRODUCT_SORT_FIELDS } from '../../src/contract'
import { startServer, type TestServer } from './helpers'
import { created, fixtures, ok, validationItems } from './product-fixtures'

interface Detail {
  id: number
  sku: string | null
  sku_amazon: string | null
  article_number: string | null
  description: string | null
  stock: number
  stock_warehouse_items: { warehouse_id: number; amount: number }[]
  created_at: string
  updated_at: string
  [key: string]: unknown
}

let server: TestServer
let details: Detail[]
let warehouses: { id: number }[]
let brands: { alpha: { id: number }; beta: { id: number } }
const ids: number[] = []

beforeAll(async () => {
  server = await startServer()
  const make = fixtures(server.admin)
  brands = { alpha: await make.brand('Alpha'), beta: await make.brand('Beta') }
  const w1 = await make.warehouse('North')
  const w2 = await make.warehouse('South')
  warehouses = [w1, w2]
  const [l1, l2] = [await make.location(w1.id, 'N-1'), await make.location(w2.id, 'S-1')]
  const rows = [
    { sku: 'ABC-100', sku_amazon: 'B0AAA', article_number: 'a-10', description: 'Red chair', brand_id: brands.alpha.id },
    { sku: 'abc-200', sku_amazon: 'B0BBB', article_number: 'A-02', description: 'blue chair', brand_id: brands.beta.id },
    { sku: 'XYZ-1', sku_amazon: null, article_number: 'b-5', description: 'Green TABLE', brand_id: brands.alpha.id },
    { sku: null, sku_amazon: 'b0ccc', article_number: null, description: '100% wool', brand_id: null },
    { sku: 'under_score', sku_amazon: 'B0DDD', article_number: 'A-02', description: null, brand_id: brands.beta.id },
    ...Array.from({ length: 7 }, (_, i) => ({
      sku: `GEN-${i}`,
      sku_amazon: `G${i}`,
      article_number: `c-${i % 3}`,
      description: `Lamp ${i}`,
    })),
  ]
  for (const row of rows) ids.push((await make.product(row)).id)
  await make.book(ids[0], { amount: 5, warehouse_id: w1.id, location_id: l1.id })
  await make.book(ids[0], { amount: 3, warehouse_id: w2.id, location_id: l2.id })
  await make.book(ids[1], { amount: 8, warehouse_id: w1.id, location_id: l1.id })
  await make.book(ids[2], { amount: 20, warehouse_id: w2.id, location_id: l2.id })
  await make.book(ids[3], { amount: -2, warehouse_id: w1.id, location_id: l1.id })
  details = await Promise.all(ids.map(async (id) => ok(await server.admin.get(`/api/products/${id}`)) as Detail))
})
afterAll(() => server.close())

const list = async (query: string) => {
  const res = await server.admin.get(`/api/products/?${query}`)
  const page = ok(res) as { items: Detail[]; total: number }
  expect(res.headers['x-total-count']).toBe(String(page.total))
  expect(res.headers['access-control-expose-headers']).toContain('x-total-count')
  return page
}
const idsOf = (page: { items: { id: number }[] }) => page.items.map((p) => p.id)

function stockIn(product: Detail, warehouseId?: number) {
  if (warehouseId === undefined) return product.stock
  return product.stock_warehouse_items.find((w) => w.warehouse_id === warehouseId)?.amount ?? 0
}

/** The order the API promises: text ignoring case, no value after every value ascending, ties by id. */
function expectedOrder(field: string, direction: 'asc' | 'desc', warehouseId?: number): number[] {
  const key = (p: Detail) => {
    if (field === 'stock') return stockIn(p, warehouseId)
    const value = p[field] as string | number | null
    return typeof value === 'string' && !field.endsWith('_at') ? value.toLowerCase() : value
  }
  const compare = (a: Detail, b: Detail) => {
    const [x, y] = [key(a), key(b)]
    if (x !== y) {
      if (x === null) return 1
      if (y === null) return -1
      return x < y ? -1 : 1
    }
    return a.id - b.id
  }
  const sign = direction === 'asc' ? 1 : -1
  return [...details].sort((a, b) => sign * compare(a, b)).map((p) => p.id)
}

describe('products list', () => {
  it('answers {items, total} sorted by created_at ascending, 10 per page by default, with the list fields only', async () => {
    const page = await list('')
    expect(page.total).toBe(12)
    expect(idsOf(page)).toEqual(expectedOrder('created_at', 'asc').slice(0, 10))
    const { stock_warehouse_items, stock_items, supplier_info, sellers_info, reorder_levels, ...summary } = details[0]
    expect([stock_warehouse_items, stock_items, supplier_info, sellers_info, reorder_levels].every((v) => v !== undefined)).toBe(true)
    expect(page.items[0]).toEqual(summary)
    expect(summary.brand).toEqual({ id: brands.alpha.id, brand_name: 'Alpha' })
    const noSlash = await server.admin.get('/api/products?limit=1')
    expect(noSlash.statusCode).toBe(200)
    expect(noSlash.json().total).toBe(12)
  })

  it.each(PRODUCT_SORT_FIELDS.flatMap((field) => (['asc', 'desc'] as const).map((direction) => [field, direction] as const)))(
    'sorts by %s %s, ties broken by id',
    async (field, direction) => {
      const page = await list(`sort_by=${field}.${direction}&limit=100`)
      expect(idsOf(page)).toEqual(expectedOrder(field, direction))
    },
  )

  it('pages with skip and limit; the total counts every match, not the page', async () => {
    const order = expectedOrder('article_number', 'asc')
    const page = await list('sort_by=article_number.asc&skip=3&limit=4')
    expect(idsOf(page)).toEqual(order.slice(3, 7))
    expect(page.total).toBe(12)
    const last = await list('sort_by=article_number.asc&skip=10&limit=100')
    expect(idsOf(last)).toEqual(order.slice(10))
    expect((await list('skip=50')).items).toEqual([])
  })

  it('filters by case-insensitive substrings, with % and _ taken literally, and by brand', async () => {
    expect(idsOf(await list('sku=abc'))).toEqual([ids[0], ids[1]])
    expect(idsOf(await list('sku_amazon=B0C'))).toEqual([ids[3]])
    expect(idsOf(await list('article_number=a-0'))).toEqual([ids[1], ids[4]])
    expect(idsOf(await list('description=CHAIR'))).toEqual([ids[0], ids[1]])
    expect(idsOf(await list('description=100%25'))).toEqual([ids[3]])
    expect(idsOf(await list('sku=r_s'))).toEqual([ids[4]])
    expect((await list('sku=x_z')).total).toBe(0)
    expect(idsOf(await list(`brand_id=${brands.alpha.id}`))).toEqual([ids[0], ids[2]])
    const combined = await list(`brand_id=${brands.beta.id}&sku=abc`)
    expect(idsOf(combined)).toEqual([ids[1]])
    expect(combined.total).toBe(1)
    expect((await list('sku=')).total).toBe(12)
    expect((await list('brand_id=99999')).total).toBe(0)
  })

  it('answers the products with the ids asked for (react-admin getMany), in the sort asked, with the other filters', async () => {
    const asked = [ids[4], ids[0], ids[2]]
    const page = await list(`id=${asked[0]}&id=${asked[1]}&id=${asked[2]}&sort_by=id.desc`)
    expect(idsOf(page)).toEqual([...asked].sort((a, b) => b - a))
    expect(page.total).toBe(3)
    expect(idsOf(await list(`id=${ids[1]}`))).toEqual([ids[1]])
    expect(idsOf(await list(`id=${ids[0]}&id=${ids[1]}&id=${ids[0]}&sku=abc-2`))).toEqual([ids[1]])
    expect(idsOf(await list(`id=${ids[0]}&id=${ids[2]}&brand_id=${brands.alpha.id}&skip=1`))).toEqual([ids[2]])
    expect((await list('id=2147483647')).total).toBe(0)
    const bad = await server.admin.get('/api/products/?id=x')
    expect(bad.statusCode).toBe(422)
    expect(validationItems(bad).map((item) => item.loc.join('.'))).toContain('query.id.0')
  })

  it('with warehouse_id shows and sorts by the stock in that warehouse, 0 where there is none', async () => {
    const [north, south] = warehouses
    const page = await list(`warehouse_id=${north.id}&sort_by=stock.desc&limit=100`)
    expect(idsOf(page)).toEqual(expectedOrder('stock', 'desc', north.id))
    expect(page.items.slice(0, 2).map((p) => [p.id, p.stock])).toEqual([
      [ids[1], 8],
      [ids[0], 5],
    ])
    expect(page.items.find((p) => p.id === ids[2])!.stock).toBe(0)
    expect(page.items.at(-1)).toMatchObject({ id: ids[3], stock: -2 })
    const ascending = await list(`warehouse_id=${south.id}&sort_by=stock.asc&limit=100`)
    expect(idsOf(ascending)).toEqual(expectedOrder('stock', 'asc', south.id))
    expect(ascending.items.at(-1)).toMatchObject({ id: ids[2], stock: 20 })
    const global = await list('sort_by=stock.desc&limit=3')
    expect(global.items.map((p) => [p.id, p.stock])).toEqual([
      [ids[2], 20],
      [ids[1], 8],
      [ids[0], 8],
    ])
    const filtered = await list(`warehouse_id=${north.id}&brand_id=${brands.alpha.id}`)
    expect(filtered.items.map((p) => [p.id, p.stock])).toEqual([
      [ids[0], 5],
      [ids[2], 0],
    ])
  })

  it('filters by one or two characters too (no trigram index for those), ignoring case, alone and with a sort', async () => {
    expect(idsOf(await list('sku=Z&limit=100'))).toEqual([ids[2]])
    expect(idsOf(await list('description=ch&limit=100'))).toEqual([ids[0], ids[1]])
    expect(idsOf(await list('description=LA&sort_by=description.desc&limit=100'))).toEqual([...ids.slice(5)].reverse())
    expect(idsOf(await list('article_number=a&sort_by=article_number.asc&limit=100'))).toEqual([ids[1], ids[4], ids[0]])
    expect((await list('sku=_')).total).toBe(1)
    expect((await list('description=%')).total).toBe(1)
  })

  it('combines substring filters with every sort, the brand and the stock of a warehouse', async () => {
    const [north] = warehouses
    for (const field of PRODUCT_SORT_FIELDS) {
      for (const direction of ['asc', 'desc'] as const) {
        const page = await list(`description=chair&sort_by=${field}.${direction}&limit=100`)
        expect(idsOf(page), `${field}.${direction}`).toEqual(expectedOrder(field, direction).filter((id) => id === ids[0] || id === ids[1]))
      }
    }
    expect(idsOf(await list(`description=chair&warehouse_id=${north.id}&sort_by=stock.asc`))).toEqual([ids[0], ids[1]])
    expect(idsOf(await list(`sku=gen&brand_id=${brands.alpha.id}`))).toEqual([])
    expect(idsOf(await list(`description=lamp&sku=gen-&sort_by=sku.desc&skip=2&limit=3`))).toEqual([ids[9], ids[8], ids[7]])
  })

  it('finds text of three characters or more ignoring case beyond ASCII too', async () => {
    const make = fixtures(server.admin)
    const oil = await make.product({ sku: 'ÖL-1', description: 'Ölkanne aus Messing' })
    try {
      expect(idsOf(await list('description=ölkan'))).toEqual([oil.id])
      expect(idsOf(await list('description=ÖLKAN&sort_by=sku.asc'))).toEqual([oil.id])
      expect(idsOf(await list('sku=öl-'))).toEqual([oil.id])
    } finally {
      expect((await server.admin.delete(`/api/products/${oil.id}`)).statusCode).toBe(204)
    }
  })

  it('keeps totals and matches true as products are added, changed and removed', async () => {
    const make = fixtures(server.admin)
    const before = (await list('')).total
    expect((await list('description=zebra')).total).toBe(0)
    const zebra = await make.product({ sku: 'ZB-1', description: 'Zebra crossing sign', brand_id: brands.beta.id })
    expect((await list('')).total).toBe(before + 1)
    expect(idsOf(await list('description=zebra'))).toEqual([zebra.id])
    expect((await list(`brand_id=${brands.beta.id}`)).total).toBe(3)

    ok(await server.admin.patch(`/api/products/${zebra.id}`, { description: 'Horse trailer', brand_id: brands.alpha.id }))
    expect((await list('description=zebra')).total).toBe(0)
    expect(idsOf(await list('description=horse tr'))).toEqual([zebra.id])
    expect((await list(`brand_id=${brands.beta.id}`)).total).toBe(2)
    expect((await list(`brand_id=${brands.alpha.id}&description=trailer`)).total).toBe(1)

    // a booking changes stock, not what the list filters on
    const [north] = warehouses
    const [shelf] = ok(await server.admin.get(`/api/warehouses/${north.id}/locations`))
    await make.book(zebra.id, { amount: 4, warehouse_id: north.id, location_id: shelf.id })
    expect((await list('description=horse&sort_by=stock.desc')).items[0]).toMatchObject({ id: zebra.id, stock: 4 })

    expect((await server.admin.delete(`/api/products/${zebra.id}`)).statusCode).toBe(204)
    expect((await list('description=horse')).total).toBe(0)
    expect((await list('')).total).toBe(before)
  })

  it('says what is incoming from sent purchase orders: over every warehouse or in the one asked for; a reader of some, over those', async () => {
    const [north, south] = warehouses
    const make = fixtures(server.admin)
    const supplier = await make.organization('List Supplier', { is_supplier: true })
    const order = async (warehouse: { id: number }, lines: { product_id: number; quantity: number }[], sent = true) => {
      const { id } = created(
        await server.admin.post('/api/purchase_orders/', { supplier_id: supplier.id, warehouse_id: warehouse.id, lines }),
      )
      if (sent) ok(await server.admin.post(`/api/purchase_orders/${id}/send`))
    }
    await order(north, [
      { product_id: ids[0], quantity: 4 },
      { product_id: ids[2], quantity: 1 },
    ])
    await order(south, [{ product_id: ids[0], quantity: 6 }])
    // a draft is not on its way yet
    await order(north, [{ product_id: ids[1], quantity: 9 }], false)
    const incoming = (page: { items: Detail[] }) => Object.fromEntries(page.items.map((p) => [p.id, p.incoming]))
    const expected = { [ids[0]]: 10, [ids[1]]: 0, [ids[2]]: 1, [ids[3]]: 0 }
    // the first page in one statement, a filtered one by its ids, one read from the end, one sorted by a warehouse's stock
    expect(incoming(await list('limit=100'))).toMatchObject(expected)
    expect(incoming(await list('description=chair'))).toEqual({ [ids[0]]: 10, [ids[1]]: 0 })
    expect(incoming(await list('sort_by=sku.desc&skip=7&limit=5'))).toMatchObject({ [ids[0]]: 10 })
    expect(incoming(await list(`warehouse_id=${north.id}&limit=100`))).toMatchObject({ ...expected, [ids[0]]: 4 })
    expect(incoming(await list(`warehouse_id=${south.id}&sort_by=stock.desc&limit=100`))).toMatchObject({
      ...expected,
      [ids[0]]: 6,
      [ids[2]]: 0,
    })
    expect(ok(await server.admin.get(`/api/products/${ids[0]}`)).incoming).toBe(10)

    // a reader of North and a third warehouse: North's alone, in the list and the detail
    const east = await make.warehouse('East')
    const reader = await server.createUser({
      roles: [
        { role: 'viewer', warehouse_id: north.id },
        { role: 'viewer', warehouse_id: east.id },
        { role: 'office', warehouse_id: null },
      ],
    })
    const client = server.client(reader.token)
    expect(ok(await client.get('/api/products/?sku=ABC-100')).items[0]).toMatchObject({ id: ids[0], incoming: 4 })
    expect(ok(await client.get(`/api/products/${ids[0]}`)).incoming).toBe(4)
  })

  it('refuses bad paging, unknown sort fields, bad filters and unknown warehouses with a 422 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['skip=-1', 'skip'],
      ['skip=99999999999', 'skip'],
      ['sort_by=password.asc', 'sort_by'],
      ['sort_by=sku', 'sort_by'],
      ['sort_by=sku.up', 'sort_by'],
      ['sort_by=stock.desc;drop', 'sort_by'],
      ['warehouse_id=0', 'warehouse_id'],
      ['warehouse_id=x', 'warehouse_id'],
      ['brand_id=-1', 'brand_id'],
      [`description=${'d'.repeat(201)}`, 'description'],
    ]
    for (const [query, field] of cases) {
      const items = validationItems(await server.admin.get(`/api/products/?${query}`))
      expect(
        items.map((i) => i.loc),
        query,
      ).toContainEqual(['query', field])
    }
    expect(validationItems(await server.admin.get('/api/products/?sort_by=password.asc'))[0].msg).toContain('article_number')
    expect(validationItems(await server.admin.get('/api/products/?warehouse_id=99999'))).toEqual([
      {
        loc: ['query', 'warehouse_id'],
        msg: 'Warehouse 99999 does not exist',
        type: 'value_error',
        ctx: { rule: 'warehouse_missing', id: 99_999 },
      },
    ])
  })
})
