// The API's validation refusals carry their rule's values (ctx), so that a screen can say each one in its reader's
// language (src/admin/providers/http.ts): the shapes tests/admin/http.test.ts translates. The refusals of the
// domain's own rules name the rule too (ctx.rule, a key of stockroom.errors.domain).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import en from '../../i18n/en'
import nl from '../../i18n/nl'
import { Invalid } from '../../src/server/domain/errors'
import { startServer, type TestServer } from './helpers'
import { created, fixtures } from './product-fixtures'

let server: TestServer
let productId: number
let north: { id: number }
let south: { id: number }
let northShelf: { id: number }
let southShelf: { id: number }
beforeAll(async () => {
  server = await startServer()
  const make = fixtures(server.admin)
  productId = (await make.product({ sku: 'CTX-1' })).id
  ;[north, south] = [await make.warehouse('CTX North'), await make.warehouse('CTX South')]
  ;[northShelf, southShelf] = [await make.location(north.id, 'N-1'), await make.location(south.id, 'S-1')]
})
afterAll(() => server.close())

const detail = async (res: Promise<{ statusCode: number; json: () => { detail: unknown[] } }>) => {
  const answer = await res
  expect(answer.statusCode).toBe(422)
  return answer.json().detail
}

describe("validation refusals name their rule's values", () => {
  it('types, limits, the refused value, missing fields and enums', async () => {
    const booking = await detail(server.admin.post(`/api/products/${productId}/stock_mutations`, { amount: 'ten', location_id: 1 }))
    expect(booking).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'amount'], msg: 'Input should be a valid integer', type: 'integer_type', ctx: { expected: 'integer' } },
        { loc: ['body', 'warehouse_id'], msg: 'Field required', type: 'missing' },
      ]),
    )
    expect(
      await detail(server.admin.post(`/api/products/${productId}/stock_mutations`, { amount: 0, warehouse_id: 1, location_id: 1 })),
    ).toEqual([{ loc: ['body', 'amount'], msg: 'Input should not be 0', type: 'value_error', ctx: { not: '0' } }])
    expect(await detail(server.admin.post('/api/products/', { sku: 'x'.repeat(101) }))).toEqual([
      expect.objectContaining({ loc: ['body', 'sku'], type: 'string_too_long', ctx: { limit: 100 } }),
    ])
    expect(await detail(server.admin.get('/api/products/?limit=5000'))).toEqual([
      expect.objectContaining({ loc: ['query', 'limit'], type: 'less_than_equal', ctx: { limit: 100 } }),
    ])
    expect(await detail(server.admin.get('/api/products/export?format=pdf'))).toEqual([
      expect.objectContaining({ loc: ['query', 'format'], type: 'enum', ctx: { allowed: 'csv, xlsx' } }),
    ])
    expect(await detail(server.admin.post('/api/booking_reasons/', { code: 'Not A Code', name_en: 'x', name_nl: 'y' }))).toEqual([
      expect.objectContaining({ loc: ['body', 'code'], type: 'string_pattern_mismatch', ctx: { description: expect.any(String) } }),
    ])
  })
})

describe('refusals of the rules of the domain name their rule and its values', () => {
  it('a barcode no product has, scanned in a count', async () => {
    const count = created(await server.admin.post('/api/stock_counts/', { warehouse_id: north.id }))
    expect(
      await detail(server.admin.post(`/api/stock_counts/${count.id}/scan`, { barcode: 'CTX-NONE', location_id: northShelf.id })),
    ).toEqual([
      {
        loc: ['body', 'barcode'],
        msg: 'No product has barcode CTX-NONE',
        type: 'value_error',
        ctx: { rule: 'barcode_unknown', barcode: 'CTX-NONE' },
      },
    ])
  })

  it('a booking at a location of another warehouse, and at one that does not exist', async () => {
    const booking = (location_id: number) =>
      detail(server.admin.post(`/api/products/${productId}/stock_mutations`, { amount: 1, warehouse_id: north.id, location_id }))
    expect(await booking(southShelf.id)).toEqual([
      {
        loc: ['body', 'location_id'],
        msg: `Location ${southShelf.id} does not belong to warehouse ${north.id}`,
        type: 'value_error',
        ctx: { rule: 'location_not_in_warehouse', location_id: southShelf.id, warehouse_id: north.id },
      },
    ])
    expect(await booking(99_999)).toEqual([expect.objectContaining({ ctx: { rule: 'location_missing', id: 99_999 } })])
  })

  it('a transfer to the location it comes from', async () => {
    const body = { product_id: productId, from_location_id: northShelf.id, to_location_id: northShelf.id, amount: 1 }
    expect(await detail(server.admin.post('/api/stock_transfers/', body))).toEqual([
      {
        loc: ['body', 'to_location_id'],
        msg: 'The destination should be another location than the source',
        type: 'value_error',
        ctx: { rule: 'transfer_same_location' },
      },
    ])
  })

  it('labels of a product that does not exist', async () => {
    expect(await detail(server.admin.get('/api/labels/products.pdf?id=999999'))).toEqual([
      { loc: ['query', 'id'], msg: 'Product 999999 does not exist', type: 'value_error', ctx: { rule: 'product_missing', id: 999_999 } },
    ])
  })

  it("a stock history's range: backwards, too early, too long", async () => {
    const history = (query: string) => detail(server.admin.get(`/api/products/${productId}/stock_history?${query}`))
    expect(await history('from=2024-03-02&to=2024-03-01')).toEqual([
      {
        loc: ['query', 'from'],
        msg: 'Input should be on or before to (2024-03-01)',
        type: 'value_error',
        ctx: { rule: 'history_from_after_to', to: '2024-03-01' },
      },
    ])
    expect(await history('from=1999-12-31&to=2000-01-02')).toEqual([
      expect.objectContaining({
        msg: 'Input should be on or after 2000-01-01',
        ctx: { rule: 'history_too_early', earliest: '2000-01-01' },
      }),
    ])
    expect(await history('from=2020-01-01&to=2024-01-01')).toEqual([
      expect.objectContaining({ msg: 'The range should be at most 731 days', ctx: { rule: 'history_too_long', limit: 731 } }),
    ])
  })

  it('a rule of the domain is a text of both languages, with the same values', () => {
    // @ts-expect-error -- stockroom.errors.domain has no such rule: `npm run typecheck` fails when this line compiles
    expect(() => Invalid.rule(['body'], 'no_such_rule')).not.toThrow()
    const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort()
    const english = en.stockroom.errors.domain
    const dutch: Record<string, string> = nl.stockroom.errors.domain
    for (const [rule, text] of Object.entries(english))
      expect({ rule, placeholders: placeholders(dutch[rule] ?? '') }).toEqual({ rule, placeholders: placeholders(text) })
    expect(Object.keys(dutch).sort()).toEqual(Object.keys(english).sort())
  })
})
