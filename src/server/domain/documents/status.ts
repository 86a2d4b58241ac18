// The status machine every document with lines shares (counts now; purchase orders, seller orders, pick lists and
// returns next): a document is locked while its lines change, moves only from a state that leads to the next one,
// stamping when, and anything else is refused with a code that names the state it is in.
import { sql } from 'kysely'
import { now } from '../../db/clock'
import { dialectOfConnection } from '../../db/dialect'
import type { Trx } from '../../db/writes'
import type { Conflict } from '../errors'
import { NotFound } from '../errors'

/** The tables of documents: each has id, status, updated_at and a time stamp column per state it stamps. */
type DocumentTable = 'stock_counts' | 'approvals' | 'purchase_orders'

export interface DocumentStatuses<S extends string> {
  table: DocumentTable
  /** what a 404 calls the document */
  name: string
  /** the states each state may move to */
  next: Record<S, readonly S[]>
  /** the column that reaching a state stamps with the time */
  stamps: Partial<Record<S, string>>
  /** why a document in `status` may not do what was asked: a conflict whose code names the state */
  refusal(id: number, status: S): Conflict
}

/** The states `to` may be reached from. */
const leadingTo = <S extends string>(machine: DocumentStatuses<S>, to: S) =>
  (Object.keys(machine.next) as S[]).filter((from) => machine.next[from].includes(to))

/**
 * The document's status, the row locked shared for the rest of the transaction on PostgreSQL (SQLite's write
 * transaction holds the whole file): a line changes only while no move of the document runs, and the other way round.
 * `exclusive`: for a change that writes the document's row itself (a receipt), which two shared locks would deadlock.
 */
async function lockedStatus<S extends string>(trx: Trx, machine: DocumentStatuses<S>, id: number, exclusive = false): Promise<S> {
  const lock = dialectOfConnection(trx) === 'postgres' ? (exclusive ? sql` for update` : sql` for share`) : sql``
  const {
    rows: [row],
  } = await sql<{ status: S }>`select status from ${sql.table(machine.table)} where id = ${id}${lock}`.execute(trx)
  if (!row) throw new NotFound(machine.name)
  return row.status
}

/** Refused unless the document is in one of `states`, which it then stays in until the transaction ends. */
export async function assertStatus<S extends string>(
  trx: Trx,
  machine: DocumentStatuses<S>,
  id: number,
  states: readonly S[],
  { exclusive = false } = {},
) {
  const status = await lockedStatus(trx, machine, id, exclusive)
  if (!states.includes(status)) throw machine.refusal(id, status)
  return status
}

/**
 * Moves the document to `to` from any state that leads there, stamping updated_at and the state's own column, in one
 * conditional update: of two moves at once, the second finds the document moved and is refused. Answers the stamp
 * and the moved document's row.
 */
export async function moveDocument<S extends string>(
  trx: Trx,
  machine: DocumentStatuses<S>,
  id: number,
  to: S,
): Promise<{ stamp: string; moved: Record<string, unknown> }> {
  const stamp = now()
  const column = machine.stamps[to]
  const {
    rows: [moved],
  } = await sql<Record<string, unknown>>`update ${sql.table(machine.table)}
      set status = ${to}, updated_at = ${stamp}${column === undefined ? sql`` : sql`, ${sql.ref(column)} = ${stamp}`}
    where id = ${id} and status in (${sql.join(leadingTo(machine, to))}) returning *`.execute(trx)
  if (moved) return { stamp, moved }
  const {
    rows: [row],
  } = await sql<{ status: S }>`select status from ${sql.table(machine.table)} where id = ${id}`.execute(trx)
  if (!row) throw new NotFound(machine.name)
  throw machine.refusal(id, row.status)
}
