// Bad input at scale: thousands of generated requests to every route of the OpenAPI description (see fuzz-requests.ts).
// The server never answers 5xx, never crashes and logs no warning or error, and a rejected request (4xx) changes
// nothing: the whole database is dumped after every request and compared with the dump before it.
// FUZZ_RUNS sets the requests per route (default 30, about 3,400 in all); FUZZ_SEED replays a run fast-check reported.
import { Writable } from 'node:stream'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { issueAccountToken } from '../../src/server/domain/account-tokens'
import { importRunnerOf } from '../../src/server/domain/imports/run'
import { hashPassword } from '../../src/server/domain/passwords'
import { ADMIN, dbKind, startServer, type Response } from './helpers'
import { Existing, MailedToken, operationsOf, requestFor, type FuzzRequest, type Table } from './fuzz-requests'

const RUNS = Number(process.env.FUZZ_RUNS ?? 30)
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)
const USER = { email: 'fuzz.user@example.com', password: 'fuzz-user-password' }

/** log lines at warn level or above: a 4xx that was a database refusal, an audit row that failed, mail that failed */
const troubles: string[] = []
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (/"level":(4|5|6)\d/.test(line)) troubles.push(line)
    done()
  },
})
const server = await startServer({ OPEN_REGISTRATION: 'true' }, { logStream })
afterAll(() => server.close())
const db = server.database.db
const operations = operationsOf(server.app.swagger() as Parameters<typeof operationsOf>[0])
const schema = await db.introspection.getTables()
/** the tables whose rows have an id: a path whose first segment is one of them names its ids (fuzz-requests.ts) */
const idTables = new Set(schema.filter((t) => t.columns.some((c) => c.name === 'id')).map((t) => t.name))
// attempt counters count refused sign-ins by design (plugins/rate-limits.ts): they are no data a request changes
const tables = schema
  .map((t) => t.name)
  .filter((name) => name !== 'attempt_counters')
  .sort()
const passwordHashes = { admin: await hashPassword(ADMIN.password), user: await hashPassword(USER.password) }

type Dump = Record<string, Record<string, unknown>[]>
/** Every row of every table, in a stable order. */
async function dumpAll(): Promise<{ dump: Dump; text: string }> {
  const dump: Dump = {}
  for (const table of tables) {
    const rows = (await db
      .selectFrom(table as never)
      .selectAll()
      .execute()) as Record<string, unknown>[]
    dump[table] = rows
      .map((row) => ({ text: JSON.stringify(row), row }))
      .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
      .map((r) => r.row)
  }
  return { dump, text: JSON.stringify(dump) }
}

const tokens = { admin: '', user: '' }
const mailedTokens: string[] = []
let current: Awaited<ReturnType<typeof dumpAll>>

/** Puts an account the fuzzing may have changed back the way the test needs it, and signs it in. */
async function restore(account: 'admin' | 'user') {
  const { email, password } = account === 'admin' ? ADMIN : USER
  const values = { hashed_password: passwordHashes[account], is_active: true, is_superuser: account === 'admin', needs_password: false }
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) await db.updateTable('users').set(values).where('id', '=', existing.id).execute()
  else {
    const stamp = new Date().toISOString()
    const username = `fuzz-${account}-${Date.now()}`
    await db
      .insertInto('users')
      .values({ ...values, email, username, given_name: null, family_name: null, is_verified: true, created_at: stamp, updated_at: stamp })
      .execute()
  }
  // failed sign-ins the fuzzing sent for this account make the next one wait (plugins/rate-limits.ts): forget them
  await db.deleteFrom('attempt_counters').execute()
  tokens[account] = await server.login(email, password)
}

async function stillSignedIn(account: 'admin' | 'user') {
  const res = await server.client(tokens[account]).get('/api/users/me')
  return res.statusCode === 200 && res.json().is_superuser === (account === 'admin')
}

/** A small catalogue with stock, seller entries, users and mailed tokens of every kind, topped up when fuzzing used it up. */
async function seed() {
  const count = async (table: Table) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const as = server.client(tokens.admin)
  const unique = () => Math.random().toString(36).slice(2, 8)
  while ((await count('brands')) < 3) await as.post('/api/brands/', { brand_name: `Seed brand ${unique()}` })
  while ((await count('organizations')) < 4) {
    await as.post('/api/suppliers/', { org_name: `Seed supplier ${unique()}` })
    await as.post('/api/sellers/', { org_name: `Seed seller ${unique()}` })
  }
  while ((await count('warehouses')) < 2) await as.post('/api/warehouses/', { warehouse_name: `Seed WH ${unique()}` })
  for (const warehouse of await db.selectFrom('warehouses').select('id').execute()) {
    const locations = await db.selectFrom('locations').select('id').where('warehouse_id', '=', warehouse.id).execute()
    for (let i = locations.length; i < 3; i++)
      await as.post(`/api/warehouses/${warehouse.id}/locations`, { location_name: `Seed loc ${unique()}` })
  }
  const [brand] = await db.selectFrom('brands').select('id').execute()
  const [supplier] = await db.selectFrom('organizations').select('id').where('is_supplier', '=', true).execute()
  const [seller] = await db.selectFrom('organizations').select('id').where('is_seller', '=', true).execute()
  const location = await db.selectFrom('locations').select(['id', 'warehouse_id']).executeTakeFirstOrThrow()
  while ((await count('products')) < 4) {
    const product = (
      await as.post('/api/products/', { sku: `SEED-${unique()}`, brand_id: brand?.id ?? null, supplier_id: supplier?.id ?? null })
    ).json()
    await as.post(`/api/products/${product.id}/sellers`, { seller_id: seller?.id ?? null, selling_price: 12.5, selling_currency: 'EUR' })
    for (const amount of [10, -3])
      await as.post(`/api/products/${product.id}/stock_mutations`, {
        amount,
        warehouse_id: location.warehouse_id,
        location_id: location.id,
      })
  }
  // transfers (one reversed), counts open and blind with lines and one applied, reorder levels below and above their minimum
  const [from, to] = await db.selectFrom('locations').select(['id', 'warehouse_id']).limit(2).execute()
  const products = await db.selectFrom('products').select('id').limit(2).execute()
  while ((await count('stock_transfers')) < 3) {
    const moved = await as.post('/api/stock_transfers/', {
      lines: products.map((p) => ({ product_id: p.id, amount: 1 })),
      from_location_id: from.id,
      to_location_id: to.id,
      allow_negative: true,
    })
    await as.post(`/api/stock_transfers/${moved.json().id}/reverse`, { allow_negative: true })
  }
  for (const blind of [false, true])
    if (!(await db.selectFrom('stock_counts').select('id').where('status', '=', 'open').where('blind', '=', blind).executeTakeFirst()))
      await as.post('/api/stock_counts/', { warehouse_id: from.warehouse_id, blind })
  // an applied count, which a fuzzed reversal may take back
  if (!(await db.selectFrom('stock_counts').select('id').where('status', '=', 'applied').executeTakeFirst())) {
    const applied = await as.post('/api/stock_counts/', { warehouse_id: from.warehouse_id })
    await as.post(`/api/stock_counts/${applied.json().id}/apply`)
  }
  for (const [i, product] of products.entries())
    await as.put(`/api/products/${product.id}/reorder_levels/${from.warehouse_id}`, { min_stock: 100 * i, max_stock: 200 })
  if ((await count('users')) < 4) {
    await as.post('/api/users/', { email: `seed-${unique()}@example.com`, password: 'seed-password-1', username: `seed-${unique()}` })
  }
  // live, expired and stale (sent to an address the account no longer has) verification and reset tokens
  const people = await db.selectFrom('users').selectAll().where('email', 'not in', [ADMIN.email]).limit(3).execute()
  for (const person of people) {
    for (const purpose of ['verify', 'reset'] as const) mailedTokens.push(await issueAccountToken(db, person, purpose, 3600))
    mailedTokens.push(await issueAccountToken(db, person, 'reset', -60))
    mailedTokens.push(await issueAccountToken(db, { ...person, email: `old-${person.email}` }, 'verify', 3600))
  }
  await server.app.mailer.settled()
}

/** The value a marker stands for in the current data. */
function resolve(value: unknown): unknown {
  if (value instanceof Existing) {
    const rows = current.dump[value.table] ?? []
    if (rows.length === 0) return value.column === 'id' ? 1 : 'nobody@example.com'
    return rows[value.index % rows.length][value.column]
  }
  if (value instanceof MailedToken) return mailedTokens.length ? mailedTokens[value.index % mailedTokens.length] : 'no-token'
  if (Array.isArray(value)) return value.map(resolve)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]))
  return value
}

/** A location's warehouse, a seller entry's or mutation's product: so that coherent requests reach the handlers' work. */
function makeCoherent(params: Record<string, unknown>, body: unknown) {
  const rowOf = (table: string, id: unknown) => current.dump[table]?.find((row) => row.id === id)
  const parents: [string, string, string][] = [
    ['location_id', 'locations', 'warehouse_id'],
    ['seller_info_id', 'product_sellers', 'product_id'],
    ['mutation_id', 'stock_mutations', 'product_id'],
    ['line_id', 'stock_count_lines', 'count_id'],
  ]
  for (const [param, table, column] of parents) {
    const row = param in params ? rowOf(table, params[param]) : undefined
    if (row) params.id = row[column]
  }
  if (body && typeof body === 'object' && 'location_id' in body && 'warehouse_id' in body) {
    const location = rowOf('locations', (body as Record<string, unknown>).location_id)
    if (location) (body as Record<string, unknown>).warehouse_id = location.warehouse_id
  }
}

/** Percent-encodes like encodeURIComponent, but a lone surrogate becomes the (invalid) UTF-8 bytes of its code unit. */
function percentEncode(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('')
    else out += encodeURIComponent(char)
  }
  return out
}
const encodePathValue = (value: unknown) => (typeof value === 'string' && value.includes('%') ? value : percentEncode(String(value)))

function inject(request: FuzzRequest): Promise<Response> {
  const params = resolve(request.params) as Record<string, unknown>
  const body = request.body && 'json' in request.body ? resolve(request.body.json) : undefined
  if (request.coherent) makeCoherent(params, body)
  const path = request.path.replace(/\{(\w+)\}/g, (_, name: string) => encodePathValue(params[name]))
  const query = request.query.map(([key, value]) => `${percentEncode(key)}=${percentEncode(String(resolve(value)))}`).join('&')
  let payload: string | undefined
  if (request.body && 'raw' in request.body) payload = request.body.raw
  else if (
    request.body &&
    request.contentType === 'application/x-www-form-urlencoded' &&
    body &&
    typeof body === 'object' &&
    !Array.isArray(body)
  )
    payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()
  else if (request.body) payload = JSON.stringify(body)
  const headers: Record<string, string> = {}
  if (request.contentType !== undefined && payload !== undefined) headers['content-type'] = request.contentType
  const token =
    request.auth === 'admin' ? tokens.admin : request.auth === 'user' ? tokens.user : request.auth === 'garbage' ? 'a.b.c' : undefined
  if (token) headers.authorization = `Bearer ${token}`
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey
  return server.app.inject({ method: request.method as 'GET', url: query ? `${path}?${query}` : path, payload, headers })
}

/** Only the changed tables, for a readable failure. */
function changedTables(before: Dump, after: Dump) {
  return Object.fromEntries(
    tables
      .filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]))
      .map((t) => [
        t,
        {
          before: before[t].length,
          after: after[t].length,
          rows: after[t].filter((row) => !before[t].some((b) => JSON.stringify(b) === JSON.stringify(row))),
        },
      ]),
  )
}

const statuses = new Map<string, Map<number, number>>()
function tally(operation: string, status: number) {
  const counts = statuses.get(operation) ?? new Map<number, number>()
  counts.set(status, (counts.get(status) ?? 0) + 1)
  statuses.set(operation, counts)
}

/**
 * A mark that moves whenever anything may have been written: on SQLite the changes of the server's connection and
 * the commits of any other (exact); on PostgreSQL the next transaction id (every row write takes one; other
 * databases' writes move it too, which only costs a dump). An unmoved mark spares dumping the whole database.
 */
async function writeMark(): Promise<string> {
  const query =
    dbKind === 'sqlite'
      ? sql<{ mark: string }>`select total_changes() || ':' || (select data_version from pragma_data_version) as mark`
      : sql<{ mark: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`
  return (await query.execute(db)).rows[0].mark
}

async function check(request: FuzzRequest) {
  const mark = await writeMark()
  const res = await inject(request)
  // what the answer started in the background (a mail, an accepted import) is over before the data is compared
  await Promise.all([server.app.mailer.settled(), importRunnerOf(server.database).settled()])
  const operation = `${request.method} ${request.path}`
  tally(operation, res.statusCode)
  const said = `${operation} → ${res.statusCode} ${res.body.slice(0, 300)}`
  expect(res.statusCode, said).toBeLessThan(500)
  expect(troubles.splice(0), `the server logged trouble: ${said}`).toEqual([])
  // labels and purchase orders (PDFs), the reorder report's CSV and the exports (CSV or XLSX) are the answers that are not JSON
  // (or the SPA's page), unless refused
  const answers =
    res.statusCode !== 200
      ? /^application\/json|^text\/html/
      : request.path.startsWith('/api/labels/') || request.path.endsWith('/pdf')
        ? /^application\/pdf/
        : request.path.endsWith('.csv')
          ? /^text\/csv/
          : request.path.endsWith('/export')
            ? /^text\/csv|^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet$/
            : /^application\/json|^text\/html/
  expect(res.headers['content-type'] ?? 'application/json', said).toMatch(answers)

  const after = (await writeMark()) === mark ? current : await dumpAll()
  if (res.statusCode >= 400)
    expect(after.text === current.text ? {} : changedTables(current.dump, after.dump), `a rejected request changed data: ${said}`).toEqual(
      {},
    )
  current = after
  if (res.statusCode < 300 && /^\/api\/(users|auth)/.test(request.path)) {
    let restored = false
    for (const account of ['admin', 'user'] as const) {
      if (!(await stillSignedIn(account))) {
        await restore(account)
        restored = true
      }
    }
    if (restored) current = await dumpAll()
  }
}

describe('every route, given generated bad input', () => {
  it('is described: the OpenAPI document lists the routes to fuzz', () => {
    expect(operations.length).toBeGreaterThan(50)
  })

  for (const operation of operations) {
    it(`${operation.method} ${operation.path}: never 5xx, and a rejected request changes nothing`, { timeout: 300_000 }, async () => {
      if (!tokens.admin) {
        await restore('admin')
        await restore('user')
      }
      await seed()
      current = await dumpAll()
      await fc.assert(fc.asyncProperty(requestFor(operation, idTables), check), { numRuns: RUNS, seed: SEED, endOnFailure: true })
    })
  }

  it('leaves a server that still answers', async () => {
    expect((await server.anonymous.get('/api/health')).json()).toEqual({ status: 'ok', database: 'ok' })
    expect((await server.client(tokens.admin).get('/api/products/')).statusCode).toBe(200)
    const summary = [...statuses].map(
      ([operation, counts]) =>
        `${operation.padEnd(60)} ${[...counts]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    )
    console.log(
      `fuzzed ${[...statuses.values()].reduce((sum, c) => sum + [...c.values()].reduce((a, b) => a + b, 0), 0)} requests:\n${summary.join('\n')}`,
    )
  })
})
