// The kept levels, described once: per product and location, per product and warehouse, per product. Each keeps
// on_hand, always the sum of the ledger below it. Both dialects' statements are built from this description, so a
// new key (a lot) or quantity is one change here; nothing but the ledger's writes changes a level.
import { sql, type RawBuilder } from 'kysely'
import type { Trx } from '../../db/writes'
import { Invalid } from '../errors'

/** A change of the kept levels of one product at one location (and so in its warehouse and in total). */
export interface LevelChange {
  product_id: number
  warehouse_id: number
  location_id: number
  amount: number
}

type Column = keyof Omit<LevelChange, 'amount'>

interface Level {
  table: 'stock_levels' | 'warehouse_stock' | 'product_stock'
  /** what the level is kept per: its primary key, and the order its rows are locked in */
  keys: readonly Column[]
  /** stored beside the keys, as the change has it */
  carried: readonly Column[]
  /** keeps when a booking last moved it */
  stamped: boolean
}

/** Finest first: the order every ledger write takes its locks in. */
export const LEVELS: readonly Level[] = [
  { table: 'stock_levels', keys: ['product_id', 'location_id'], carried: ['warehouse_id'], stamped: false },
  { table: 'warehouse_stock', keys: ['product_id', 'warehouse_id'], carried: [], stamped: false },
  { table: 'product_stock', keys: ['product_id'], carried: [], stamped: true },
]

/** Kept amounts are 32-bit integers on PostgreSQL; the same limit holds on SQLite so both answer alike. */
export const MAX_STOCK = 2_147_483_647

export const stockOutOfRange = () => Invalid.rule(['body', 'amount'], 'stock_out_of_range', { limit: MAX_STOCK }, 'less_than_equal')

export const isOutOfStockRange = (amounts: (number | string | null)[]) => amounts.some((n) => Math.abs(Number(n)) > MAX_STOCK)

const columnsOf = (level: Level) => [...level.keys, ...level.carried]

/**
 * Adds rows to a level: `rows` names, in the order of `columnsOf(level)`, the columns, the amount and (when the
 * level is stamped) the time. Answers each row's keys and its new on_hand.
 */
export function addingTo(level: Level, rows: RawBuilder<unknown>): RawBuilder<Partial<LevelChange> & { on_hand: number }> {
  const table = sql.table(level.table)
  const stamp = level.stamped ? sql`, moved_at` : sql``
  const restamp = level.stamped ? sql`, moved_at = excluded.moved_at` : sql``
  const keys = sql.join(level.keys.map((c) => sql.ref(c)))
  return sql<
    Partial<LevelChange> & { on_hand: number }
  >`insert into ${table} (${sql.join(columnsOf(level).map((c) => sql.ref(c)))}, on_hand${stamp}) ${rows}
    on conflict (${keys}) do update set on_hand = ${table}.on_hand + excluded.on_hand${restamp}
    returning ${keys}, on_hand`
}

/** The values of summed changes for `addingTo`, one row each. */
const valuesOf = (level: Level, sums: { change: LevelChange; amount: number }[], stamp: string) =>
  sql`values ${sql.join(
    sums.map(
      ({ change, amount }) => sql`(${sql.join([...columnsOf(level).map((c) => change[c]), amount, ...(level.stamped ? [stamp] : [])])})`,
    ),
  )}`

/** Level rows written by one statement: bounded so that its parameters stay under SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 1000

/** The columns of a booked mutation `m` for `addingTo`, after the level before it (`after`) so they run in order. */
export const selectedFrom = (level: Level, after: string | undefined, stamp: string) =>
  sql`select ${sql.join([...columnsOf(level).map((c) => sql.ref(`m.${c}`)), sql.ref('m.amount'), ...(level.stamped ? [sql`${stamp}`] : [])])}
    from m${after === undefined ? sql`` : sql`, ${sql.table(after)}`}`

const keyOf = (level: Level, change: LevelChange) => level.keys.map((c) => change[c]).join(':')

/** Sums the changes per key of the level, in the order of its keys: the order every ledger write takes its locks in. */
function summed(level: Level, changes: LevelChange[]) {
  const sums = new Map<string, { change: LevelChange; amount: number }>()
  for (const change of changes) {
    const key = keyOf(level, change)
    const known = sums.get(key)
    if (known) known.amount += change.amount
    else sums.set(key, { change, amount: change.amount })
  }
  const byKeys = (a: LevelChange, b: LevelChange) => level.keys.reduce((diff, c) => diff || a[c] - b[c], 0)
  return [...sums.values()].sort((a, b) => byKeys(a.change, b.change))
}

/**
 * Adds the changes (negative to take away) to the kept levels, and answers the new level per product and location.
 * Locks are taken in one order by every ledger write: the locations' levels, then the warehouses', then the
 * products', each sorted by key (a statement upserts its rows in the order given). A write of several changes (a
 * transfer, a count, an import's chunk) then never waits in a circle with another (PostgreSQL would end one of them
 * as a deadlock), and takes one statement per level, not one per change.
 */
export async function addToLevels(trx: Trx, changes: LevelChange[], stamp: string): Promise<Map<string, number>> {
  const [finest] = LEVELS
  const levels = new Map<string, number>()
  const amounts: number[] = []
  for (const level of LEVELS) {
    const sums = summed(level, changes)
    for (let start = 0; start < sums.length; start += ROWS_PER_STATEMENT) {
      const { rows } = await addingTo(level, valuesOf(level, sums.slice(start, start + ROWS_PER_STATEMENT), stamp)).execute(trx)
      for (const row of rows) {
        if (level === finest) levels.set(keyOf(level, row as LevelChange), Number(row.on_hand))
        amounts.push(row.on_hand)
      }
    }
  }
  if (isOutOfStockRange(amounts)) throw stockOutOfRange()
  return levels
}

/** The kept level of a product at a location after `addToLevels`. */
export const levelAfter = (levels: Map<string, number>, productId: number, locationId: number) =>
  levels.get(keyOf(LEVELS[0], { product_id: productId, location_id: locationId, warehouse_id: 0, amount: 0 })) ?? 0

/**
 * Marks the places a count counted as counted at `stamp`, making their level rows where there were none. Taken
 * before the count books, in the ledger's lock order (each place's level before any warehouse's or product's).
 */
export async function markCounted(trx: Trx, countId: number, warehouseId: number, stamp: string): Promise<void> {
  await sql`insert into stock_levels (product_id, location_id, warehouse_id, on_hand, last_counted_at)
    select product_id, location_id, ${warehouseId}, 0, ${stamp} from stock_count_lines
     where count_id = ${countId} and counted is not null order by product_id, location_id
    on conflict (product_id, location_id) do update set last_counted_at = excluded.last_counted_at`.execute(trx)
}
