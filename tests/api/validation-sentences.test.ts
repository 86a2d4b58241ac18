// The API's validation refusals carry their rule's values (ctx), so that a screen can say each one in its reader's
// language (src/admin/providers/http.ts): the shapes tests/admin/http.test.ts translates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './helpers'
import { fixtures } from './product-fixtures'

let server: TestServer
let productId: number
beforeAll(async () => {
  server = await startServer()
  productId = (await fixtures(server.admin).product({ sku: 'CTX-1' })).id
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
