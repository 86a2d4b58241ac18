// Two server processes on one PostgreSQL database share their Idempotency-Keys: a key used on one is answered on the
// other, and the same key sent to both at once books once (the database tells each which one carries it out).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../src/server/db'
import { checkLedger } from '../../src/server/domain/ledger'
import { ADMIN, freshDatabaseUrl } from './helpers'
import { httpClient, type HttpClient } from './http-client'
import { killRunning, listening, signIn, startProcess } from './server-process'

let database: Awaited<ReturnType<typeof freshDatabaseUrl>>
let handle: DatabaseHandle
let dataDir: string
let servers: HttpClient[]
let product: number
let place: { warehouse_id: number; location_id: number }

beforeAll(async () => {
  database = await freshDatabaseUrl()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-idem-pg-'))
  const settings = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  }
  // the first creates the schema and the super-user; the second starts on them
  const first = await startProcess(settings)
  await listening(first)
  const second = await startProcess(settings)
  await listening(second)
  const { access_token: token } = (await (await signIn(first.base, ADMIN.email, ADMIN.password)).json()) as { access_token: string }
  servers = [httpClient(first.base, token), httpClient(second.base, token)]
  const created = async (url: string, body: unknown) => ((await servers[0].post(url, body)).body as { id: number }).id
  product = await created('/api/products/', { sku: 'TWO-SERVERS' })
  const warehouse = await created('/api/warehouses/', { warehouse_name: 'Shared' })
  place = { warehouse_id: warehouse, location_id: await created(`/api/warehouses/${warehouse}/locations`, { location_name: 'S-1' }) }
  handle = openDatabase(database.url)
}, 60_000)

afterAll(async () => {
  servers?.forEach((server) => server.close())
  await killRunning()
  await handle?.close()
  await database?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const mutations = async () => (await handle.db.selectFrom('stock_mutations').select('id').execute()).length

describe('Idempotency-Keys of two server processes on one PostgreSQL', () => {
  it('answers on one server the key used on the other', async () => {
    const key = { 'idempotency-key': randomUUID() }
    const booking = { amount: 2, ...place }
    const before = await mutations()
    const booked = await servers[0].post(`/api/products/${product}/stock_mutations`, booking, key)
    const replayed = await servers[1].post(`/api/products/${product}/stock_mutations`, booking, key)
    expect(booked.status).toBe(201)
    expect(replayed.status).toBe(201)
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    expect(replayed.body).toEqual(booked.body)
    const reused = await servers[1].post(`/api/products/${product}/stock_mutations`, { ...booking, amount: 9 }, key)
    expect(reused.status).toBe(422)
    expect(await mutations()).toBe(before + 1)
  })

  it('books once for a key sent to both servers at the same moment', async () => {
    const before = await mutations()
    const rounds = 15
    for (let round = 0; round < rounds; round++) {
      const key = { 'idempotency-key': randomUUID() }
      const answers = await Promise.all(
        servers.map((server) => server.post(`/api/products/${product}/stock_mutations`, { amount: 1, ...place }, key)),
      )
      const statuses = answers.map((answer) => answer.status).sort()
      // both answered the booking (one carried it out, one was given its answer), or one was told it is under way
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses)
      for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' })
    }
    expect(await mutations()).toBe(before + rounds)
    expect(await checkLedger(handle.db)).toEqual([])
  })
})
