// An export is one moment: products created while its file is being sent (after its first rows arrived, the rest
// still to be read by the server) are not in it, and none of the products there when it began is missing.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type TestServer } from './helpers'

/** Enough rows that the file is far larger than what the connection buffers: the server is still reading when the writes land */
const PRODUCTS = 20_000
let server: TestServer
let base: string
let token: string

beforeAll(async () => {
  server = await startServer()
  const stamp = new Date().toISOString()
  for (let start = 0; start < PRODUCTS; start += 1000)
    await server.database.db
      .insertInto('products')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          sku: `SNAP-${start + i}`,
          description: 'there before',
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute()
  base = await server.app.listen({ port: 0, host: '127.0.0.1' })
  token = await server.login('admin@example.com', 'admin-password-1')
}, 120_000)
afterAll(() => server.close())

it('holds the products of the moment it began, none created while it was sent', async () => {
  const response = await fetch(`${base}/api/products/export?format=csv&sort_by=sku.asc`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const first = await reader.read()
  let text = decoder.decode(first.value, { stream: true })
  // the file has begun; now others add products, each committed before the file is read on
  const created: string[] = []
  for (let n = 0; n < 20; n++) {
    const answer = await server.admin.post('/api/products/', { sku: `SNAP-NEW-${n}`, description: 'created meanwhile' })
    expect(answer.statusCode).toBe(201)
    created.push(`SNAP-NEW-${n}`)
  }
  for (;;) {
    const next = await reader.read()
    if (next.done) break
    text += decoder.decode(next.value, { stream: true })
  }
  expect(text.length).toBeGreaterThan(20 * first.value!.length)
  const lines = text.trim().split(/\r?\n/).slice(1)
  expect(lines).toHaveLength(PRODUCTS)
  expect(lines.filter((line) => line.includes('created meanwhile'))).toEqual([])
  expect(await server.database.db.selectFrom('products').select('id').where('sku', 'in', created).execute()).toHaveLength(20)
})
