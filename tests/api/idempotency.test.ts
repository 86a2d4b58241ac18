// Idempotency-Key (issue 11): a signed-in write with a key is carried out once, whatever the number of repeats.
import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger } from '../../src/server/domain/ledger'
import { deleteExpired } from '../../src/server/domain/housekeeping'
import { secondsAfter } from '../../src/server/db/clock'
import { dbKind, startServer, type Client, type TestServer } from './helpers'
import { multipart } from './uploads'
import { OPERATIONS } from '../../src/contract/operations'

let server: TestServer
let product: number
let place: { warehouse_id: number; location_id: number }

const keyed = (key: string = randomUUID()) => ({ 'idempotency-key': key })
const mutationsOf = async (productId: number) =>
  (await server.database.db.selectFrom('stock_mutations').select('id').where('product_id', '=', productId).execute()).length
const keptKeys = async () => (await server.database.db.selectFrom('idempotency_keys').selectAll().execute()).length

async function created(client: Client, path: string, body: unknown): Promise<number> {
  const answer = await client.post(path, body)
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json<{ id: number }>().id
}

beforeAll(async () => {
  server = await startServer()
  product = await created(server.admin, '/api/products/', { sku: 'IDEM-1' })
  const warehouse = await created(server.admin, '/api/warehouses/', { warehouse_name: 'Idempotent' })
  place = {
    warehouse_id: warehouse,
    location_id: await created(server.admin, `/api/warehouses/${warehouse}/locations`, { location_name: 'I-1' }),
  }
})
afterAll(async () => server.close())

describe(`Idempotency-Key on ${dbKind}`, () => {
  it('answers a repeated booking with the first answer, marked replayed, and books nothing more', async () => {
    const headers = keyed()
    const before = await mutationsOf(product)
    const booking = { amount: 5, note: 'once', ...place }
    const first = await server.admin.post(`/api/products/${product}/stock_mutations`, booking, headers)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    for (let repeat = 0; repeat < 3; repeat++) {
      const again = await server.admin.post(`/api/products/${product}/stock_mutations`, booking, headers)
      expect(again.statusCode).toBe(201)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.headers['content-type']).toMatch(/^application\/json/)
      expect(again.body).toBe(first.body)
    }
    expect(await mutationsOf(product)).toBe(before + 1)
    const audited = await server.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_type', '=', 'stock_mutation')
      .where('entity_id', '=', first.json<{ id: number }>().id)
      .execute()
    expect(audited).toHaveLength(1)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('keeps the answers of creations, changes and deletions (201, 200 and 204)', async () => {
    const create = keyed()
    const first = await server.admin.post('/api/products/', { sku: 'IDEM-CREATE' }, create)
    const again = await server.admin.post('/api/products/', { sku: 'IDEM-CREATE' }, create)
    expect([first.statusCode, again.statusCode]).toEqual([201, 201])
    expect(again.body).toBe(first.body)
    const { id } = first.json<{ id: number }>()
    const found = await server.admin.get('/api/products/?sku=IDEM-CREATE')
    expect(found.json<{ total: number }>().total).toBe(1)

    const rename = keyed()
    const renamed = await server.admin.patch(`/api/products/${id}`, { description: 'first' }, rename)
    expect(renamed.statusCode).toBe(200)
    // someone else changes it meanwhile; the repeat is answered what the first call did, and changes nothing
    await server.admin.patch(`/api/products/${id}`, { description: 'second' })
    const repeated = await server.admin.patch(`/api/products/${id}`, { description: 'first' }, rename)
    expect(repeated.statusCode).toBe(200)
    expect(repeated.json<{ description: string }>().description).toBe('first')
    expect((await server.admin.get(`/api/products/${id}`)).json<{ description: string }>().description).toBe('second')

    const remove = keyed()
    const removed = await server.admin.delete(`/api/products/${id}`, remove)
    const removedAgain = await server.admin.delete(`/api/products/${id}`, remove)
    expect([removed.statusCode, removedAgain.statusCode]).toEqual([204, 204])
    expect(removedAgain.headers['idempotent-replayed']).toBe('true')
    expect(removedAgain.body).toBe('')
    // without the key the same deletion is carried out, and finds nothing
    expect((await server.admin.delete(`/api/products/${id}`)).statusCode).toBe(404)
  })

  it('refuses the key with another body, method or path: 422 IDEMPOTENCY_KEY_REUSED, and writes nothing', async () => {
    const headers = keyed()
    const first = await server.admin.post(`/api/products/${product}/stock_mutations`, { amount: 2, ...place }, headers)
    expect(first.statusCode).toBe(201)
    const before = await mutationsOf(product)
    const otherBody = await server.admin.post(`/api/products/${product}/stock_mutations`, { amount: 3, ...place }, headers)
    expect(otherBody.statusCode).toBe(422)
    expect(otherBody.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    const otherPath = await server.admin.post('/api/brands/', { brand_name: 'Reused key' }, headers)
    expect(otherPath.statusCode).toBe(422)
    expect(otherPath.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    expect(await mutationsOf(product)).toBe(before)
    expect((await server.admin.get('/api/brands/?q=Reused key')).json()).toEqual([])
    // the order of the fields is not a change of the body
    const reordered = await server.admin.post(`/api/products/${product}/stock_mutations`, { ...place, amount: 2 }, headers)
    expect(reordered.statusCode).toBe(201)
    expect(reordered.headers['idempotent-replayed']).toBe('true')
  })

  it("covers an import's form and file: the same file replays its import; another file or mode is refused, leaving no upload", async () => {
    const token = await server.login('admin@example.com', 'admin-password-1')
    const send = (content: string, mode: string, key: string) => {
      const { payload, contentType } = multipart({ kind: 'products', mode }, { name: 'products.csv', content })
      return server.app.inject({
        method: 'POST',
        url: '/api/imports/',
        payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'idempotency-key': key },
      })
    }
    const imports = async () => (await server.database.db.selectFrom('imports').select('id').execute()).length
    const uploads = () =>
      fs.readdirSync(path.join(server.config.DATA_DIR, 'imports')).filter((name) => name.startsWith('stockroom-import-'))
    const file = 'sku,description\nIDEM-IMPORT-1,The first file\n'
    const key = randomUUID()
    const first = await send(file, 'valid_only', key)
    expect(first.statusCode).toBe(202)
    const count = await imports()
    await expect.poll(async () => (await server.admin.get(`/api/imports/${first.json().id}`)).json().status).toBe('done')

    const again = await send(file, 'valid_only', key)
    expect(again.statusCode).toBe(202)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().id).toBe(first.json().id)
    for (const [content, mode] of [
      ['sku,description\nIDEM-IMPORT-2,Another file\n', 'valid_only'],
      [file, 'all_or_nothing'],
    ]) {
      const refused = await send(content, mode, key)
      expect(refused.statusCode).toBe(422)
      expect(refused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    }
    expect(await imports()).toBe(count)
    expect((await server.admin.get('/api/products/?sku=IDEM-IMPORT-2')).json().total).toBe(0)
    expect(uploads()).toEqual([])

    // a revert sent with a form it does not read (the fuzz test's find): answered once, then replayed, never a 500
    const revert = () =>
      server.app.inject({
        method: 'DELETE',
        url: `/api/imports/${first.json().id}`,
        payload: 'nul',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'multipart/form-data; boundary=xyz',
          'idempotency-key': key + '-revert',
        },
      })
    const reverted = await revert()
    expect(reverted.statusCode, reverted.body).toBe(200)
    const replayed = await revert()
    expect([replayed.statusCode, replayed.headers['idempotent-replayed']]).toEqual([200, 'true'])
  })

  it('books exactly one mutation for 20 requests with one key at once; the others get the booking or 409 with Retry-After', async () => {
    const headers = keyed()
    const before = await mutationsOf(product)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.admin.post(`/api/products/${product}/stock_mutations`, { amount: 1, ...place }, headers)),
    )
    expect(await mutationsOf(product)).toBe(before + 1)
    const booked = answers.filter((a) => a.statusCode === 201)
    const underWay = answers.filter((a) => a.statusCode === 409)
    expect(booked.length + underWay.length).toBe(20)
    expect(booked.length).toBeGreaterThanOrEqual(1)
    expect(new Set(booked.map((a) => a.body)).size).toBe(1)
    for (const answer of underWay) {
      expect(answer.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' })
      expect(answer.headers['retry-after']).toBe('1')
    }
    // once the first is answered, a repeat gets its answer
    const later = await server.admin.post(`/api/products/${product}/stock_mutations`, { amount: 1, ...place }, headers)
    expect(later.statusCode).toBe(201)
    expect(later.body).toBe(booked[0].body)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it("never shows a user another user's key: the same key books for each", async () => {
    const other = await server.createUser()
    const key = randomUUID()
    const before = await mutationsOf(product)
    const mine = await server.admin.post(`/api/products/${product}/stock_mutations`, { amount: 4, ...place }, keyed(key))
    const theirs = await server.client(other.token).post(`/api/products/${product}/stock_mutations`, { amount: 4, ...place }, keyed(key))
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201])
    expect(theirs.headers['idempotent-replayed']).toBeUndefined()
    expect(theirs.json<{ id: number }>().id).not.toBe(mine.json<{ id: number }>().id)
    expect(await mutationsOf(product)).toBe(before + 2)
  })

  it('keeps nothing for a refused write, so its repeat is carried out anew', async () => {
    const headers = keyed()
    const keys = await keptKeys()
    const refused = await server.admin.post('/api/warehouses/', { warehouse_name: 'Idempotent' }, headers)
    expect(refused.statusCode).toBe(409)
    expect(await keptKeys()).toBe(keys)
    await server.admin.patch(`/api/warehouses/${place.warehouse_id}`, { warehouse_name: 'Idempotent (renamed)' })
    const repeated = await server.admin.post('/api/warehouses/', { warehouse_name: 'Idempotent' }, headers)
    expect(repeated.statusCode).toBe(201)
    expect(await keptKeys()).toBe(keys + 1)
  })

  it('checks the header: 1 to 255 printable ASCII characters, else 422 naming it', async () => {
    const before = await mutationsOf(product)
    for (const bad of ['x'.repeat(256), 'bad\u0001key', ''])
      for (const send of [
        () => server.admin.post(`/api/products/${product}/stock_mutations`, { amount: 1, ...place }, { 'idempotency-key': bad }),
        () => server.admin.delete(`/api/products/${product}/stock_mutations/1`, { 'idempotency-key': bad }),
      ]) {
        const answer = await send()
        expect(answer.statusCode, JSON.stringify(bad)).toBe(422)
        expect(answer.json<{ detail: { loc: string[] }[] }>().detail[0].loc).toEqual(['header', 'idempotency-key'])
      }
    const longest = await server.admin.post(`/api/products/${product}/stock_mutations`, { amount: 1, ...place }, keyed('k'.repeat(255)))
    expect(longest.statusCode).toBe(201)
    expect(await mutationsOf(product)).toBe(before + 1)
  })

  it('forgets a key after 24 hours: an expired key counts as new, and the server removes expired keys', async () => {
    const headers = keyed()
    const booking = { amount: 7, ...place }
    const first = await server.admin.post(`/api/products/${product}/stock_mutations`, booking, headers)
    const kept = await server.database.db
      .selectFrom('idempotency_keys')
      .select(['created_at', 'expires_at'])
      .where('idempotency_key', '=', headers['idempotency-key'])
      .executeTakeFirstOrThrow()
    expect(Date.parse(kept.expires_at) - Date.parse(kept.created_at)).toBe(24 * 60 * 60 * 1000)
    const past = secondsAfter(new Date(Date.now()).toISOString(), -1)
    await server.database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: past })
      .where('idempotency_key', '=', headers['idempotency-key'])
      .execute()
    const afterExpiry = await server.admin.post(`/api/products/${product}/stock_mutations`, booking, headers)
    expect(afterExpiry.statusCode).toBe(201)
    expect(afterExpiry.headers['idempotent-replayed']).toBeUndefined()
    expect(afterExpiry.json<{ id: number }>().id).not.toBe(first.json<{ id: number }>().id)

    const stale = keyed()
    await server.admin.post('/api/brands/', { brand_name: 'Stale key' }, stale)
    await server.database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: past })
      .where('idempotency_key', '=', stale['idempotency-key'])
      .execute()
    const fresh = await keptKeys()
    expect((await deleteExpired(server.database.db)).idempotencyKeys).toBe(1)
    expect(await keptKeys()).toBe(fresh - 1)
  })

  it('works as before without the header: each request is carried out', async () => {
    const before = await mutationsOf(product)
    for (let i = 0; i < 2; i++)
      expect((await server.admin.post(`/api/products/${product}/stock_mutations`, { amount: 1, ...place })).statusCode).toBe(201)
    expect(await mutationsOf(product)).toBe(before + 2)
  })

  it('keeps nothing for calls without a session, which accept the header', async () => {
    const keys = await keptKeys()
    const login = await server.anonymous.post(
      '/api/auth/jwt/login',
      new URLSearchParams({ username: 'nobody@example.com', password: 'x' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded', ...keyed() },
    )
    expect(login.statusCode).toBe(400)
    expect(await keptKeys()).toBe(keys)
  })

  it("has every write the admin declares (src/contract/operations.ts) with its method, path and body's encoding", async () => {
    const document = (await server.anonymous.get('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>
    }>()
    const CONTENT_TYPE = { json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' }
    for (const [name, { method, path, encoding }] of Object.entries(OPERATIONS)) {
      const operation = document.paths[`/api${path}`]?.[method.toLowerCase()]
      expect(operation, `${name}: ${method} ${path}`).toBeDefined()
      // a write without a body (an apply, a sign-out) declares no content type
      const types = Object.keys(operation.requestBody?.content ?? { [CONTENT_TYPE[encoding]]: null })
      expect(types, name).toContain(CONTENT_TYPE[encoding])
    }
  })

  it('names the header on every write of the OpenAPI document', async () => {
    const document = (await server.anonymous.get('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>
    }>()
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ path, method, operation })),
    )
    expect(writes.length).toBeGreaterThan(20)
    for (const { path, method, operation } of writes)
      expect(
        operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        `${method} ${path}`,
      ).toBe(true)
  })
})
