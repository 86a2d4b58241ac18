// Bookings that arrive together: on SQLite they share a transaction and its commit (each in a savepoint), on
// PostgreSQL each has its own. Either way every accepted booking is stored before it is answered, a refused one
// leaves nothing, and the kept levels equal the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompiledQuery } from 'kysely'
import { openDatabase, type DatabaseHandle } from '../../src/server/db'
import { bookMutation, checkLedger, MAX_STOCK } from '../../src/server/domain/ledger'
import { runWrite } from '../../src/server/db/writes'
import { dbKind, startServer, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'

let server: TestServer
let make: ReturnType<typeof fixtures>
let places: { warehouse_id: number; location_id: number }[]
let elsewhere: { warehouse_id: number; location_id: number }
beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  const north = await make.warehouse('Group North')
  const south = await make.warehouse('Group South')
  places = [
    { warehouse_id: north.id, location_id: (await make.location(north.id, 'GN-1')).id },
    { warehouse_id: north.id, location_id: (await make.location(north.id, 'GN-2')).id },
  ]
  elsewhere = { warehouse_id: north.id, location_id: (await make.location(south.id, 'GS-1')).id }
})
afterAll(() => server.close())

describe('bookings that arrive together', () => {
  it('each is answered as stored or refused on its own; refused ones leave nothing; levels equal the ledger', async () => {
    const product = await make.product({ sku: 'TOGETHER' })
    const url = `/api/products/${product.id}/stock_mutations`
    const start = 1_200_000_000
    await make.book(product.id, { amount: 1_000_000_000, ...places[0] })
    await make.book(product.id, { amount: start - 1_000_000_000, ...places[0] })
    const accepted = Array.from({ length: 30 }, (_, i) => ({ amount: i + 1, ...places[i % 2] }))
    const refused = [
      { amount: 1_000_000_000, ...places[0] }, // the kept stock would pass MAX_STOCK, whatever comes first
      { amount: 5, ...elsewhere }, // a location of another warehouse
    ]
    expect(start + 1_000_000_000).toBeGreaterThan(MAX_STOCK)
    const [answers, refusals, missing] = await Promise.all([
      Promise.all(accepted.map((body) => server.admin.post(url, body))),
      Promise.all(refused.map((body) => server.admin.post(url, body))),
      server.admin.post('/api/products/999999/stock_mutations', { amount: 1, ...places[0] }),
    ])
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(201))
    expect(refusals.map((r) => r.statusCode)).toEqual([422, 422])
    expect(refusals[0].json().detail[0].loc).toEqual(['body', 'amount'])
    expect(refusals[1].json().detail[0].loc).toEqual(['body', 'location_id'])
    expect(missing.statusCode).toBe(404)

    const stored = (ok(await server.admin.get(`${url}?limit=100`)) as { id: number; amount: number }[]).slice(0, -2)
    expect(stored.map((m) => m.id).sort((a, b) => a - b)).toEqual(answers.map((r) => r.json().id).sort((a, b) => a - b))
    const total = start + accepted.reduce((sum, b) => sum + b.amount, 0)
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).stock).toBe(total)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it(`${dbKind === 'sqlite' ? 'share one commit on SQLite (a savepoint each)' : 'commit one by one on PostgreSQL, one statement each'}`, async () => {
    const product = await make.product({ sku: 'SHARED' })
    const queries: CompiledQuery[] = []
    const database: DatabaseHandle = openDatabase(server.config.DATABASE_URL, { onQuery: (query) => queries.push(query) })
    try {
      const booked = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          runWrite(database, (trx) => bookMutation(trx, { product_id: product.id, amount: i + 1, user_id: null, ...places[i % 2] })),
        ),
      )
      expect(booked).toHaveLength(20)
      const savepoints = queries.filter((q) => q.sql === 'savepoint write').length
      const inserts = queries.filter((q) => /insert into "?stock_mutations"?/.test(q.sql))
      expect(inserts).toHaveLength(20)
      /* eslint-disable vitest/no-conditional-expect -- SQLite groups the bookings, PostgreSQL does not */
      if (dbKind === 'sqlite') expect(savepoints).toBeGreaterThan(1)
      else {
        expect(savepoints).toBe(0)
        // one statement per booking: the ledger row and the three kept levels together
        expect(
          inserts.filter((q) =>
            /insert into "?stock_levels"?[\s\S]*insert into "?warehouse_stock"?[\s\S]*insert into "?product_stock"?/.test(q.sql),
          ),
        ).toHaveLength(20)
        expect(queries.filter((q) => /stock_levels|warehouse_stock/.test(q.sql))).toHaveLength(20)
      }
      /* eslint-enable vitest/no-conditional-expect */
      // the wide product row is never written by a booking: its total lives in the narrow product_stock
      expect(queries.filter((q) => /update "?products"?/.test(q.sql))).toEqual([])
      expect(queries.filter((q) => /product_stock/.test(q.sql))).toHaveLength(20)
    } finally {
      await database.close()
    }
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).stock).toBe(210)
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})
