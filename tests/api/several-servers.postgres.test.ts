// Several app servers on one PostgreSQL (issue 16): three real server processes started at the same moment on one
// fresh database, without SECRET. All come up; a token from one works on all; logout on one ends it on all; the
// sign-in limit holds across them; thirty clients booking and deleting stock through all three leave every kept
// level equal to the ledger. Runs in the api-postgres project only (vite.config.ts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db'
import { checkLedger } from '../../src/server/domain/ledger'
import { ADMIN, freshDatabaseUrl } from './helpers'
import { httpClient, seededRandom } from './http-client'
import { killRunning, listening, signIn, startProcess, stopProcess, type Running } from './server-process'

const PER_ACCOUNT = 3
let database: Awaited<ReturnType<typeof freshDatabaseUrl>>
const dataDirs: string[] = []
let servers: Running[] = []

beforeAll(async () => {
  database = await freshDatabaseUrl()
  const settings = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-several-'))
    dataDirs.push(dataDir)
    // each its own DATA_DIR, as on separate machines: nothing is shared but the database
    return {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
      DATABASE_POOL_SIZE: '6',
    }
  }
  servers = await Promise.all([1, 2, 3].map(() => startProcess(settings())))
}, 180_000)
afterAll(async () => {
  await Promise.all(servers.filter((server) => server.child.exitCode === null).map((server) => stopProcess(server)))
  await killRunning()
  await database?.drop()
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
})

const tokenOf = async (base: string, email = ADMIN.email, password = ADMIN.password) => {
  const res = await signIn(base, email, password)
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}
const me = (base: string, token: string) => fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })

describe('three servers started at the same moment on one empty PostgreSQL database', () => {
  it('all come up, and exactly one of them creates the first super-user', async () => {
    await Promise.all(servers.map((server) => listening(server)))
    const created = servers.filter((server) => server.stdout().includes('first super-user created'))
    expect(created).toHaveLength(1)
    for (const server of servers) {
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200)
      expect(server.stderr()).not.toMatch(/users_email_key|Error/)
    }
  })

  it('share one signing secret: a token from any of them works on all, and logout on one ends it on all', async () => {
    for (const issuer of servers) {
      const token = await tokenOf(issuer.base)
      for (const server of servers) expect((await me(server.base, token)).status, `${issuer.base} → ${server.base}`).toBe(200)
    }
    const token = await tokenOf(servers[0].base)
    const logout = await fetch(`${servers[1].base}/api/auth/jwt/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    expect(logout.status).toBe(204)
    for (const server of servers) expect((await me(server.base, token)).status).toBe(401)
  })

  it('count sign-in failures together: the limit holds across them', async () => {
    const admin = httpClient(servers[0].base, await tokenOf(servers[0].base))
    const user = { email: 'spread@example.com', password: 'spread-password-1' }
    expect((await admin.post('/api/users/', { ...user, username: 'spread' })).status).toBe(201)
    admin.close()
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signIn(servers[i % 3].base, user.email, `wrong-${i}`)).status).toBe(400)
    for (const server of servers) {
      const refused = await signIn(server.base, user.email, user.password)
      expect(refused.status, server.base).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  it('thirty clients booking and deleting stock through all three leave every kept level equal to the ledger', async () => {
    const token = await tokenOf(servers[0].base)
    const admin = httpClient(servers[0].base, token)
    const created = async (url: string, body: unknown) => {
      const answer = await admin.post(url, body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      return answer.body.id as number
    }
    const warehouse = await created('/api/warehouses/', { warehouse_name: 'Shared' })
    const places: { warehouse_id: number; location_id: number }[] = []
    for (const name of ['S-1', 'S-2'])
      places.push({
        warehouse_id: warehouse,
        location_id: await created(`/api/warehouses/${warehouse}/locations`, { location_name: name }),
      })
    const products: number[] = []
    for (const sku of ['MANY-A', 'MANY-B', 'MANY-C']) products.push(await created('/api/products/', { sku }))
    admin.close()

    const random = seededRandom(16)
    const booked: { id: number; product: number }[] = []
    const statuses = new Map<number, number>()
    const client = async (index: number) => {
      const http = httpClient(servers[index % 3].base, token)
      try {
        for (let step = 0; step < 8; step++) {
          if (booked.length > 0 && random.next() < 0.35) {
            const { id, product } = random.pick(booked)
            const answer = await http.delete(`/api/products/${product}/stock_mutations/${id}`)
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
          } else {
            const product = random.pick(products)
            const answer = await http.post(`/api/products/${product}/stock_mutations`, {
              amount: random.int(1, 9),
              ...random.pick(places),
            })
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
            if (answer.status === 201) booked.push({ id: answer.body.id, product })
          }
        }
      } finally {
        http.close()
      }
    }
    await Promise.all(Array.from({ length: 30 }, (_, index) => client(index)))
    // bookings answer 201, deletions 204, or 404 when another client deleted the same mutation first
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([201, 204]))
    expect([...statuses.keys()].filter((status) => ![201, 204, 404].includes(status))).toEqual([])
    expect(statuses.get(201)).toBeGreaterThan(100)
    expect(statuses.get(204)).toBeGreaterThan(10)

    const handle = openDatabase(database.url)
    try {
      expect(await checkLedger(handle.db)).toEqual([])
      const total = await handle.db
        .selectFrom('product_stock')
        .select((eb) => eb.fn.sum<number>('on_hand').as('stock'))
        .executeTakeFirstOrThrow()
      const ledger = await handle.db
        .selectFrom('stock_mutations')
        .select((eb) => eb.fn.sum<number>('amount').as('amount'))
        .executeTakeFirstOrThrow()
      expect(Number(total.stock)).toBe(Number(ledger.amount))
    } finally {
      await handle.close()
    }
  })
})
