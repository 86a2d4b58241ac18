// The stock of a product at the end of each day (UTC) of a range, per warehouse and in total, from the ledger. One
// statement reads the kept level per warehouse beside the sums of the mutations per day and warehouse since the
// first day (through the index on product, time, warehouse and amount, without reading the rows); the level at the
// end of a day is the kept level less what was booked after that day. The cost grows with the mutations since the
// first day of the range, not with the product's whole ledger, and the days are summed by the database.
import { sql } from 'kysely'
import { DEFAULT_HISTORY_DAYS, MAX_HISTORY_DAYS, type StockHistory, type StockHistoryQuery } from '../../contract'
import type { DB, Dialect } from '../db'
import { Invalid, NotFound } from './errors'
import { missingReference } from './references'
import { visibleIds, type VisibleWarehouses } from './visible-warehouses'

const DAY_MS = 86_400_000
const EARLIEST = '2000-01-01'
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`)

/** The range asked for, checked: `to` defaults to today, `from` to DEFAULT_HISTORY_DAYS days up to `to`. */
export function historyRange(query: Pick<StockHistoryQuery, 'from' | 'to'>, today = isoDay(Date.now())): { from: string; to: string } {
  const to = query.to ?? today
  const from = query.from ?? isoDay(dayMs(to) - (DEFAULT_HISTORY_DAYS - 1) * DAY_MS)
  // the ledger starts in this century; PostgreSQL keeps no year 0
  if (from < EARLIEST) throw Invalid.rule(['query', 'from'], 'history_too_early', { earliest: EARLIEST })
  if (from > to) throw Invalid.rule(['query', 'from'], 'history_from_after_to', { to })
  if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > MAX_HISTORY_DAYS)
    throw Invalid.rule(['query', 'from'], 'history_too_long', { limit: MAX_HISTORY_DAYS })
  return { from, to }
}

/** The UTC day of a stored timestamp: SQLite keeps ISO text, PostgreSQL timestamptz. */
const dayOf = (dialect: Dialect) =>
  dialect === 'postgres' ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(created_at, 1, 10)`

export async function stockHistory(
  { db, dialect }: { db: DB; dialect: Dialect },
  productId: number,
  query: StockHistoryQuery,
  visible: VisibleWarehouses = 'all',
): Promise<StockHistory> {
  const { from, to } = historyRange(query)
  const warehouseId = query.warehouse_id
  const ids = visibleIds(visible)
  const seen = ids === undefined ? sql`` : sql` and warehouse_id in (${sql.join([...ids])})`
  const inWarehouse = warehouseId === undefined ? seen : sql` and warehouse_id = ${warehouseId}${seen}`
  const [product, warehouse] = await Promise.all([
    db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst(),
    warehouseId === undefined ? undefined : db.selectFrom('warehouses').select('id').where('id', '=', warehouseId).executeTakeFirst(),
  ])
  if (!product) throw new NotFound('Product')
  if (warehouseId !== undefined && !warehouse) throw new Invalid([missingReference('query', 'warehouse_id', warehouseId)])

  // one statement, so the kept levels and the sums are read at one moment; day null marks the kept level
  const { rows } = await sql<{ warehouse_id: number; day: string | null; amount: number | string }>`
    select warehouse_id, null as day, on_hand as amount from warehouse_stock where product_id = ${productId}${inWarehouse}
    union all
    select warehouse_id, ${dayOf(dialect)} as day, sum(amount) as amount from stock_mutations
     where product_id = ${productId} and created_at >= ${`${from}T00:00:00.000Z`}${inWarehouse}
     group by warehouse_id, ${dayOf(dialect)}`.execute(db)

  const kept = new Map<number, number>()
  /** per warehouse, what was booked per day */
  const booked = new Map<number, Map<string, number>>()
  for (const row of rows) {
    const id = Number(row.warehouse_id)
    if (row.day === null) kept.set(id, Number(row.amount))
    else booked.set(id, (booked.get(id) ?? new Map<string, number>()).set(row.day, Number(row.amount)))
  }
  const days: string[] = []
  for (let ms = dayMs(from); ms <= dayMs(to); ms += DAY_MS) days.push(isoDay(ms))

  // walking back from today: the level at the end of a day is the kept level less everything booked after it
  const levels = new Map<number, number[]>()
  for (const id of new Set([...kept.keys(), ...booked.keys()])) {
    const perDay = booked.get(id) ?? new Map<string, number>()
    let level = kept.get(id) ?? 0
    for (const [day, amount] of perDay) if (day > to) level -= amount
    const series = new Array<number>(days.length)
    for (let i = days.length - 1; i >= 0; i--) {
      series[i] = level
      level -= perDay.get(days[i]) ?? 0
    }
    if (warehouseId !== undefined || series.some((n) => n !== 0)) levels.set(id, series)
  }
  // the warehouse asked for is answered, with zeros when the product never was there
  if (warehouseId !== undefined && !levels.has(warehouseId)) levels.set(warehouseId, new Array<number>(days.length).fill(0))

  const warehouses = levels.size
    ? await db
        .selectFrom('warehouses')
        .select(['id', 'warehouse_name'])
        .where('id', 'in', [...levels.keys()])
        .orderBy(sql`lower(warehouse_name)`)
        .orderBy('id')
        .execute()
    : []
  return {
    product_id: productId,
    from,
    to,
    warehouses: warehouses.map((w) => ({ warehouse_id: w.id, warehouse_name: w.warehouse_name })),
    days: days.map((date, i) => {
      const perWarehouse = warehouses.map((w) => levels.get(w.id)![i])
      return { date, total: perWarehouse.reduce((sum, n) => sum + n, 0), levels: perWarehouse }
    }),
  }
}
