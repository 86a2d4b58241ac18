// The dashboard's figures. Each reads an index or a kept count except the stock value, which reads every product
// (0.4 s at a million): the figures run where slow reads run (domain/slow-reads.ts). The ledger check reads every
// mutation (22 s at five million on SQLite): it runs in the background where exports run, one at a time, and its
// last result is kept with the time it was made; the dashboard shows that and may ask for a new one.
import { sql } from 'kysely'
import type { Currency, Dashboard, LedgerStatus } from '../../contract'
import type { DatabaseHandle, DB, Dialect } from '../db'
import { now } from '../db/clock'
import { openRowStream } from './exports/row-stream'

const DAY_MS = 24 * 3600 * 1000
export const CHART_DAYS = 30

/** The start of today in UTC, when the reader does not say when their day starts. */
const utcMidnight = () => `${now().slice(0, 10)}T00:00:00.000Z`

/**
 * Every figure but the last changes and approvals (which need the reader's rights) and the ledger check. A reader
 * who sees some warehouses only (`warehouses`) gets the stock value, the products below minimum and the bookings of
 * those: from the per-warehouse levels instead of the product totals.
 */
export async function dashboardFigures(
  { db, dialect }: { db: DB; dialect: Dialect },
  { day_start, warehouses }: { day_start?: string; warehouses?: number[] },
): Promise<Omit<Dashboard, 'last_changes' | 'approvals'>> {
  const today = new Date(day_start ?? utcMidnight())
  const first = new Date(today.getTime() - (CHART_DAYS - 1) * DAY_MS)
  const some = warehouses !== undefined
  const inWarehouses = (column: string) =>
    some ? sql`and ${sql.ref(column)} in (${sql.join(warehouses.length > 0 ? warehouses : [0])})` : sql``
  // the reader's date: noon after their midnight falls on it in UTC too, wherever they are
  const todayDate = new Date(today.getTime() + DAY_MS / 2).toISOString().slice(0, 10)
  const [kept, values, below, perDay, orders] = await Promise.all([
    db.selectFrom('row_counts').select('row_count').where('table_name', '=', 'products').executeTakeFirst(),
    (some
      ? sql<{ currency: Currency; value: number; products: number }>`select purchase_currency as currency,
          sum(on_hand * purchase_price) as value, count(*) as products
        from (select product_id, sum(on_hand) as on_hand from warehouse_stock where on_hand <> 0 ${inWarehouses('warehouse_id')}
              group by product_id) stock
        join products on products.id = stock.product_id
        where purchase_price is not null and purchase_currency is not null and on_hand <> 0
        group by purchase_currency order by purchase_currency`
      : sql<{ currency: Currency; value: number; products: number }>`select purchase_currency as currency,
          sum(product_stock.on_hand * purchase_price) as value, count(*) as products
        from products join product_stock on product_stock.product_id = products.id
        where purchase_price is not null and purchase_currency is not null and product_stock.on_hand <> 0
        group by purchase_currency order by purchase_currency`
    ).execute(db),
    // read from the partial index of the stock rows below their minimum (migration 032) alone
    sql<{ products: number }>`select count(distinct product_id) as products from warehouse_stock
      where on_hand < min_stock ${inWarehouses('warehouse_id')}`.execute(db),
    // days counted from the reader's midnight, so they are the reader's days on both databases
    (dialect === 'sqlite'
      ? sql<{
          day: number
          bookings: number
        }>`select cast(floor(julianday(created_at) - julianday(${first.toISOString()})) as integer) as day,
          count(*) as bookings from stock_mutations where created_at >= ${first.toISOString()} ${inWarehouses('warehouse_id')} group by 1`
      : sql<{
          day: number
          bookings: number
        }>`select floor(extract(epoch from created_at - ${first.toISOString()}::timestamptz) / 86400) as day,
          count(*) as bookings from stock_mutations where created_at >= ${first.toISOString()} ${inWarehouses('warehouse_id')} group by 1`
    ).execute(db),
    sql<{ open: number; late: number }>`select count(*) as open,
        coalesce(sum(case when expected_date < ${todayDate} then 1 else 0 end), 0) as late
      from purchase_orders where status in ('sent', 'partially_received') ${inWarehouses('warehouse_id')}`.execute(db),
  ])
  const byDay = new Map(perDay.rows.map((r) => [Number(r.day), Number(r.bookings)]))
  const bookings_per_day = Array.from({ length: CHART_DAYS }, (_, i) => ({
    day: new Date(first.getTime() + i * DAY_MS).toISOString(),
    bookings: byDay.get(i) ?? 0,
  }))
  return {
    products: Number(kept?.row_count ?? 0),
    stock_value: values.rows.map((v) => ({
      currency: v.currency,
      value: Math.round(Number(v.value) * 100) / 100,
      products: Number(v.products),
    })),
    below_minimum: Number(below.rows[0]?.products ?? 0),
    bookings_today: bookings_per_day[CHART_DAYS - 1].bookings,
    bookings_per_day,
    purchase_orders: { open: Number(orders.rows[0]?.open ?? 0), late: Number(orders.rows[0]?.late ?? 0) },
  }
}

interface Kept {
  status: LedgerStatus
  running?: Promise<void>
}
const kept = new WeakMap<DatabaseHandle, Kept>()
const never: LedgerStatus = { state: 'done', checked_at: null, seconds: null, discrepancies: null, mutations: null, failure: null }

/** The last ledger check; starts one when none was made yet, or when `again` and none runs. */
export function ledgerStatus(handle: DatabaseHandle, again = false): LedgerStatus {
  let entry = kept.get(handle)
  if (!entry) kept.set(handle, (entry = { status: never }))
  if (!entry.running && (again || entry.status.checked_at === null)) {
    const current = entry
    current.status = { ...current.status, state: 'checking' }
    current.running = runCheck(handle).then(
      (result) => void (current.status = result),
      (error: unknown) => void (current.status = { ...current.status, state: 'failed', failure: (error as Error).message }),
    )
    void current.running.finally(() => (current.running = undefined))
  }
  return entry.status
}

/** Waits for a running check (tests). */
export const ledgerCheckSettled = (handle: DatabaseHandle) => kept.get(handle)?.running ?? Promise.resolve()

async function runCheck(handle: DatabaseHandle): Promise<LedgerStatus> {
  const started = now()
  const clock = performance.now()
  let discrepancies = 0
  let mutations = 0
  // through the long reads' path: a worker thread on SQLite, a cursor without the slow reads' time limit on PostgreSQL
  for await (const batch of await openRowStream(handle, 'ledger', {}))
    for (const row of batch) {
      if (row.level === 'total') mutations = Number(row.kept)
      else discrepancies += 1
    }
  return { state: 'done', checked_at: started, seconds: (performance.now() - clock) / 1000, discrepancies, mutations, failure: null }
}
