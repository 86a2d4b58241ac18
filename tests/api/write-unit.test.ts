// The write unit: every write route declares its audit, and reply.commit() writes the change, its audit row and
// whatever other recorders keep in one transaction, answering only after the commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Written } from '../../src/server/plugins/writes'
import { startServer, type TestServer } from './helpers'

let server: TestServer
const serialized = new Map<string, string>()
beforeAll(async () => {
  server = await startServer(
    {},
    {
      extend(app) {
        app.post('/api/test/undeclared', { config: { auth: 'public' } }, () => ({ ok: true }))
        app.post('/api/test/uncommitted', { config: { auth: 'public', audit: { entity: 'brand', id: 'answer' } } }, () => ({ id: 1 }))
        // a recorder after the audit: fails on request, or keeps the serialized answer
        app.addWriteRecorder((_trx, request) =>
          Promise.resolve((written: Written) => {
            if (request.headers['x-recorder'] === 'fail') return Promise.reject(new Error('the recorder failed'))
            if (request.headers['x-recorder'] === 'keep') serialized.set(String(request.id), written.serialized())
            return Promise.resolve()
          }),
        )
      },
    },
  )
})
afterAll(() => server.close())

const auditRows = async () => Number((await server.admin.get('/api/audit/?limit=1')).headers['x-total-count'])
const brandNames = async () => (await server.admin.get('/api/brands/')).json().map((b: { brand_name: string }) => b.brand_name)

describe('the write unit', () => {
  it('reports a write route that declares neither an audit rule nor audit: false', () => {
    expect(server.app.unauditedWrites()).toEqual(['POST /api/test/undeclared'])
  })

  it('refuses an audited route that answers without reply.commit(), so no change goes unrecorded', async () => {
    const before = await auditRows()
    expect((await server.anonymous.post('/api/test/uncommitted', {})).statusCode).toBe(500)
    expect(await auditRows()).toBe(before)
  })

  it('rolls back the change and its audit row together when a recorder of the same transaction fails', async () => {
    const before = await auditRows()
    const failed = await server.admin.post('/api/brands/', { brand_name: 'Never stored' }, { 'x-recorder': 'fail' })
    expect(failed.statusCode).toBe(500)
    expect(await brandNames()).not.toContain('Never stored')
    expect(await auditRows()).toBe(before)

    const stored = await server.admin.post('/api/brands/', { brand_name: 'Stored' })
    expect(stored.statusCode).toBe(201)
    expect(await brandNames()).toContain('Stored')
    expect(await auditRows()).toBe(before + 1)
  })

  it('gives recorders the answer as it is sent', async () => {
    const res = await server.admin.post('/api/brands/', { brand_name: 'Serialized' }, { 'x-recorder': 'keep' })
    expect(res.statusCode).toBe(201)
    expect(serialized.size).toBe(1)
    expect(JSON.parse([...serialized.values()][0])).toEqual(res.json())
  })

  it('of writes arriving together, rolls back a refused one alone, with no audit row, and keeps the others with theirs', async () => {
    const before = await auditRows()
    const names = Array.from({ length: 12 }, (_, i) => `Together ${i}`)
    const answers = await Promise.all([...names, 'Together 3'].map((brand_name) => server.admin.post('/api/brands/', { brand_name })))
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(12).fill(201), 409])
    expect((await brandNames()).filter((name: string) => name.startsWith('Together ')).sort()).toEqual([...names].sort())
    expect(await auditRows()).toBe(before + 12)
  })
})
