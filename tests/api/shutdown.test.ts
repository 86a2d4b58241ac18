// SIGTERM under load: requests in flight are finished and answered, new connections are refused, the database
// is closed cleanly, and the process exits 0. A request is held in flight honestly, without sleeping: the client
// sends the headers with `Expect: 100-continue`, waits for the server's `100 Continue`, and sends the body only
// after the server has said it is shutting down.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../src/server/db'
import { checkLedger } from '../../src/server/domain/ledger'
import { ADMIN, dbKind, freshDatabaseUrl } from './helpers'
import { httpClient, type HttpClient } from './http-client'
import { killRunning, listening, signIn, startProcess } from './server-process'

afterAll(() => killRunning())

/** A POST whose body is withheld until `finish()`; `started` resolves when the server has taken the request. */
function heldRequest(base: string, path: string, token: string, body: unknown) {
  const payload = JSON.stringify(body)
  const { port } = new URL(base)
  const socket = net.connect(Number(port), '127.0.0.1')
  let received = ''
  const events = new Set<() => void>()
  socket.setEncoding('utf8')
  socket.on('data', (chunk) => {
    received += String(chunk)
    for (const check of events) check()
  })
  socket.on('close', () => {
    for (const check of events) check()
  })
  const until = (done: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (done()) resolve()
        else if (socket.destroyed) reject(new Error(`connection closed; received: ${received}`))
      }
      events.add(check)
      check()
    })
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(payload)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  )
  return {
    started: until(() => received.startsWith('HTTP/1.1 100 Continue')),
    async finish() {
      socket.write(payload)
      // `Connection: close`: the server ends the connection once it has answered
      await until(() => socket.readableEnded)
      const answer = received.replace(/^HTTP\/1.1 100 Continue\r\n\r\n/, '')
      socket.destroy()
      return { status: Number(answer.slice(9, 12)), body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) }
    },
  }
}

const refusesConnections = (base: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })

describe(`SIGTERM under load (${dbKind})`, () => {
  it('answers the requests in flight, refuses new connections, closes the database and exits 0', async () => {
    const database = await freshDatabaseUrl()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-term-'))
    try {
      const proc = await startProcess({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SECRET: randomBytes(32).toString('hex'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      })
      await listening(proc)
      const { access_token: token } = (await (await signIn(proc.base, ADMIN.email, ADMIN.password)).json()) as { access_token: string }
      const admin = httpClient(proc.base, token)
      const warehouse = (await admin.post('/api/warehouses/', { warehouse_name: 'Closing' })).body
      const location = (await admin.post(`/api/warehouses/${warehouse.id}/locations`, { location_name: 'Closing-1' })).body
      const product = (await admin.post('/api/products/', { sku: 'TERM' })).body
      admin.close()
      const booking = (amount: number) => ({ amount, warehouse_id: warehouse.id, location_id: location.id })
      const bookingsPath = `/api/products/${product.id}/stock_mutations`

      const held = [1, 2, 3].map((n) => heldRequest(proc.base, bookingsPath, token, booking(100 * n)))
      await Promise.all(held.map((h) => h.started))

      // a load that runs into the shutdown: each answer is a booking (201) or "closing" (503); a refused or reset
      // connection ends a client
      let terminating = false
      const answered: number[] = []
      const runClient = async (client: HttpClient) => {
        try {
          for (;;) {
            const answer = await client.post(bookingsPath, booking(1))
            expect([201, 503], JSON.stringify(answer.body)).toContain(answer.status)
            if (answer.status === 201) answered.push(answer.body.id)
            else break
          }
        } catch (error) {
          if (!terminating) throw error
          // eslint-disable-next-line vitest/no-conditional-expect -- a request cut off by the shutdown fails, and must fail this way
          expect(['ECONNREFUSED', 'ECONNRESET']).toContain((error as NodeJS.ErrnoException).code)
        } finally {
          client.close()
        }
      }
      const clients = Array.from({ length: 4 }, () => runClient(httpClient(proc.base, token)))
      await vi.waitFor(() => expect(answered.length).toBeGreaterThan(20), { timeout: 20_000, interval: 10 })

      terminating = true
      proc.child.kill('SIGTERM')
      await proc.waitFor(/shutting down: finishing requests in flight/)
      await vi.waitFor(async () => expect(await refusesConnections(proc.base)).toBe(true), { timeout: 10_000, interval: 10 })
      expect(proc.child.exitCode, 'the process waits for the requests in flight').toBeNull()

      const finished = await Promise.all(held.map((h) => h.finish()))
      expect(finished.map((f) => f.status)).toEqual([201, 201, 201])
      expect(finished.map((f) => f.body.amount)).toEqual([100, 200, 300])
      await Promise.all(clients)
      expect(await proc.exited).toEqual({ code: 0, signal: null })

      if (dbKind === 'sqlite') {
        // the last connection closed cleanly: SQLite folded the WAL into the database and removed it
        // eslint-disable-next-line vitest/no-conditional-expect -- only SQLite has a WAL file
        expect(fs.existsSync(`${database.url.slice('sqlite:'.length)}-wal`)).toBe(false)
      }
      const handle = openDatabase(database.url)
      try {
        const stored = (await handle.db.selectFrom('stock_mutations').select('id').execute()).map((r) => r.id)
        expect(stored).toEqual(expect.arrayContaining([...answered, ...finished.map((f) => f.body.id)]))
        expect(await checkLedger(handle.db)).toEqual([])
      } finally {
        await handle.close()
      }
    } finally {
      await killRunning()
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
