// When the database fails under the API. PostgreSQL: unreachable through a proxy the test cuts (the shared server
// keeps running). SQLite: a full disk (max_page_count: SQLite answers SQLITE_FULL exactly as on ENOSPC) and a
// read-only database (query_only: the SQLITE_READONLY of a read-only file; as root we cannot make one by chmod).
// Calls answer 503 with a sentence, nothing half-written stays, and service comes back without a restart.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { checkLedger } from '../../src/server/domain/ledger'
import { ADMIN, dbKind, freshDatabaseUrl, startServer, type Response, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'
import { startTcpProxy, type TcpProxy } from './tcp-proxy'
import { killRunning, listening, signIn, startProcess, stopProcess } from './server-process'
import { openDatabase } from '../../src/server/db'

const loginForm = (password = ADMIN.password) => new URLSearchParams({ username: ADMIN.email, password }).toString()
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

function expectUnavailable(res: Response, code: 'DB_UNAVAILABLE' | 'DB_READ_ONLY') {
  expect(res.statusCode, res.body).toBe(503)
  expect(res.json().code).toBe(code)
  expect(res.json().detail).toMatch(code === 'DB_UNAVAILABLE' ? /database is not available right now/ : /disk is full or it is read-only/)
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
}

interface Place {
  productId: number
  warehouse_id: number
  location_id: number
}

async function makePlace(server: TestServer, name: string): Promise<Place> {
  const make = fixtures(server.admin)
  const warehouse = await make.warehouse(`Faults ${name}`)
  const location = await make.location(warehouse.id, `${name}-1`)
  const product = await make.product({ sku: `FAULT-${name}` })
  return { productId: product.id, warehouse_id: warehouse.id, location_id: location.id }
}

const book = (server: TestServer, place: Place, amount: number, note?: string) =>
  server.admin.post(`/api/products/${place.productId}/stock_mutations`, {
    amount,
    warehouse_id: place.warehouse_id,
    location_id: place.location_id,
    note,
  })

const mutationCount = async (server: TestServer, productId: number) =>
  (await server.database.db.selectFrom('stock_mutations').select('id').where('product_id', '=', productId).execute()).length

if (dbKind === 'postgres') {
  describe('PostgreSQL unreachable', () => {
    let server: TestServer
    let proxy: TcpProxy
    let direct: ReturnType<typeof openDatabase>
    beforeAll(async () => {
      server = await startServer({}, { connectThrough: async (url) => (proxy = await startTcpProxy(url)).url })
      direct = openDatabase(server.databaseUrl)
    })
    afterEach(() => proxy.restore())
    afterAll(async () => {
      await direct.close()
      await server.close()
      await proxy.close()
    })

    it('answers 503 with a readable message, health says degraded, and it recovers by itself when the database is back', async () => {
      const place = await makePlace(server, 'cut')
      expect(await server.anonymous.get('/api/health').then((r) => [r.statusCode, r.json()])).toEqual([
        200,
        { status: 'ok', database: 'ok' },
      ])

      proxy.cut()
      const health = await server.anonymous.get('/api/health')
      expect(health.statusCode).toBe(503)
      expect(health.json()).toEqual({ status: 'degraded', database: 'unavailable' })
      expectUnavailable(await server.admin.get('/api/products/'), 'DB_UNAVAILABLE')
      expectUnavailable(await server.admin.get(`/api/products/${place.productId}`), 'DB_UNAVAILABLE')
      expectUnavailable(await book(server, place, 5), 'DB_UNAVAILABLE')
      expectUnavailable(await server.admin.post('/api/brands/', { brand_name: 'Unwritten' }), 'DB_UNAVAILABLE')
      expectUnavailable(await server.anonymous.post('/api/auth/jwt/login', loginForm(), FORM), 'DB_UNAVAILABLE')

      // a database that swallows packets: a new connection gives up after its timeout instead of hanging the request
      proxy.hang()
      expectUnavailable(await server.admin.get('/api/brands/'), 'DB_UNAVAILABLE')

      proxy.restore()
      expect(await server.anonymous.get('/api/health').then((r) => [r.statusCode, r.json()])).toEqual([
        200,
        { status: 'ok', database: 'ok' },
      ])
      expect((await book(server, place, 5)).statusCode).toBe(201)
      expect((await server.anonymous.post('/api/auth/jwt/login', loginForm(), FORM)).statusCode).toBe(200)
      expect(await direct.db.selectFrom('brands').select('id').where('brand_name', '=', 'Unwritten').execute()).toEqual([])
      expect(ok(await server.admin.get(`/api/products/${place.productId}`)).stock).toBe(5)
      expect(await checkLedger(direct.db)).toEqual([])
    })

    it('a booking whose connection breaks in the middle of its transaction answers 503 and leaves nothing behind', async () => {
      const place = await makePlace(server, 'midway')
      // hold the product row from outside, so the booking stops inside its transaction until the connection is cut
      const holder = new pg.Client({ connectionString: server.databaseUrl })
      await holder.connect()
      try {
        await holder.query('begin')
        await holder.query('select id from products where id = $1 for update', [place.productId])
        const booking = book(server, place, 7)
        await vi.waitFor(
          async () => {
            const { rows } = await holder.query(
              `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
            )
            expect(rows[0].n).toBeGreaterThan(0)
          },
          { timeout: 10_000, interval: 20 },
        )
        proxy.cut()
        expectUnavailable(await booking, 'DB_UNAVAILABLE')
        await holder.query('rollback')
      } finally {
        await holder.end()
      }
      proxy.restore()
      expect(await mutationCount(server, place.productId)).toBe(0)
      expect(ok(await server.admin.get(`/api/products/${place.productId}`)).stock).toBe(0)
      expect(await checkLedger(direct.db)).toEqual([])
    })

    it('cut under a booking load: every answer is 201 or 503, never 500, and every 201 is kept', async () => {
      const place = await makePlace(server, 'load')
      const booked: number[] = []
      const statuses: number[] = []
      let cut = false
      const client = async (n: number) => {
        for (let i = 0; i < 8; i++) {
          const res = await book(server, place, n + 1)
          statuses.push(res.statusCode)
          if (res.statusCode === 201) booked.push(res.json().id)
          // cut while the other clients are in the middle of their bookings
          if (booked.length === 20 && !cut) {
            cut = true
            proxy.cut()
          }
        }
      }
      await Promise.all(Array.from({ length: 10 }, (_, n) => client(n)))
      expect(new Set(statuses)).toEqual(new Set([201, 503]))
      proxy.restore()
      const kept = (await direct.db.selectFrom('stock_mutations').select('id').where('product_id', '=', place.productId).execute()).map(
        (r) => r.id,
      )
      expect(kept).toEqual(expect.arrayContaining(booked))
      // a connection cut while its COMMIT travels leaves the outcome unknown to the server: stored, but answered 503
      expect(kept.length - booked.length).toBeLessThanOrEqual(statuses.filter((s) => s === 503).length)
      expect(await checkLedger(direct.db)).toEqual([])
    })
  })

  describe('starting while PostgreSQL is unreachable', () => {
    let proxy: TcpProxy
    let database: Awaited<ReturnType<typeof freshDatabaseUrl>>
    let dataDir: string
    beforeAll(async () => {
      database = await freshDatabaseUrl()
      proxy = await startTcpProxy(database.url)
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-wait-'))
    })
    afterEach(() => killRunning())
    afterAll(async () => {
      await proxy.close()
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    })
    const settings = (wait: string) => ({
      DATABASE_URL: proxy.url,
      DATA_DIR: dataDir,
      DATABASE_WAIT: wait,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    })

    it('gives up after DATABASE_WAIT seconds with a sentence naming the database (no password) and exit code 1', async () => {
      proxy.cut()
      const proc = await startProcess(settings('1'))
      expect((await proc.exited).code).toBe(1)
      const address = new URL(proxy.url)
      expect(proc.stderr()).toContain(
        `Stockroom cannot start: Cannot reach the database postgres://postgres@127.0.0.1:${address.port}${address.pathname}`,
      )
      expect(proc.stderr()).toMatch(/ECONNRESET.*waited 1 s\. Is it running/)
      expect(proc.stderr()).not.toMatch(/^\s+at /m)
      expect(proc.stdout()).not.toMatch(/Server listening/)
    }, 60_000)

    it('waits for the database, saying so, and serves once it is back', async () => {
      proxy.cut()
      const proc = await startProcess(settings('120'))
      await proc.waitFor(/is not reachable yet \(ECONNRESET[^)]*\); trying again/)
      proxy.restore()
      await listening(proc)
      expect((await fetch(`${proc.base}/api/health`)).status).toBe(200)
      expect((await signIn(proc.base, ADMIN.email, ADMIN.password)).status).toBe(200)
      expect((await stopProcess(proc)).code).toBe(0)
    }, 60_000)
  })
} else {
  describe('SQLite that cannot write', () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer()
    })
    afterAll(() => server.close())
    const pragma = async (statement: string) => (await sql.raw(`pragma ${statement}`).execute(server.database.db)).rows
    const integrity = async () => {
      expect(await pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
      expect(await pragma('foreign_key_check')).toEqual([])
      expect(await checkLedger(server.database.db)).toEqual([])
    }

    it('disk full: writes answer 503 and change nothing, reads keep working, and writes work again once there is room', async () => {
      const place = await makePlace(server, 'full')
      for (const amount of [3, 4]) expect((await book(server, place, amount)).statusCode).toBe(201)
      const [{ page_count }] = (await pragma('page_count')) as { page_count: number }[]
      await pragma(`max_page_count = ${page_count}`)
      try {
        const note = 'n'.repeat(1000)
        const statuses: number[] = []
        let extra = 0
        let refused: Response | undefined
        for (let i = 0; i < 200 && !refused; i++) {
          const res = await book(server, place, 1, note)
          statuses.push(res.statusCode)
          if (res.statusCode === 201) extra += 1
          else refused = res
        }
        expect(refused, 'the database never filled up').toBeDefined()
        expect(new Set(statuses)).toEqual(new Set(statuses.length > 1 ? [201, 503] : [503]))
        expectUnavailable(refused!, 'DB_READ_ONLY')
        expectUnavailable(await book(server, place, 1, note), 'DB_READ_ONLY')

        // reads keep working, and show exactly the bookings that were answered 201
        expect(ok(await server.admin.get(`/api/products/${place.productId}`)).stock).toBe(3 + 4 + extra)
        expect(ok(await server.admin.get(`/api/products/${place.productId}/stock_mutations?limit=1000`))).toHaveLength(2 + extra)
        expect((await server.anonymous.get('/api/health')).statusCode).toBe(200)
        await integrity()
      } finally {
        await pragma('max_page_count = 1073741823')
      }
      expect((await book(server, place, 2)).statusCode).toBe(201)
      await integrity()
    })

    it('a transaction SQLite has rolled back by itself (as after SQLITE_FULL or SQLITE_IOERR at commit) fails with its own error', async () => {
      // RAISE(ROLLBACK) ends the transaction inside SQLite just as a failed write to a full disk does
      await sql
        .raw(`create temp trigger refuse_brand before insert on brands begin select raise(rollback, 'rolled back by SQLite'); end`)
        .execute(server.database.db)
      try {
        const stamp = new Date().toISOString()
        const attempt = server.database.db
          .transaction()
          .execute((trx) => trx.insertInto('brands').values({ brand_name: 'Never', created_at: stamp, updated_at: stamp }).execute())
        await expect(attempt).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_TRIGGER', message: 'rolled back by SQLite' })
      } finally {
        await sql.raw('drop trigger temp.refuse_brand').execute(server.database.db)
      }
      expect(ok(await server.admin.get('/api/brands/?q=Never'))).toEqual([])
    })

    it('read-only: writes (also a sign-in, which stores a session) answer 503, reads keep working, writable again afterwards', async () => {
      const place = await makePlace(server, 'ro')
      const first = await book(server, place, 6)
      expect(first.statusCode).toBe(201)
      await pragma('query_only = 1')
      try {
        expectUnavailable(await book(server, place, 1), 'DB_READ_ONLY')
        expectUnavailable(await server.admin.delete(`/api/products/${place.productId}/stock_mutations/${first.json().id}`), 'DB_READ_ONLY')
        expectUnavailable(await server.admin.post('/api/brands/', { brand_name: 'Read-only brand' }), 'DB_READ_ONLY')
        expectUnavailable(await server.admin.patch(`/api/products/${place.productId}`, { description: 'changed' }), 'DB_READ_ONLY')
        expectUnavailable(await server.anonymous.post('/api/auth/jwt/login', loginForm(), FORM), 'DB_READ_ONLY')

        const product = ok(await server.admin.get(`/api/products/${place.productId}`))
        expect(product).toMatchObject({ stock: 6, description: null })
        expect(ok(await server.admin.get('/api/brands/?q=Read-only'))).toEqual([])
        expect((await server.anonymous.get('/api/health')).statusCode).toBe(200)
      } finally {
        await pragma('query_only = 0')
      }
      expect((await book(server, place, 1)).statusCode).toBe(201)
      expect(ok(await server.admin.get(`/api/products/${place.productId}`)).stock).toBe(7)
      await integrity()
    })
  })
}
