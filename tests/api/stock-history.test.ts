// The stock history of a product: the level at the end of each day of a range, per warehouse and in total, equal to
// the ledger summed up to the end of that day; summed per day by the database through an index.
import { sql, type CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StockHistory } from '../../src/contract'
import { openDatabase, type DatabaseHandle } from '../../src/server/db'
import { stockHistory } from '../../src/server/domain/stock-history'
import { startServer, type TestServer } from './helpers'
import { fixtures, ok, validationItems } from './product-fixtures'

let server: TestServer
let make: ReturnType<typeof fixtures>
let main: { id: number }
let north: { id: number }
let productId: number
const DAY = 86_400_000
const today = new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10)

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  main = await make.warehouse('Main')
  north = await make.warehouse('North')
  const [m1, m2, n1] = [await make.location(main.id, 'M-1'), await make.location(main.id, 'M-2'), await make.location(north.id, 'N-1')]
  productId = (await make.product({ sku: 'HIST' })).id
  // [days ago, hour, place, amount]: bookings over ten days, two of them before any range asked for below
  const bookings: [number, number, { warehouse_id: number; location_id: number }, number][] = [
    [40, 9, { warehouse_id: main.id, location_id: m1.id }, 50],
    [12, 23, { warehouse_id: north.id, location_id: n1.id }, 8],
    [9, 0, { warehouse_id: main.id, location_id: m1.id }, -5],
    [9, 15, { warehouse_id: main.id, location_id: m2.id }, 7],
    [5, 12, { warehouse_id: north.id, location_id: n1.id }, -8],
    [2, 23, { warehouse_id: main.id, location_id: m2.id }, -3],
    [0, 1, { warehouse_id: north.id, location_id: n1.id }, 4],
  ]
  for (const [ago, hour, place, amount] of bookings) {
    const { id } = await make.book(productId, { amount, ...place })
    const at = new Date(Date.parse(`${daysAgo(ago)}T00:00:00Z`) + hour * 3_600_000 + 59 * 60_000).toISOString()
    await server.database.db.updateTable('stock_mutations').set({ created_at: at }).where('id', '=', id).execute()
  }
})
afterAll(() => server.close())

/** The reference: the whole ledger summed up to the end of each day, per warehouse. */
async function fromLedger(from: string, to: string, warehouseIds: number[]) {
  const ledger = await server.database.db.selectFrom('stock_mutations').selectAll().where('product_id', '=', productId).execute()
  const days: { date: string; levels: number[] }[] = []
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY) {
    const end = new Date(ms + DAY).toISOString()
    const date = new Date(ms).toISOString().slice(0, 10)
    const levels = warehouseIds.map((w) =>
      ledger.filter((m) => m.warehouse_id === w && new Date(m.created_at).toISOString() < end).reduce((sum, m) => sum + m.amount, 0),
    )
    days.push({ date, levels })
  }
  return days.map(({ date, levels }) => ({ date, total: levels.reduce((a, b) => a + b, 0), levels }))
}
const history = async (query: string): Promise<StockHistory> =>
  ok(await server.admin.get(`/api/products/${productId}/stock_history?${query}`))

describe('the stock history of a product', () => {
  it('answers the level at the end of each day, per warehouse and in total, as the ledger sums it', async () => {
    const [from, to] = [daysAgo(14), today]
    const answer = await history(`from=${from}&to=${to}`)
    expect(answer.warehouses).toEqual([
      { warehouse_id: main.id, warehouse_name: 'Main' },
      { warehouse_id: north.id, warehouse_name: 'North' },
    ])
    expect(answer.days).toHaveLength(15)
    expect(answer.days).toEqual(await fromLedger(from, to, [main.id, north.id]))
    expect(answer.days[0]).toEqual({ date: from, total: 50, levels: [50, 0] })
    expect(answer.days.at(-1)).toEqual({ date: today, total: 53, levels: [49, 4] })

    // a range in the past, and one warehouse alone
    const past = await history(`from=${daysAgo(12)}&to=${daysAgo(8)}&warehouse_id=${north.id}`)
    expect(past.warehouses).toEqual([{ warehouse_id: north.id, warehouse_name: 'North' }])
    expect(past.days).toEqual(await fromLedger(daysAgo(12), daysAgo(8), [north.id]))
    expect(past.days.map((d) => d.total)).toEqual([8, 8, 8, 8, 8])
  })

  it('defaults to the last 30 days; a warehouse without stock in the range is left out unless asked for', async () => {
    const answer = await history('')
    expect([answer.from, answer.to, answer.days.length]).toEqual([daysAgo(29), today, 30])
    const empty = await make.warehouse('Empty')
    expect(answer.warehouses.map((w) => w.warehouse_id)).not.toContain(empty.id)
    const asked = await history(`warehouse_id=${empty.id}&from=${daysAgo(1)}`)
    expect(asked.days).toEqual([
      { date: daysAgo(1), total: 0, levels: [0] },
      { date: today, total: 0, levels: [0] },
    ])
  })

  it('names the parameter of a bad range and answers 404 for an unknown product', async () => {
    for (const [query, loc] of [
      [`from=${today}&to=${daysAgo(1)}`, ['query', 'from']],
      [`from=${daysAgo(800)}&to=${today}`, ['query', 'from']],
      ['from=2026-02-30', ['query', 'from']],
      ['to=yesterday', ['query', 'to']],
      ['warehouse_id=999999', ['query', 'warehouse_id']],
    ] as const)
      expect(validationItems(await server.admin.get(`/api/products/${productId}/stock_history?${query}`))[0].loc, query).toEqual(loc)
    expect((await server.admin.get('/api/products/999999/stock_history')).statusCode).toBe(404)
  })

  it('sums the days in the database through the index on product, time, warehouse and amount', async () => {
    const queries: CompiledQuery[] = []
    const database: DatabaseHandle = openDatabase(server.databaseUrl, { onQuery: (q) => queries.push(q), readWorkers: 0 })
    try {
      await stockHistory(database, productId, { from: daysAgo(14) })
      const summing = queries.find((q) => q.sql.includes('group by'))!
      const plan =
        database.dialect === 'sqlite'
          ? (await database.db.executeQuery<{ detail: string }>({ ...summing, sql: `explain query plan ${summing.sql}` })).rows
              .map((r) => r.detail)
              .join('\n')
          : await database.db.connection().execute(async (connection) => {
              await sql`set enable_seqscan = off`.execute(connection)
              const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>({ ...summing, sql: `explain ${summing.sql}` })
              return rows.map((r) => r['QUERY PLAN']).join('\n')
            })
      expect(plan).toContain('stock_mutations_product_time')
      // the rows themselves are not read: the index holds every column the sums need
      expect(plan).toMatch(/COVERING INDEX stock_mutations_product_time|Index Only Scan using stock_mutations_product_time/)
    } finally {
      await database.close()
    }
  })
})
