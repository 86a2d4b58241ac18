import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('brands', () => {
  it('creates, lists with x-total-count, answers with and without the trailing slash', async () => {
    const created = await server.admin.post('/api/brands/', { brand_name: '  Acme  ' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ id: expect.any(Number), brand_name: 'Acme' })
    expect(created.json().created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    await server.admin.post('/api/brands', { brand_name: 'Bolt' })
    for (const url of ['/api/brands/', '/api/brands']) {
      const list = await server.admin.get(url)
      expect(list.statusCode).toBe(200)
      expect(list.headers['x-total-count']).toBe('2')
      expect(list.headers['access-control-expose-headers']).toContain('x-total-count')
      expect(list.json().map((b: { brand_name: string }) => b.brand_name)).toEqual(['Acme', 'Bolt'])
    }
  })

  it('pages and searches by a case-insensitive substring', async () => {
    const page = await server.admin.get('/api/brands/?skip=1&limit=1')
    expect(page.json()).toHaveLength(1)
    expect(page.headers['x-total-count']).toBe('2')
    const found = await server.admin.get('/api/brands/?q=cM')
    expect(found.json().map((b: { brand_name: string }) => b.brand_name)).toEqual(['Acme'])
    expect(found.headers['x-total-count']).toBe('1')
    const literal = await server.admin.get('/api/brands/?q=%25')
    expect(literal.json()).toEqual([])
  })

  it('answers only the records of repeated ids in one request (getMany), still sorted, paged and counted', async () => {
    const ids = []
    for (const brand_name of ['Many A', 'Many B', 'Many C']) ids.push((await server.admin.post('/api/brands/', { brand_name })).json().id)
    const [a, b, c] = ids
    const names = (res: Awaited<ReturnType<TestServer['admin']['get']>>) => res.json().map((x: { brand_name: string }) => x.brand_name)
    const two = await server.admin.get(`/api/brands/?id=${c}&id=${a}`)
    expect(names(two)).toEqual(['Many A', 'Many C'])
    expect(two.headers['x-total-count']).toBe('2')
    expect(names(await server.admin.get(`/api/brands/?id=${b}`))).toEqual(['Many B'])
    const paged = await server.admin.get(`/api/brands/?id=${a}&id=${b}&id=${c}&sort_by=brand_name.desc&skip=1&limit=1`)
    expect(names(paged)).toEqual(['Many B'])
    expect(paged.headers['x-total-count']).toBe('3')
    const unknown = await server.admin.get('/api/brands/?id=999999')
    expect(unknown.json()).toEqual([])
    expect(unknown.headers['x-total-count']).toBe('0')
    const bad = await server.admin.get(`/api/brands/?id=${a}&id=x`)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().detail[0].loc).toEqual(['query', 'id', 1])
  })

  it('documents the id filter in the OpenAPI', async () => {
    const spec = (await server.anonymous.get('/api/openapi.json')).json()
    const id = spec.paths['/api/brands/'].get.parameters.find((p: { name: string }) => p.name === 'id')
    expect(id).toMatchObject({ in: 'query', schema: { type: 'array', items: { type: 'integer' } } })
    expect(id.description ?? id.schema.description).toMatch(/\?id=1&id=4/)
  })

  it('refuses a duplicate name with 409 and a readable sentence', async () => {
    const res = await server.admin.post('/api/brands/', { brand_name: 'ACME' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'DUPLICATE_NAME', detail: 'Brand "ACME" already exists.' })
  })

  it('names the field of bad input in a fastapi-style 422', async () => {
    const blank = await server.admin.post('/api/brands/', { brand_name: '   ' })
    expect(blank.statusCode).toBe(422)
    expect(blank.json().detail[0].loc).toEqual(['body', 'brand_name'])
    const missing = await server.admin.post('/api/brands/', {})
    expect(missing.json().detail).toEqual([{ loc: ['body', 'brand_name'], msg: 'Field required', type: 'missing' }])
    const wrongType = await server.admin.post('/api/brands/', { brand_name: 5 })
    expect(wrongType.json().detail[0]).toMatchObject({ loc: ['body', 'brand_name'], type: 'string_type' })
    const badId = await server.admin.get('/api/brands/-1')
    expect(badId.statusCode).toBe(422)
    expect(badId.json().detail[0].loc).toEqual(['path', 'id'])
    const badSort = await server.admin.get('/api/brands/?sort_by=password.asc')
    expect(badSort.statusCode).toBe(422)
    expect(badSort.json().detail[0].loc).toEqual(['query', 'sort_by'])
    const broken = await server.admin.post('/api/brands/', '{"brand_name":', { 'content-type': 'application/json' })
    expect(broken.statusCode).toBe(422)
  })

  it('updates by PATCH and PUT, 404 for an unknown id, deletes with 204', async () => {
    const { id } = (await server.admin.post('/api/brands/', { brand_name: 'Cobalt' })).json()
    const patched = await server.admin.patch(`/api/brands/${id}`, { brand_name: 'Copper' })
    expect(patched.json().brand_name).toBe('Copper')
    const put = await server.admin.put(`/api/brands/${id}`, { brand_name: 'Chrome' })
    expect(put.json().brand_name).toBe('Chrome')
    expect((await server.admin.patch('/api/brands/999999', { brand_name: 'x' })).statusCode).toBe(404)
    expect((await server.admin.delete(`/api/brands/${id}`)).statusCode).toBe(204)
    expect((await server.admin.get(`/api/brands/${id}`)).statusCode).toBe(404)
  })

  it('needs a session', async () => {
    expect((await server.anonymous.get('/api/brands/')).statusCode).toBe(401)
    expect((await server.client('not-a-token').get('/api/brands/')).statusCode).toBe(401)
  })
})
