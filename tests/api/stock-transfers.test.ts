// Transfers: two mutations of one transaction sharing a transfer_id, several products all or nothing, the refusal
// to take a source below zero (unless asked), deleting either half deletes both, and the way back as a new transfer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry, StockTransfer } from '../../src/contract'
import { checkLedger } from '../../src/server/domain/ledger'
import { startServer, type TestServer } from './helpers'
import { created, fixtures, ok, validationItems } from './product-fixtures'

let server: TestServer
let make: ReturnType<typeof fixtures>
let main: { id: number }
let north: { id: number }
let a01: { id: number }
let a02: { id: number }
let b07: { id: number }

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  main = await make.warehouse('Main')
  north = await make.warehouse('North')
  a01 = await make.location(main.id, 'A-01')
  a02 = await make.location(main.id, 'A-02')
  b07 = await make.location(north.id, 'B-07')
})
afterAll(() => server.close())

/** A product with `amount` at A-01. */
async function stocked(sku: string, amount: number) {
  const product = await make.product({ sku, article_number: `ART-${sku}` })
  if (amount !== 0) await make.book(product.id, { amount, warehouse_id: main.id, location_id: a01.id })
  return product as { id: number }
}
const transfer = (body: Record<string, unknown>) => server.admin.post('/api/stock_transfers/', body)
const detail = async (id: number) => ok(await server.admin.get(`/api/products/${id}`))
const levelAt = async (productId: number, locationId: number) =>
  (await detail(productId)).stock_items.find((i: { location_id: number }) => i.location_id === locationId)?.amount ?? 0
const mutationCount = async (productId: number) =>
  (await server.database.db.selectFrom('stock_mutations').select('id').where('product_id', '=', productId).execute()).length

describe('a transfer of one product', () => {
  it('books -amount at the source and +amount at the destination in another warehouse, sharing a transfer_id', async () => {
    const product = await stocked('T-ONE', 20)
    const moved: StockTransfer = created(
      await transfer({ product_id: product.id, from_location_id: a01.id, to_location_id: b07.id, amount: 12, note: ' to the north ' }),
    )
    expect(moved).toMatchObject({
      id: expect.any(Number),
      product_id: product.id,
      amount: 12,
      note: 'to the north',
      from: { warehouse_id: main.id, warehouse_name: 'Main', location_id: a01.id, location_name: 'A-01' },
      to: { warehouse_id: north.id, warehouse_name: 'North', location_id: b07.id, location_name: 'B-07' },
      user: { username: 'admin' },
      reverses_id: null,
      reversed_by_id: null,
    })
    const [out, into] = moved.mutations
    expect([out.amount, out.location_id, into.amount, into.location_id]).toEqual([-12, a01.id, 12, b07.id])
    expect(out.transfer_id).toBe(moved.id)
    expect(into.transfer_id).toBe(moved.id)
    expect(moved.lines).toEqual([expect.objectContaining({ product_id: product.id, amount: 12, mutations: moved.mutations })])

    const after = await detail(product.id)
    expect(after.stock).toBe(20)
    expect(after.stock_warehouse_items.map((w: { amount: number }) => w.amount)).toEqual([8, 12])
    expect(await levelAt(product.id, a01.id)).toBe(8)
    expect(await levelAt(product.id, b07.id)).toBe(12)

    // the ledger lists both halves with the transfer and both its places
    const items = ok(await server.admin.get(`/api/products/${product.id}/stock_mutations`))
    expect(items.slice(0, 2).map((m: { transfer_id: number | null }) => m.transfer_id)).toEqual([moved.id, moved.id])
    expect(items[0].transfer).toEqual({ id: moved.id, from: moved.from, to: moved.to })
    expect(items[2]).toMatchObject({ amount: 20, transfer_id: null, transfer: null })
    expect(ok(await server.admin.get(`/api/stock_transfers/${moved.id}`))).toEqual(moved)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('refuses to take the source below zero with 409 INSUFFICIENT_STOCK naming the product and what is there; allow_negative books it', async () => {
    const product = await stocked('T-SHORT', 5)
    const refused = await transfer({ product_id: product.id, from_location_id: a01.id, to_location_id: a02.id, amount: 8 })
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      detail: 'ART-T-SHORT: 5 at Main / A-01, not the 8 to transfer.',
      params: { product: 'ART-T-SHORT', product_id: product.id, available: 5, amount: 8, warehouse: 'Main', location: 'A-01' },
    })
    expect(await mutationCount(product.id)).toBe(1)
    expect(await levelAt(product.id, a01.id)).toBe(5)

    created(await transfer({ product_id: product.id, from_location_id: a01.id, to_location_id: a02.id, amount: 8, allow_negative: true }))
    expect(await levelAt(product.id, a01.id)).toBe(-3)
    expect(await levelAt(product.id, a02.id)).toBe(8)
    // what is there may be below zero already
    const again = await transfer({ product_id: product.id, from_location_id: a01.id, to_location_id: a02.id, amount: 1 })
    expect(again.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', params: { available: -3 } })
  })

  it('names the field of bad input with 422 and changes nothing', async () => {
    const product = await stocked('T-BAD', 3)
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ product_id: product.id, from_location_id: a01.id, to_location_id: a01.id, amount: 1 }, ['body', 'to_location_id']],
      [{ product_id: product.id, from_location_id: 999999, to_location_id: a02.id, amount: 1 }, ['body', 'from_location_id']],
      [{ product_id: 999999, from_location_id: a01.id, to_location_id: a02.id, amount: 1 }, ['body', 'product_id']],
      [{ product_id: product.id, from_location_id: a01.id, to_location_id: a02.id, amount: 0 }, ['body', 'amount']],
      [{ product_id: product.id, from_location_id: a01.id, to_location_id: a02.id }, ['body', 'amount']],
      [{ from_location_id: a01.id, to_location_id: a02.id }, ['body', 'lines']],
      [
        {
          product_id: product.id,
          amount: 1,
          lines: [{ product_id: product.id, amount: 1 }],
          from_location_id: a01.id,
          to_location_id: a02.id,
        },
        ['body', 'lines'],
      ],
      [
        {
          lines: [
            { product_id: product.id, amount: 1 },
            { product_id: product.id, amount: 2 },
          ],
          from_location_id: a01.id,
          to_location_id: a02.id,
        },
        ['body', 'lines', 1, 'product_id'],
      ],
    ]
    for (const [body, loc] of cases) expect(validationItems(await transfer(body)).map((i) => i.loc)).toContainEqual(loc)
    expect(await mutationCount(product.id)).toBe(1)
  })
})

describe('a transfer of several products', () => {
  it('moves every line or none: one short line refuses them all', async () => {
    const [bolts, nuts, screws] = [await stocked('T-BOLT', 10), await stocked('T-NUT', 4), await stocked('T-SCREW', 6)]
    const lines = [
      { product_id: bolts.id, amount: 10 },
      { product_id: nuts.id, amount: 5 },
      { product_id: screws.id, amount: 6 },
    ]
    const refused = await transfer({ from_location_id: a01.id, to_location_id: b07.id, lines })
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', params: { product_id: nuts.id, available: 4, amount: 5 } })
    for (const product of [bolts, nuts, screws]) expect(await mutationCount(product.id)).toBe(1)

    lines[1].amount = 4
    const moved: StockTransfer = created(await transfer({ from_location_id: a01.id, to_location_id: b07.id, lines }))
    expect(moved.product_id).toBeNull()
    expect(moved.lines.map((l) => [l.product_id, l.amount, l.mutations.map((m) => m.amount)])).toEqual([
      [bolts.id, 10, [-10, 10]],
      [nuts.id, 4, [-4, 4]],
      [screws.id, 6, [-6, 6]],
    ])
    expect(moved.mutations).toHaveLength(6)
    for (const product of [bolts, nuts, screws]) expect(await levelAt(product.id, a01.id)).toBe(0)
    // what is left at A-01 to fill lines from: none of the three
    const atA01 = ok(await server.admin.get(`/api/stock_levels/?location_id=${a01.id}`)) as { product_id: number }[]
    expect(atA01.map((i) => i.product_id)).not.toContain(bolts.id)
    const atB07 = ok(await server.admin.get(`/api/stock_levels/?location_id=${b07.id}&product_id=${nuts.id}`))
    expect(atB07).toEqual([
      {
        product_id: nuts.id,
        product: { id: nuts.id, sku: 'T-NUT', article_number: 'ART-T-NUT', description: null },
        warehouse_id: north.id,
        location_id: b07.id,
        amount: 4,
      },
    ])
    expect(validationItems(await server.admin.get('/api/stock_levels/?location_id=999999'))[0].loc).toEqual(['query', 'location_id'])
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})

describe('deleting and reversing a transfer', () => {
  it('deleting either mutation deletes both in one transaction; the transfer goes with its last pair', async () => {
    for (const half of [0, 1]) {
      const product = await stocked(`T-DEL-${half}`, 9)
      const moved: StockTransfer = created(
        await transfer({ product_id: product.id, from_location_id: a01.id, to_location_id: b07.id, amount: 4 }),
      )
      const res = await server.admin.delete(`/api/products/${product.id}/stock_mutations/${moved.mutations[half].id}`)
      expect(res.statusCode, res.body).toBe(204)
      expect(await mutationCount(product.id)).toBe(1)
      expect(await levelAt(product.id, a01.id)).toBe(9)
      expect(await levelAt(product.id, b07.id)).toBe(0)
      expect((await server.admin.get(`/api/stock_transfers/${moved.id}`)).statusCode).toBe(404)
      const other = moved.mutations[1 - half].id
      expect((await server.admin.delete(`/api/products/${product.id}/stock_mutations/${other}`)).statusCode).toBe(404)
    }
    // a pair of a transfer of several products: the other products' pairs stay
    const [one, two] = [await stocked('T-DEL-A', 3), await stocked('T-DEL-B', 3)]
    const moved: StockTransfer = created(
      await transfer({
        from_location_id: a01.id,
        to_location_id: a02.id,
        lines: [
          { product_id: one.id, amount: 1 },
          { product_id: two.id, amount: 2 },
        ],
      }),
    )
    expect((await server.admin.delete(`/api/products/${one.id}/stock_mutations/${moved.lines[0].mutations[1].id}`)).statusCode).toBe(204)
    const left: StockTransfer = ok(await server.admin.get(`/api/stock_transfers/${moved.id}`))
    expect(left.lines.map((l) => l.product_id)).toEqual([two.id])
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('reverses a transfer once as a new transfer the other way; the way back may be refused for want of stock', async () => {
    const product = await stocked('T-REV', 7)
    const moved: StockTransfer = created(
      await transfer({ product_id: product.id, from_location_id: a01.id, to_location_id: b07.id, amount: 7 }),
    )
    const back: StockTransfer = created(await server.admin.post(`/api/stock_transfers/${moved.id}/reverse`))
    expect(back).toMatchObject({
      product_id: product.id,
      amount: 7,
      from: { location_id: b07.id },
      to: { location_id: a01.id },
      reverses_id: moved.id,
      note: `Reverse of transfer #${moved.id}`,
    })
    expect(ok(await server.admin.get(`/api/stock_transfers/${moved.id}`)).reversed_by_id).toBe(back.id)
    expect(await levelAt(product.id, a01.id)).toBe(7)
    const twice = await server.admin.post(`/api/stock_transfers/${moved.id}/reverse`, {})
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'TRANSFER_ALREADY_REVERSED', params: { id: moved.id, reversed_by: back.id } })

    // B-07 was emptied meanwhile: the way back would take it below zero
    const second: StockTransfer = created(
      await transfer({ product_id: product.id, from_location_id: a01.id, to_location_id: b07.id, amount: 2 }),
    )
    await make.book(product.id, { amount: -2, warehouse_id: north.id, location_id: b07.id })
    const short = await server.admin.post(`/api/stock_transfers/${second.id}/reverse`, { note: 'back' })
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', params: { available: 0, amount: 2 } })
    expect(
      created(await server.admin.post(`/api/stock_transfers/${second.id}/reverse`, { note: 'back', allow_negative: true })),
    ).toMatchObject({
      note: 'back',
      reverses_id: second.id,
    })
    expect((await server.admin.post('/api/stock_transfers/999999/reverse')).statusCode).toBe(404)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('lists transfers newest first, by product or location, and audits each transfer', async () => {
    const product = await stocked('T-LIST', 5)
    const moved: StockTransfer = created(
      await transfer({ product_id: product.id, from_location_id: a01.id, to_location_id: a02.id, amount: 1 }),
    )
    const list = await server.admin.get(`/api/stock_transfers/?product_id=${product.id}`)
    expect(ok(list).map((t: StockTransfer) => t.id)).toEqual([moved.id])
    expect(list.headers['x-total-count']).toBe('1')
    const atA02 = ok(await server.admin.get(`/api/stock_transfers/?location_id=${a02.id}&limit=1`))
    expect(atA02[0].id).toBe(moved.id)
    const [entry]: AuditEntry[] = ok(await server.admin.get(`/api/audit/?entity_type=stock_transfer&entity_id=${moved.id}`))
    expect(entry).toMatchObject({ action: 'create', username: 'admin', changes: { product_id: product.id, amount: 1 } })
  })
})
