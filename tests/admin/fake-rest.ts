// An in-memory REST API for screen tests of plain resources (brands, orgs, users, warehouses/{id}/locations):
// list with q, sort_by, skip/limit and x-total-count; get, create, update, delete; `refuse` scripts a server refusal.
import { createHttpClient } from '../../src/admin/providers/http'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { englishI18n } from './render'
import { fakeFetch, type Recorded } from './fake-api'

type Row = Record<string, unknown> & { id: number }
export type Answer = { status?: number; json?: unknown; headers?: Record<string, string> }

export function fakeRest(collections: Record<string, Row[]>, refuse: (request: Recorded) => Answer | undefined = () => undefined) {
  let clock = Date.parse('2026-01-01T00:00:00Z')
  const stamp = () => new Date((clock += 1000)).toISOString()

  function serve(request: Recorded): Answer {
    const url = new URL(request.url, 'http://test')
    const path = url.pathname.replace(/^\/api\//, '').replace(/\/$/, '')
    const match = /^(.*?)(?:\/(\d+))?$/.exec(path)!
    const [name, id] = [match[1], match[2] === undefined ? undefined : Number(match[2])]
    const rows = (collections[name] ??= [])
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {}
    const index = rows.findIndex((row) => row.id === id)
    if (id !== undefined && index < 0) return { status: 404, json: { detail: 'Not found', code: 'NOT_FOUND' } }

    switch (request.method) {
      case 'GET': {
        if (id !== undefined) return { json: rows[index] }
        const q = url.searchParams.get('q')?.toLowerCase()
        let found = q
          ? rows.filter((row) => Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(q)))
          : [...rows]
        const [field, order] = (url.searchParams.get('sort_by') ?? 'id.asc').split('.')
        found.sort((a, b) => String(a[field]).localeCompare(String(b[field])) * (order === 'desc' ? -1 : 1))
        const skip = Number(url.searchParams.get('skip') ?? 0)
        const total = found.length
        found = found.slice(skip, skip + Number(url.searchParams.get('limit') ?? 1000))
        return { json: found, headers: { 'x-total-count': String(total) } }
      }
      case 'POST': {
        const row = { id: Math.max(0, ...rows.map((r) => r.id)) + 1, ...body, created_at: stamp(), updated_at: stamp() }
        rows.push(row)
        return { status: 201, json: row }
      }
      case 'PATCH':
        rows[index] = { ...rows[index], ...body, updated_at: stamp() }
        return { json: rows[index] }
      case 'DELETE':
        rows.splice(index, 1)
        return { status: 204 }
      default:
        return { status: 405 }
    }
  }

  const fake = fakeFetch((request) => refuse(request) ?? serve(request))
  const dataProvider = createDataProvider(
    createHttpClient({ getToken: () => 'token', translate: (key, options) => englishI18n.translate(key, options), fetch: fake.fetch }),
  )
  /** the requests that changed something, as `METHOD /path body` */
  const writes = () => fake.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}${r.body ? ` ${r.body}` : ''}`)
  return { dataProvider, fetch: fake.fetch, requests: fake.requests, collections, writes }
}

/** A 409 as the server words it: the code and params the admin translates. */
export const conflict = (code: string, detail: string, params?: Record<string, string | number>): Answer => ({
  status: 409,
  json: { detail, code, params },
})
