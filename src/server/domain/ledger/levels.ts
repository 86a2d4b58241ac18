// The kept levels, described once: per product and location, per product and warehouse, per product. Each keeps
// on_hand, always the sum of the ledger below it; the warehouse's level also keeps incoming, the open quantity of its
// sent purchase orders. Both dialects' statements are built from this description, so a new key (a lot) or quantity
// is one change here; nothing but the ledger's and the purchase orders' writes changes a level.
import { sql, type RawBuilder } from 'kysely'
import { isOutOfRange } from '../../db/errors'
import type { Trx } from '../../db/writes'
import { Invalid } from '../errors'

/** A change of the kept levels of one product at one location (and so in its warehouse and in total). */
export interface LevelChange {
  product_id: number
  warehouse_id: number
  location_id: number
  amount: number
  /** what it adds to the warehouse's incoming (a receipt takes what came off it), written with its on_hand */
  incoming?: number
}

type Column = 'product_id' | 'warehouse_id' | 'location_id'
/** A change of one level's rows: the columns that level keeps, and what it adds to its quantities. */
type RowChange = Partial<Record<Column, number>> & Pick<LevelChange, 'amount' | 'incoming'>
type Quantity = 'on_hand' | 'incoming'
const amountOf = (change: RowChange, quantity: Quantity) => (quantity === 'on_hand' ? change.amount : (change.incoming ?? 0))

interface Level {
  table: 'stock_levels' | 'warehouse_stock' | 'product_stock'
  /** what the level is kept per: its primary key, and the order its rows are locked in */
  keys: readonly Column[]
  /** stored beside the keys, as the change has it */
  carried: readonly Column[]
  /** what it keeps, each added to by a change */
  quantities: readonly Quantity[]
  /** keeps when a booking last moved it */
  stamped: boolean
}

/** Finest first: the order every ledger write takes its locks in. */
export const LEVELS: readonly Level[] = [
  { table: 'stock_levels', keys: ['product_id', 'location_id'], carried: ['warehouse_id'], quantities: ['on_hand'], stamped: false },
  { table: 'warehouse_stock', keys: ['product_id', 'warehouse_id'], carried: [], quantities: ['on_hand', 'incoming'], stamped: false },
  { table: 'product_stock', keys: ['product_id'], carried: [], quantities: ['on_hand'], stamped: true },
]
/** The warehouse's level: the one that keeps incoming. */
export const WAREHOUSE_LEVEL = LEVELS[1]

/** Kept amounts are 32-bit integers on PostgreSQL; the same limit holds on SQLite so both answer alike. */
export const MAX_STOCK = 2_147_483_647

export const stockOutOfRange = () => Invalid.rule(['body', 'amount'], 'stock_out_of_range', { limit: MAX_STOCK }, 'less_than_equal')

export const isOutOfStockRange = (amounts: (number | string | null)[]) => amounts.some((n) => Math.abs(Number(n)) > MAX_STOCK)

const columnsOf = (level: Level) => [...level.keys, ...level.carried]

type KeptRow = Partial<Record<Column, number>> & Partial<Record<Quantity, number>>

/**
 * Adds rows to a level: `rows` names, in the order of `columnsOf(level)`, the columns, the level's quantities and
 * (when the level is stamped) the time. Answers each row's keys and its new quantities.
 */
export function addingTo(level: Level, rows: RawBuilder<unknown>): RawBuilder<KeptRow> {
  const table = sql.table(level.table)
  const stamp = level.stamped ? sql`, moved_at` : sql``
  const restamp = level.stamped ? sql`, moved_at = excluded.moved_at` : sql``
  const keys = sql.join(level.keys.map((c) => sql.ref(c)))
  const quantities = sql.join(level.quantities.map((q) => sql.ref(q)))
  const added = sql.join(level.quantities.map((q) => sql`${sql.ref(q)} = ${table}.${sql.ref(q)} + excluded.${sql.ref(q)}`))
  return sql<KeptRow>`insert into ${table} (${sql.join(columnsOf(level).map((c) => sql.ref(c)))}, ${quantities}${stamp}) ${rows}
    on conflict (${keys}) do update set ${added}${restamp}
    returning ${keys}, ${quantities}`
}

/** The values of summed changes for `addingTo`, one row each. */
const valuesOf = (level: Level, sums: Summed[], stamp: string) =>
  sql`values ${sql.join(
    sums.map(
      ({ change, amounts }) =>
        sql`(${sql.join([...columnsOf(level).map((c) => change[c]), ...amounts, ...(level.stamped ? [stamp] : [])])})`,
    ),
  )}`

/** Level rows written by one statement: bounded so that its parameters stay under SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 1000

/**
 * The columns of a booked mutation `m` for `addingTo`, after the level before it (`after`) so they run in order. A
 * booking changes no incoming.
 */
export const selectedFrom = (level: Level, after: string | undefined, stamp: string) =>
  sql`select ${sql.join([
    ...columnsOf(level).map((c) => sql.ref(`m.${c}`)),
    ...level.quantities.map((q) => (q === 'on_hand' ? sql.ref('m.amount') : sql`0`)),
    ...(level.stamped ? [sql`${stamp}`] : []),
  ])}
    from m${after === undefined ? sql`` : sql`, ${sql.table(after)}`}`

const keyOf = (level: Level, change: Partial<Record<Column, number>>) => level.keys.map((c) => change[c]).join(':')

interface Summed {
  change: RowChange
  /** per quantity of the level */
  amounts: number[]
}

/** Sums the changes per key of the level, in the order of its keys: the order every ledger write takes its locks in. */
function summed(level: Level, changes: readonly RowChange[]): Summed[] {
  const sums = new Map<string, Summed>()
  for (const change of changes) {
    const key = keyOf(level, change)
    const amounts = level.quantities.map((q) => amountOf(change, q))
    const known = sums.get(key)
    if (known) amounts.forEach((amount, i) => (known.amounts[i] += amount))
    else sums.set(key, { change, amounts })
  }
  const byKeys = (a: RowChange, b: RowChange) => level.keys.reduce((diff, c) => diff || a[c]! - b[c]!, 0)
  return [...sums.values()].sort((a, b) => byKeys(a.change, b.change))
}

/**
 * Adds the changes to one level, one statement per ROWS_PER_STATEMENT rows in the order of its keys; answers the
 * rows as kept after. Past what a level holds is refused on both databases (PostgreSQL's integer would overflow).
 */
export async function addToLevel(trx: Trx, level: Level, changes: readonly RowChange[], stamp: string): Promise<KeptRow[]> {
  const sums = summed(level, changes)
  const kept: KeptRow[] = []
  for (let start = 0; start < sums.length; start += ROWS_PER_STATEMENT) {
    const { rows } = await addingTo(level, valuesOf(level, sums.slice(start, start + ROWS_PER_STATEMENT), stamp))
      .execute(trx)
      .catch((error: unknown) => {
        throw isOutOfRange(error) ? stockOutOfRange() : error
      })
    kept.push(...rows)
  }
  if (isOutOfStockRange(kept.flatMap((row) => level.quantities.map((q) => row[q] ?? 0)))) throw stockOutOfRange()
  return kept
}

/**
 * Adds the changes (negative to take away) to the kept levels, and answers the new level per product and location.
 * Locks are taken in one order by every ledger write: the locations' levels, then the warehouses', then the
 * products', each sorted by key (a statement upserts its rows in the order given). A write of several changes (a
 * transfer, a count, an import's chunk) then never waits in a circle with another (PostgreSQL would end one of them
 * as a deadlock), and takes one statement per level, not one per change.
 */
export async function addToLevels(trx: Trx, changes: readonly LevelChange[], stamp: string): Promise<Map<string, number>> {
  const [finest] = LEVELS
  const levels = new Map<string, number>()
  for (const level of LEVELS) {
    const rows = await addToLevel(trx, level, changes, stamp)
    if (level === finest) for (const row of rows) levels.set(keyOf(level, row), Number(row.on_hand))
  }
  return levels
}

/** The kept level of a product at a location after `addToLevels`. */
export const levelAfter = (levels: Map<string, number>, productId: number, locationId: number) =>
  levels.get(keyOf(LEVELS[0], { product_id: productId, location_id: locationId })) ?? 0

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
