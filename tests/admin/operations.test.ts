// The admin's writes: each an operation of src/contract/operations.ts, sent by the one typed client.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../src/contract/operations'
import { createHttpClient } from '../../src/admin/providers/http'
import { pathOf, sendOf } from '../../src/admin/providers/operations'
import { echoTranslate, fakeFetch } from './fake-api'

const client = (answer: Parameters<typeof fakeFetch>[0] = () => ({ json: {} })) => {
  const { fetch, requests } = fakeFetch(answer)
  return { send: sendOf(createHttpClient({ getToken: () => 'token', translate: echoTranslate, fetch })), requests }
}

describe('the typed client of the writes', () => {
  it('puts the params into the path, each encoded', () => {
    expect(pathOf(OPERATIONS.setCounted.path, { id: 4, line_id: 9 })).toBe('/stock_counts/4/lines/9')
    expect(pathOf('/products/{id}/sellers', { id: 'a/b?c' })).toBe('/products/a%2Fb%3Fc/sellers')
    expect(() => pathOf(OPERATIONS.setCounted.path, { id: 4 })).toThrow('/stock_counts/{id}/lines/{line_id} needs line_id')
  })

  it('sends the method, the path, a JSON body and an Idempotency-Key, and answers the JSON', async () => {
    const transfer = { id: 7, lines: [] }
    const { send, requests } = client(() => ({ status: 201, json: transfer }))
    expect(await send(OPERATIONS.reverseTransfer, { params: { id: 7 }, body: { allow_negative: true } })).toEqual(transfer)
    expect(requests).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/stock_transfers/7/reverse', body: '{"allow_negative":true}' }),
    ])
    expect(requests[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(requests[0].headers['content-type']).toBe('application/json')
  })

  it('sends the sign-in as a form, and a query where one is given', async () => {
    const { send, requests } = client(() => ({ json: { access_token: 't', token_type: 'bearer' } }))
    expect((await send(OPERATIONS.signIn, { body: { username: 'a@example.com', password: 'p w&' } })).access_token).toBe('t')
    expect(requests[0]).toMatchObject({ url: '/api/auth/jwt/login', body: 'username=a%40example.com&password=p+w%26' })
    expect(requests[0].headers['content-type']).toBe('application/x-www-form-urlencoded')

    const form = new FormData()
    form.set('kind', 'products')
    await send(OPERATIONS.uploadImport, { body: form, query: { dry_run: true } })
    expect(requests[1]).toMatchObject({ method: 'POST', url: '/api/imports/?dry_run=true', body: form })
  })

  it('sends an operation without params or body as it is', async () => {
    const { send, requests } = client(() => ({ status: 204 }))
    await send(OPERATIONS.signOut)
    expect(requests).toEqual([expect.objectContaining({ method: 'POST', url: '/api/auth/jwt/logout', body: undefined })])
  })

  it('says why a write failed, in the words of the server', async () => {
    const { send } = client(() => ({ status: 409, json: { detail: 'Not open', code: 'COUNT_NOT_OPEN' } }))
    await expect(send(OPERATIONS.applyCount, { params: { id: 3 } })).rejects.toMatchObject({ status: 409 })
  })
})

describe('the screens', () => {
  it('send no write of their own: every write is an operation sent by the typed client', () => {
    const root = 'src/admin'
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(`providers${path.sep}`))
    expect(files.length).toBeGreaterThan(50)
    const writing = files.filter((file) =>
      /method: '(POST|PUT|PATCH|DELETE)'|\bhttpClient\(/.test(fs.readFileSync(path.join(root, file), 'utf8')),
    )
    expect(writing).toEqual([])
  })
})
