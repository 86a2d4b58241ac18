// Slow reads hold up nobody else. SQLite: the product list runs on worker threads with read-only connections of
// their own, so the event loop (and the server's connection) stays free. PostgreSQL: list reads take only their
// share of the pool, waiting for a connection is not the database being away, and a runaway read is stopped.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CompiledQuery } from 'kysely'
import { readWorkers } from '../../src/server/db/read-workers'
import { listProducts } from '../../src/server/domain/product-list'
import { dbKind, startServer, type Response, type TestServer } from './helpers'
import { fixtures } from './product-fixtures'

/** Waits for a condition, looking again every 50 ms (for 20 s at most). */
async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still not so after 20 s: ${condition.toString()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const settledFlags = <T>(promise: Promise<T>) => {
  const state = { settled: false, promise }
  void promise.finally(() => (state.settled = true))
  return state
}

describe.runIf(dbKind === 'sqlite')('SQLite: slow reads on worker threads', () => {
  let server: TestServer
  const mainQueries: CompiledQuery[] = []
  const productIds: number[] = []

  beforeAll(async () => {
    server = await startServer({}, { open: { onQuery: (query) => mainQueries.push(query) } })
    const make = fixtures(server.admin)
    for (let i = 0; i < 5; i++) productIds.push((await make.product({ sku: `SLOW-${i}`, description: `Slow lamp ${i}` })).id)
  })
  afterAll(() => server?.close())

  it('runs a filtered product list on a worker: none of its queries reach the server connection, and the answer is the same', async () => {
    mainQueries.length = 0
    const res = await server.admin.get('/api/products/?description=lamp&sort_by=sku.desc')
    expect(res.statusCode).toBe(200)
    expect(mainQueries.length).toBeGreaterThan(0) // the session check
    expect(mainQueries.filter((q) => /row_counts|products_search|from "products"/.test(q.sql))).toEqual([])
    expect(res.json()).toEqual(await listProducts(server.database, { description: 'lamp', sort_by: 'sku.desc' }))
    expect(res.json().items.map((p: { id: number }) => p.id)).toEqual([...productIds].reverse())
    // the first pages of the whole catalogue are one walk of a sort index: read on the server's connection
    mainQueries.length = 0
    expect((await server.admin.get('/api/products/?sort_by=sku.desc')).statusCode).toBe(200)
    expect(mainQueries.filter((q) => q.sql.includes('row_counts'))).toHaveLength(1)
  })

  it('answers product details while a read holds its worker, and the read then completes on its own connection', async () => {
    const workers = readWorkers(server.database.file!, 1, new URL('./gated-read-worker.ts', import.meta.url))
    try {
      const gate = new Int32Array(new SharedArrayBuffer(8))
      const held = settledFlags(workers.run<number>('held count', { gate }))
      await vi.waitFor(() => expect(Atomics.load(gate, 1)).toBe(1), { timeout: 30_000 })
      for (const id of productIds) expect((await server.admin.get(`/api/products/${id}`)).statusCode).toBe(200)
      expect(held.settled).toBe(false)
      Atomics.store(gate, 0, 1)
      Atomics.notify(gate, 0)
      expect(await held.promise).toBe(productIds.length)
      // the worker's connection only reads; the driver's error code crosses back to the server
      await expect(workers.run('write', {})).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_READONLY/) })
    } finally {
      await workers.close()
    }
  })
})

describe.runIf(dbKind === 'postgres')('PostgreSQL: slow reads on a share of the pool', () => {
  let server: TestServer
  let impatient: TestServer
  let productId: number

  beforeAll(async () => {
    server = await startServer({ DATABASE_POOL_SIZE: '10' })
    impatient = await startServer({}, { open: { slowReadTimeoutMs: 200 } })
    productId = (await fixtures(server.admin).product({ sku: 'POOL-1' })).id
  })
  afterAll(async () => {
    await server?.close()
    await impatient?.close()
  })

  /** Holds every product list (they all read the kept count) until `release`; other reads go on. The lists the tests
   * send filter (a page of the whole catalogue is quick and read on the main share of the pool). */
  async function holdLists(databaseUrl: string) {
    const locker = new pg.Client({ connectionString: databaseUrl })
    await locker.connect()
    await locker.query('begin')
    await locker.query('lock table row_counts in access exclusive mode')
    const waiting = async () => {
      // inside a transaction the activity view keeps its first snapshot
      await locker.query('select pg_stat_clear_snapshot()')
      return Number(
        (
          await locker.query(`select count(*) as n from pg_stat_activity
            where datname = current_database() and application_name = 'stockroom slow reads' and wait_event_type = 'Lock'`)
        ).rows[0].n,
      )
    }
    return {
      waiting,
      async release() {
        await locker.query('commit')
        await locker.end()
      },
    }
  }

  it('twelve list reads stuck at once take a third of the pool: everyone else is answered, and no list gets 503', async () => {
    const lock = await holdLists(server.databaseUrl)
    const sent = Date.now()
    const lists = Array.from({ length: 12 }, (_, i) => settledFlags(server.admin.get(`/api/products/?sku=pool&skip=${i}&limit=1`)))
    try {
      // the slow reads' three connections wait on the lock, the other nine lists wait for one of those
      await until(async () => (await lock.waiting()) === 3)
      for (let i = 0; i < 10; i++) {
        const detail = await server.admin.get(`/api/products/${productId}`)
        expect(detail.statusCode, detail.body).toBe(200)
      }
      expect((await server.admin.get('/api/brands/')).statusCode).toBe(200)
      expect(lists.some((list) => list.settled)).toBe(false)
      // longer than a new connection may take (2 s): the old pool ended a wait in its queue then, with 503
      await until(() => Promise.resolve(Date.now() - sent > 2500))
      expect(lists.some((list) => list.settled)).toBe(false)
    } finally {
      await lock.release()
    }
    const answers: Response[] = await Promise.all(lists.map((list) => list.promise))
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200))
    expect(answers.map((res) => res.json().total)).toEqual(Array(12).fill(1))
  })

  it('stops a list read that runs past the statement timeout with 503 DB_TIMEOUT, and serves on', async () => {
    const lock = await holdLists(impatient.databaseUrl)
    let stopped: Response
    try {
      stopped = await impatient.admin.get('/api/products/?sku=pool')
    } finally {
      await lock.release()
    }
    expect(stopped.statusCode).toBe(503)
    expect(stopped.headers['retry-after']).toBe('5')
    expect(stopped.json()).toEqual({ detail: expect.stringMatching(/took too long/), code: 'DB_TIMEOUT' })
    expect((await impatient.admin.get('/api/products/')).statusCode).toBe(200)
  })
})
