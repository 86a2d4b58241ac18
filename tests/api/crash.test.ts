// The real server process killed with SIGKILL in the middle of a write load, again and again. After every kill
// the database is whole (SQLite: integrity_check and foreign_key_check), every booking answered 201 is there,
// every deletion answered 204 is gone, and the kept stock equals the ledger. PostgreSQL keeps running throughout.
// The process is main.ts compiled ahead (the API projects' bundle), so that a dozen starts fit in well under a minute.
/* eslint-disable vitest/no-conditional-expect -- each step of the random write load checks the answer it got */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../src/server/db'
import { checkLedger } from '../../src/server/domain/ledger'
import { ADMIN, dbKind, freshDatabaseUrl } from './helpers'
import { httpClient, seededRandom, type HttpClient } from './http-client'
import { killRunning, listening, signIn, startProcess } from './server-process'

const CYCLES = 12
const CLIENTS = 6

afterAll(async () => {
  await killRunning()
})

describe(`the server killed with SIGKILL under a write load (${dbKind})`, () => {
  it(`keeps every answered write and a whole database through ${CYCLES} kills`, async () => {
    const database = await freshDatabaseUrl()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-crash-'))
    const settings = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      // the same secret on every start, so one token serves all cycles
      SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }
    const random = seededRandom(20)
    /** bookings answered 201: mutation id to product id */
    const booked = new Map<number, number>()
    /** deletions answered 204 */
    const deleted = new Set<number>()
    /** deletions sent but never answered: the mutation may or may not be gone */
    const undecided = new Set<number>()
    let token = ''
    let products: number[] = []
    let places: { warehouse_id: number; location_id: number }[] = []

    try {
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const proc = await startProcess(settings)
        await listening(proc)
        if (cycle === 0) ({ token, products, places } = await setUp(proc.base))

        const killAfter = booked.size + random.int(3, 25)
        let killed = false
        const kill = () => {
          if (killed) return
          killed = true
          proc.child.kill('SIGKILL')
        }
        const runClient = async (client: HttpClient) => {
          try {
            while (!killed) {
              const open = [...booked.keys()].filter((id) => !deleted.has(id) && !undecided.has(id))
              if (open.length > 0 && random.next() < 0.2) {
                const id = random.pick(open)
                undecided.add(id)
                const answer = await client.delete(`/api/products/${booked.get(id)}/stock_mutations/${id}`)
                expect([204, 404], JSON.stringify(answer.body)).toContain(answer.status)
                if (answer.status === 204) {
                  undecided.delete(id)
                  deleted.add(id)
                }
              } else {
                const product = random.pick(products)
                const answer = await client.post(`/api/products/${product}/stock_mutations`, {
                  amount: random.int(1, 9),
                  ...random.pick(places),
                })
                expect(answer.status, JSON.stringify(answer.body)).toBe(201)
                booked.set(answer.body.id, product)
                if (booked.size >= killAfter) kill()
              }
            }
          } catch (error) {
            // the only failures allowed are those of a connection to a killed server
            if (!killed) throw error
          } finally {
            client.close()
          }
        }
        await Promise.all(Array.from({ length: CLIENTS }, () => runClient(httpClient(proc.base, token))))
        expect(await proc.exited).toMatchObject({ signal: 'SIGKILL' })
        await checkAfterKill(database.url, booked, deleted, undecided)
      }
    } finally {
      await killRunning()
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
    expect(booked.size).toBeGreaterThanOrEqual(CYCLES * 3)
  }, 300_000)
})

async function setUp(base: string) {
  const login = await signIn(base, ADMIN.email, ADMIN.password)
  expect(login.status).toBe(200)
  const { access_token: token } = (await login.json()) as { access_token: string }
  const admin = httpClient(base, token)
  const created = async (path: string, body: unknown) => {
    const answer = await admin.post(path, body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body.id as number
  }
  const warehouse = await created('/api/warehouses/', { warehouse_name: 'Crash' })
  const places = []
  for (const name of ['K-1', 'K-2'])
    places.push({ warehouse_id: warehouse, location_id: await created(`/api/warehouses/${warehouse}/locations`, { location_name: name }) })
  const products = []
  for (const sku of ['KILL-A', 'KILL-B', 'KILL-C']) products.push(await created('/api/products/', { sku }))
  admin.close()
  return { token, products, places }
}

/** Run while the server is down: a fresh connection, as the next start would open the files. */
async function checkAfterKill(url: string, booked: Map<number, number>, deleted: Set<number>, undecided: Set<number>) {
  const handle: DatabaseHandle = openDatabase(url)
  try {
    if (handle.dialect === 'sqlite') {
      expect((await sql.raw('pragma integrity_check').execute(handle.db)).rows).toEqual([{ integrity_check: 'ok' }])
      expect((await sql.raw('pragma foreign_key_check').execute(handle.db)).rows).toEqual([])
    }
    const stored = new Set((await handle.db.selectFrom('stock_mutations').select('id').execute()).map((r) => r.id))
    const lost = [...booked.keys()].filter((id) => !deleted.has(id) && !undecided.has(id) && !stored.has(id))
    expect(lost, 'bookings answered 201 that are gone').toEqual([])
    expect(
      [...deleted].filter((id) => stored.has(id)),
      'deletions answered 204 that are back',
    ).toEqual([])
    expect(await checkLedger(handle.db)).toEqual([])
  } finally {
    await handle.close()
  }
}
