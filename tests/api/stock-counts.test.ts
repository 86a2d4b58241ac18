// Stock counts from opening to applying: lines per product with stock, counting by hand and by scan, blind counts,
// the review with differences and their value per currency, applying once against the level each line expected
// when it was counted, and cancelling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StockCount, StockCountLine } from '../../src/contract'
import { checkLedger } from '../../src/server/domain/ledger'
import { startServer, type TestServer } from './helpers'
import { created, fixtures, ok, validationItems } from './product-fixtures'

let server: TestServer
let make: ReturnType<typeof fixtures>
let warehouse: { id: number }
let shelfA: { id: number }
let shelfB: { id: number }
let other: { id: number }

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  warehouse = await make.warehouse('Counted')
  shelfA = await make.location(warehouse.id, 'Shelf A')
  shelfB = await make.location(warehouse.id, 'Shelf B')
  const elsewhere = await make.warehouse('Elsewhere')
  other = await make.location(elsewhere.id, 'E-1')
})
afterAll(() => server.close())

const supplier = async () => {
  const org = await make.organization(`Supplier ${Math.random()}`, { is_supplier: true })
  return org.id as number
}
/** A product with a purchase price, stocked as given per location. */
async function product(sku: string, stock: [{ id: number }, number][], price?: { purchase_price: number; purchase_currency: string }) {
  const made = await make.product({ sku, article_number: sku, barcode: `BC-${sku}` })
  if (price) ok(await server.admin.patch(`/api/products/${made.id}/supplier`, { supplier_id: await supplier(), ...price }))
  for (const [location, amount] of stock) await make.book(made.id, { amount, warehouse_id: warehouse.id, location_id: location.id })
  return made as { id: number }
}
const open = async (body: Record<string, unknown>): Promise<StockCount> =>
  created(await server.admin.post('/api/stock_counts/', { warehouse_id: warehouse.id, ...body }))
const get = async (id: number): Promise<StockCount> => ok(await server.admin.get(`/api/stock_counts/${id}`))
const lineOf = (count: StockCount, productId: number, locationId = shelfA.id) =>
  count.lines.find((l) => l.product_id === productId && l.location_id === locationId)!
const count = async (id: number, line: StockCountLine, counted: number | null): Promise<StockCountLine> =>
  ok(await server.admin.patch(`/api/stock_counts/${id}/lines/${line.id}`, { counted }))
const levelAt = async (productId: number, locationId: number) =>
  (await server.database.db
    .selectFrom('stock_levels')
    .selectAll()
    .where('product_id', '=', productId)
    .where('location_id', '=', locationId)
    .executeTakeFirst()) ?? { on_hand: 0, last_counted_at: null }

describe('a count from opening to applying', () => {
  it('opens lines for the products with stock, keeps what each line expected when counted, and books the differences once', async () => {
    const cups = await product('CNT-CUP', [[shelfA, 10]], { purchase_price: 2.5, purchase_currency: 'EUR' })
    const mugs = await product(
      'CNT-MUG',
      [
        [shelfA, 4],
        [shelfB, 3],
      ],
      { purchase_price: 1.25, purchase_currency: 'USD' },
    )
    const gone = await product('CNT-GONE', [
      [shelfA, 2],
      [shelfA, -2],
    ])

    const opened = await open({ location_ids: [shelfA.id], note: 'Monday' })
    expect(opened).toMatchObject({ status: 'open', blind: false, note: 'Monday', warehouse_name: 'Counted', lines_counted: 0 })
    expect(opened.locations).toEqual([{ location_id: shelfA.id, location_name: 'Shelf A' }])
    const products = opened.lines.map((l) => l.product_id)
    expect(products).toEqual(expect.arrayContaining([cups.id, mugs.id]))
    // no line for a product at zero, nor for one at a location outside the count
    expect(products).not.toContain(gone.id)
    expect(opened.lines.filter((l) => l.product_id === mugs.id)).toHaveLength(1)
    expect(lineOf(opened, cups.id)).toMatchObject({ expected: 10, counted: null, difference: null, location_name: 'Shelf A' })

    // counted 8 of 10 cups; then 5 more cups arrive while the count is open: the count still books -2, not -7
    expect(await count(opened.id, lineOf(opened, cups.id), 8)).toMatchObject({ expected: 10, counted: 8, difference: -2 })
    await make.book(cups.id, { amount: 5, warehouse_id: warehouse.id, location_id: shelfA.id })
    expect(lineOf(await get(opened.id), cups.id)).toMatchObject({ expected: 10, counted: 8, difference: -2, difference_value: -5 })
    // an uncounted line follows the level
    await make.book(mugs.id, { amount: 2, warehouse_id: warehouse.id, location_id: shelfA.id })
    expect(lineOf(await get(opened.id), mugs.id)).toMatchObject({ expected: 6, counted: null })
    await count(opened.id, lineOf(opened, mugs.id), 9)

    const review = await get(opened.id)
    expect(review).toMatchObject({ lines_counted: 2, lines_different: 2 })
    expect(review.difference_values).toEqual([
      { currency: 'EUR', value: -5 },
      { currency: 'USD', value: 3.75 },
    ])

    const applied: StockCount = ok(await server.admin.post(`/api/stock_counts/${opened.id}/apply`))
    expect(applied).toMatchObject({ status: 'applied', applied_at: expect.any(String) })
    expect((await levelAt(cups.id, shelfA.id)).on_hand).toBe(13)
    expect((await levelAt(mugs.id, shelfA.id)).on_hand).toBe(9)
    expect((await levelAt(mugs.id, shelfB.id)).on_hand).toBe(3)
    const [adjustment] = ok(await server.admin.get(`/api/products/${cups.id}/stock_mutations?limit=1`))
    expect(adjustment).toMatchObject({ amount: -2, note: `Count #${opened.id}`, location_id: shelfA.id, user: { username: 'admin' } })
    expect((await levelAt(cups.id, shelfA.id)).last_counted_at).toBe(applied.applied_at)
    expect((await levelAt(mugs.id, shelfB.id)).last_counted_at).toBeNull()

    const again = await server.admin.post(`/api/stock_counts/${opened.id}/apply`)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'COUNT_ALREADY_APPLIED', params: { id: opened.id } })
    const late = await server.admin.patch(`/api/stock_counts/${opened.id}/lines/${lineOf(opened, cups.id).id}`, { counted: 1 })
    expect(late.json().code).toBe('COUNT_ALREADY_APPLIED')
    expect((await server.admin.post(`/api/stock_counts/${opened.id}/cancel`)).json().code).toBe('COUNT_ALREADY_APPLIED')
    expect((await levelAt(cups.id, shelfA.id)).on_hand).toBe(13)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('a line counted equal books nothing but is stamped; a cleared line is left alone', async () => {
    const bowls = await product('CNT-BOWL', [[shelfB, 3]])
    const plates = await product('CNT-PLATE', [[shelfB, 6]])
    const opened = await open({ location_ids: [shelfB.id] })
    await count(opened.id, lineOf(opened, bowls.id, shelfB.id), 3)
    await count(opened.id, lineOf(opened, plates.id, shelfB.id), 2)
    expect(await count(opened.id, lineOf(opened, plates.id, shelfB.id), null)).toMatchObject({ counted: null, counted_at: null })
    ok(await server.admin.post(`/api/stock_counts/${opened.id}/apply`))
    const ledger = await server.database.db.selectFrom('stock_mutations').select('id').where('note', '=', `Count #${opened.id}`).execute()
    expect(ledger).toEqual([])
    expect((await levelAt(bowls.id, shelfB.id)).last_counted_at).toEqual(expect.any(String))
    expect((await levelAt(plates.id, shelfB.id)).last_counted_at).toBeNull()
  })
})

describe('counting on the shelf', () => {
  it('a scan adds one to the scanned product’s line, adds a line for a product found there, and names a barcode it does not know', async () => {
    const forks = await product('CNT-FORK', [[shelfA, 2]])
    const knives = await product('CNT-KNIFE', [])
    const opened = await open({ location_ids: [shelfA.id, shelfB.id] })
    const scan = (barcode: string, location = shelfA) =>
      server.admin.post(`/api/stock_counts/${opened.id}/scan`, { barcode, location_id: location.id })
    expect(ok(await scan('BC-CNT-FORK'))).toMatchObject({ product_id: forks.id, counted: 1, expected: 2 })
    expect(ok(await scan('BC-CNT-FORK'))).toMatchObject({ product_id: forks.id, counted: 2, difference: 0 })
    // knives have no stock here, so no line: the first scan adds one
    expect(ok(await scan(' BC-CNT-KNIFE '))).toMatchObject({ product_id: knives.id, location_id: shelfA.id, counted: 1, expected: 0 })
    expect(ok(await scan('BC-CNT-KNIFE'))).toMatchObject({ counted: 2 })
    expect(validationItems(await scan('NO-SUCH-CODE'))[0]).toMatchObject({
      loc: ['body', 'barcode'],
      msg: 'No product has barcode NO-SUCH-CODE',
    })
    expect(validationItems(await scan('BC-CNT-FORK', other))[0].loc).toEqual(['body', 'location_id'])
    // two products with one barcode: say so rather than guess
    await make.product({ sku: 'CNT-TWIN-1', barcode: 'TWIN' })
    await make.product({ sku: 'CNT-TWIN-2', barcode: 'TWIN' })
    expect((await scan('TWIN')).json()).toMatchObject({ code: 'BARCODE_AMBIGUOUS', params: { barcode: 'TWIN' } })

    // a product found on the shelf, added by hand
    const spoons = await product('CNT-SPOON', [])
    const added = created(
      await server.admin.post(`/api/stock_counts/${opened.id}/lines`, { product_id: spoons.id, location_id: shelfB.id, counted: 4 }),
    )
    expect(added).toMatchObject({ product_id: spoons.id, location_id: shelfB.id, counted: 4, expected: 0, difference: 4 })
    const twice = await server.admin.post(`/api/stock_counts/${opened.id}/lines`, {
      product_id: spoons.id,
      location_id: shelfB.id,
      counted: 1,
    })
    expect(twice.json()).toMatchObject({ code: 'COUNT_LINE_EXISTS', params: { line_id: added.id } })
    const badLines = [
      [{ product_id: 999999, location_id: shelfB.id, counted: 1 }, ['body', 'product_id']],
      [{ product_id: spoons.id, location_id: other.id, counted: 1 }, ['body', 'location_id']],
      [{ product_id: spoons.id, location_id: shelfA.id, counted: -1 }, ['body', 'counted']],
    ] as const
    for (const [body, loc] of badLines)
      expect(validationItems(await server.admin.post(`/api/stock_counts/${opened.id}/lines`, body))[0].loc).toEqual(loc)

    ok(await server.admin.post(`/api/stock_counts/${opened.id}/apply`))
    expect((await levelAt(knives.id, shelfA.id)).on_hand).toBe(2)
    expect((await levelAt(spoons.id, shelfB.id)).on_hand).toBe(4)
    expect((await levelAt(forks.id, shelfA.id)).on_hand).toBe(2)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('a blind count hides what it expects until it is submitted; a submitted count takes no more counting', async () => {
    const jars = await product('CNT-JAR', [[shelfA, 7]], { purchase_price: 3, purchase_currency: 'GBP' })
    const opened = await open({ blind: true, location_ids: [shelfA.id] })
    const line = lineOf(opened, jars.id)
    expect(line).toMatchObject({ expected: null, difference: null, difference_value: null })
    expect(await count(opened.id, line, 5)).toMatchObject({ counted: 5, expected: null, difference: null })
    expect(await get(opened.id)).toMatchObject({ lines_different: null, difference_values: [] })

    const submitted: StockCount = ok(await server.admin.post(`/api/stock_counts/${opened.id}/submit`))
    expect(submitted).toMatchObject({ status: 'submitted', submitted_at: expect.any(String), lines_different: 1 })
    expect(lineOf(submitted, jars.id)).toMatchObject({ expected: 7, counted: 5, difference: -2, difference_value: -6 })
    expect(submitted.difference_values).toEqual([{ currency: 'GBP', value: -6 }])
    const late = await server.admin.patch(`/api/stock_counts/${opened.id}/lines/${line.id}`, { counted: 7 })
    expect(late.json()).toMatchObject({ code: 'COUNT_NOT_OPEN', params: { status: 'submitted' } })
    expect((await server.admin.post(`/api/stock_counts/${opened.id}/submit`)).json().code).toBe('COUNT_NOT_OPEN')
    ok(await server.admin.post(`/api/stock_counts/${opened.id}/apply`))
    expect((await levelAt(jars.id, shelfA.id)).on_hand).toBe(5)
  })

  it('a cancelled count books nothing and can no longer be applied', async () => {
    const pans = await product('CNT-PAN', [[shelfA, 1]])
    const opened = await open({})
    expect(opened.locations.map((l) => l.location_id).sort()).toEqual([shelfA.id, shelfB.id].sort())
    await count(opened.id, lineOf(opened, pans.id), 9)
    expect(ok(await server.admin.post(`/api/stock_counts/${opened.id}/cancel`))).toMatchObject({ status: 'cancelled' })
    expect((await server.admin.post(`/api/stock_counts/${opened.id}/apply`)).json()).toMatchObject({ code: 'COUNT_CANCELLED' })
    expect((await levelAt(pans.id, shelfA.id)).on_hand).toBe(1)
  })
})

describe('the list and bad input', () => {
  it('lists counts newest first by status and warehouse, and names the field of bad input', async () => {
    const newest = await open({ location_ids: [shelfB.id] })
    const listed = await server.admin.get(`/api/stock_counts/?status=open&warehouse_id=${warehouse.id}`)
    expect(ok(listed)[0]).toMatchObject({ id: newest.id, status: 'open', warehouse_name: 'Counted', user: { username: 'admin' } })
    expect(Number(listed.headers['x-total-count'])).toBeGreaterThanOrEqual(1)
    expect(ok(await server.admin.get('/api/stock_counts/?status=applied')).every((c: StockCount) => c.status === 'applied')).toBe(true)

    const bad = [
      [{ warehouse_id: 999999 }, ['body', 'warehouse_id']],
      [{ warehouse_id: warehouse.id, location_ids: [shelfA.id, other.id] }, ['body', 'location_ids', 1]],
      [{ warehouse_id: warehouse.id, location_ids: [] }, ['body', 'location_ids']],
    ] as const
    for (const [body, loc] of bad) expect(validationItems(await server.admin.post('/api/stock_counts/', body))[0].loc).toEqual(loc)
    const empty = await make.warehouse('No shelves')
    expect(validationItems(await server.admin.post('/api/stock_counts/', { warehouse_id: empty.id }))[0].msg).toMatch(/no locations/)
    expect((await server.admin.get('/api/stock_counts/999999')).statusCode).toBe(404)
    expect((await server.admin.patch(`/api/stock_counts/${newest.id}/lines/999999`, { counted: 1 })).statusCode).toBe(404)
    const audit = ok(await server.admin.get(`/api/audit/?entity_type=stock_count&entity_id=${newest.id}`))
    expect(audit).toEqual([
      expect.objectContaining({ action: 'create', changes: { warehouse_id: warehouse.id, location_ids: [shelfB.id], blind: false } }),
    ])
  })
})

describe('counting by the thumb', () => {
  it('keeps the lines in the order they were made: the expected ones by place and product, then those added as scanned', async () => {
    const zebra = await product('CNT-ZEBRA', [[shelfA, 2]])
    const apple = await product('CNT-APPLE', [[shelfA, 3]])
    const opened = await open({ location_ids: [shelfA.id] })
    const expected = opened.lines.map((line) => line.product.sku)
    expect(expected.indexOf('CNT-APPLE')).toBeLessThan(expected.indexOf('CNT-ZEBRA'))
    // two unexpected products, the second sorting before every other by name: each goes after the lines there were
    const late = await make.product({ sku: 'CNT-LATE', article_number: 'CNT-LATE', barcode: 'BC-CNT-LATE' })
    const first = await make.product({ sku: 'AAA-FIRST', article_number: 'AAA-FIRST', barcode: 'BC-AAA-FIRST' })
    for (const barcode of ['BC-CNT-LATE', 'BC-AAA-FIRST'])
      ok(await server.admin.post(`/api/stock_counts/${opened.id}/scan`, { barcode, location_id: shelfA.id }))
    const again = await get(opened.id)
    expect(again.lines.map((line) => line.product.sku)).toEqual([...expected, 'CNT-LATE', 'AAA-FIRST'])
    expect([zebra.id, apple.id, late.id, first.id].every((id) => again.lines.some((line) => line.product_id === id))).toBe(true)
  })

  it("flags a line whose difference passes the warehouse's count variance in units or in value", async () => {
    const screws = await product('CNT-SCREW', [[shelfB, 10]], { purchase_price: 0.05, purchase_currency: 'EUR' })
    const pumps = await product('CNT-PUMP', [[shelfB, 10]], { purchase_price: 400, purchase_currency: 'EUR' })
    const bolts = await product('CNT-BOLT', [[shelfB, 10]], { purchase_price: 1, purchase_currency: 'EUR' })
    const opened = await open({ location_ids: [shelfB.id] })
    await count(opened.id, lineOf(opened, screws.id, shelfB.id), 160) // +150 units at €7.50: flagged by units
    await count(opened.id, lineOf(opened, pumps.id, shelfB.id), 7) // -3 units at -€1,200: flagged by value
    await count(opened.id, lineOf(opened, bolts.id, shelfB.id), 60) // +50 units at €50: within both
    const flags = () =>
      get(opened.id).then((c) =>
        c.lines.filter((line) => [screws.id, pumps.id, bolts.id].includes(line.product_id)).map((line) => [line.product.sku, line.flagged]),
      )
    expect(await flags()).toEqual([
      ['CNT-BOLT', false],
      ['CNT-PUMP', true],
      ['CNT-SCREW', true],
    ])
    // the warehouse's variance is an administrator's to set; looser, nothing is flagged
    ok(await server.admin.patch(`/api/warehouses/${warehouse.id}`, { count_variance_quantity: 1000, count_variance_value: 5000 }))
    expect((await flags()).every(([, flagged]) => flagged === false)).toBe(true)
    ok(await server.admin.patch(`/api/warehouses/${warehouse.id}`, { count_variance_quantity: 100, count_variance_value: 1000 }))
    expect((await server.admin.patch(`/api/warehouses/${warehouse.id}`, { count_variance_quantity: -1 })).statusCode).toBe(422)
  })
})

describe('taking an applied count back', () => {
  it('books each of its adjustments back once, by its reversal or from the audit trail, until a later booking rests on it', async () => {
    const cups = await product('CNT-BACK-1', [[shelfA, 10]])
    const applied = async (counted: number) => {
      const opened = await open({ location_ids: [shelfA.id] })
      await count(opened.id, lineOf(opened, cups.id), counted)
      return ok(await server.admin.post(`/api/stock_counts/${opened.id}/apply`)) as StockCount
    }
    const stock = async () => ok(await server.admin.get(`/api/products/${cups.id}`)).stock as number

    const first = await applied(7)
    expect(await stock()).toBe(7)
    expect(ok(await server.admin.post(`/api/stock_counts/${first.id}/reverse`))).toMatchObject({ status: 'reversed' })
    expect(await stock()).toBe(10)
    const again = await server.admin.post(`/api/stock_counts/${first.id}/reverse`)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('UNDO_ALREADY')
    expect(await stock()).toBe(10)

    // from the audit trail: the entry that applied it
    const second = await applied(12)
    const [entry] = ok(await server.admin.get(`/api/audit/?entity_type=stock_count&entity_id=${second.id}&action=update&limit=1`))
    expect(entry.changes.status).toBe('applied')
    expect(ok(await server.admin.get(`/api/audit/${entry.id}/undo`))).toMatchObject({ possible: true })
    created(await server.admin.post(`/api/audit/${entry.id}/undo`))
    expect(await stock()).toBe(10)

    // a booking after the count rests on it: refused, nothing booked
    const third = await applied(4)
    await make.book(cups.id, { amount: 1, warehouse_id: warehouse.id, location_id: shelfA.id })
    const refused = await server.admin.post(`/api/stock_counts/${third.id}/reverse`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('UNDO_CHANGED_SINCE')
    expect(await stock()).toBe(5)
    expect((await server.admin.post(`/api/stock_counts/${(await open({ location_ids: [shelfB.id] })).id}/reverse`)).statusCode).toBe(409)
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})
