// The stock ledger. Every booking and every deletion of a mutation changes the kept levels (per location,
// per warehouse, per product) in the same transaction, with atomic increments, so that the levels always
// equal the sum of the ledger, also when requests run at the same time on PostgreSQL.
import { sql, type Selectable } from 'kysely'
import type { MutationSource } from '../../../contract'
import type { DB, Dialect } from '../../db'
import type { StockMutationsTable } from '../../db/schema'
import { now } from '../../db/clock'
import { isOutOfRange } from '../../db/errors'
import { explainingForeignKeys, type Trx } from '../../db/writes'
import { dialectOfConnection } from '../../db/dialect'
import { Conflict, Invalid, NotFound } from '../errors'
import { missingReference } from '../references'
import { assertProductExists, productName } from '../products'
import { LEVELS, addToLevels, addingTo, isOutOfStockRange, levelAfter, selectedFrom, stockOutOfRange, type LevelChange } from './levels'

export type MutationRow = Selectable<StockMutationsTable>

export interface NewMutation {
  product_id: number
  warehouse_id: number
  location_id: number
  amount: number
  note?: string | null
  /** why: a code of booking_reasons, checked by the caller (assertReason) */
  reason?: string | null
  /** the booking user */
  user_id: number | null
  /** the transfer this mutation is half of */
  transfer_id?: number | null
  /** the document (and line) it is booked from; a plain booking without one */
  source?: MutationSource
}

const MANUAL: MutationSource = { kind: 'manual', id: null, line_id: null }
/** The source columns of a new mutation, in the order the insert statements name them. */
const sourceOf = (mutation: NewMutation) => mutation.source ?? MANUAL

/** The names a booked mutation is answered with, read in the same transaction as the booking. */
export interface PlaceNames {
  warehouse_name: string
  location_name: string
}

/** What a booking's place check found: the product's id, the warehouse's and location's names, the location's warehouse. */
interface FoundPlace {
  found_product_id: number | null
  warehouse_name: string | null
  location_warehouse_id: number | null
  location_name: string | null
}

/** The product, warehouse and location of a booking must exist, and the location must be one of the warehouse's. */
function assertFound(place: FoundPlace, mutation: NewMutation): PlaceNames {
  if (place.found_product_id == null) throw new NotFound('Product')
  const missing = [
    ...(place.warehouse_name != null ? [] : [missingReference('body', 'warehouse_id', mutation.warehouse_id)]),
    ...(place.location_name != null ? [] : [missingReference('body', 'location_id', mutation.location_id)]),
  ]
  if (missing.length > 0) throw new Invalid(missing)
  if (place.location_warehouse_id !== mutation.warehouse_id)
    throw Invalid.rule(['body', 'location_id'], 'location_not_in_warehouse', {
      location_id: mutation.location_id,
      warehouse_id: mutation.warehouse_id,
    })
  return { warehouse_name: place.warehouse_name!, location_name: place.location_name! }
}

/**
 * The place check of a booking as one query (a scalar subquery per record), in the booking transaction. On PostgreSQL
 * it holds the three rows `for key share` before any level is locked: a deletion of the product locks the product
 * first and then its levels, so a booking that met the product only at its insert's foreign key check, after it had
 * locked a level, waited for the deletion while the deletion waited for that level (a deadlock).
 */
const findPlace = ({ product_id, warehouse_id, location_id }: NewMutation, dialect: Dialect) => {
  const held = dialect === 'postgres' ? sql` for key share` : sql``
  return sql<FoundPlace>`select (select id from products where id = ${product_id}${held}) as found_product_id,
           (select warehouse_name from warehouses where id = ${warehouse_id}${held}) as warehouse_name,
           (select warehouse_id from locations where id = ${location_id}${held}) as location_warehouse_id,
           (select location_name from locations where id = ${location_id}) as location_name`
}

/** Checks the place of a booking (see assertFound) and answers its names (a booking held for approval is checked so). */
export async function assertPlace(trx: Trx, mutation: NewMutation): Promise<PlaceNames> {
  const {
    rows: [place],
  } = await findPlace(mutation, dialectOfConnection(trx)).execute(trx)
  return assertFound(place, mutation)
}

/** A foreign key refused the write: the product, warehouse or location went away while we booked. */
async function goneWhileWriting(db: DB, productId: number) {
  const product = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst()
  if (!product) throw new NotFound('Product')
  throw new Conflict('STOCK_PLACE_GONE', 'The warehouse or location was deleted while the stock mutation was being booked.')
}

/** Runs a change of the ledger, saying why a refusal of the database happened. */
export async function ledgerWrite<T>(productId: number, write: () => Promise<T>): Promise<T> {
  try {
    return await explainingForeignKeys(write, (db) => goneWhileWriting(db, productId))
  } catch (error) {
    if (isOutOfRange(error)) throw stockOutOfRange()
    throw error
  }
}

/** Ledger rows written by one statement: 13 parameters each stay well under SQLite's and PostgreSQL's limits. */
const MUTATIONS_PER_STATEMENT = 500

/**
 * Adds rows to the ledger (not yet to the kept levels), one statement per MUTATIONS_PER_STATEMENT. Answers them in
 * the order given: a statement takes its ids in the order of its rows.
 */
async function insertMutations(trx: Trx, mutations: NewMutation[], stamp: string): Promise<MutationRow[]> {
  const inserted: MutationRow[] = []
  for (let start = 0; start < mutations.length; start += MUTATIONS_PER_STATEMENT) {
    const values = mutations.slice(start, start + MUTATIONS_PER_STATEMENT).map((mutation) => {
      const source = sourceOf(mutation)
      return sql`(${mutation.product_id}, ${mutation.warehouse_id}, ${mutation.location_id}, ${mutation.amount}, ${mutation.note ?? null},
            ${mutation.reason ?? null}, ${mutation.user_id}, ${mutation.transfer_id ?? null}, ${source.kind}, ${source.id},
            ${source.line_id}, ${stamp}, ${stamp})`
    })
    const { rows } =
      await sql<MutationRow>`insert into stock_mutations (product_id, warehouse_id, location_id, amount, note, reason, user_id,
                                 transfer_id, source_kind, source_id, source_line_id, created_at, updated_at)
      values ${sql.join(values)} returning *`.execute(trx)
    inserted.push(...rows.sort((a, b) => a.id - b.id))
  }
  return inserted
}

/** The location's level after a booking */
interface LevelAfter {
  level: number
}

/** Writes one booking in the caller's transaction: checks the place, adds the ledger row and the kept levels. */
async function writeBooking(trx: Trx, mutation: NewMutation): Promise<MutationRow & PlaceNames & LevelAfter> {
  if (dialectOfConnection(trx) === 'postgres') return writeBookingInOneStatement(trx, mutation)
  const names = await assertPlace(trx, mutation)
  const stamp = now()
  const [row] = await insertMutations(trx, [mutation], stamp)
  const levels = await addToLevels(trx, [row], stamp)
  return { ...row, ...names, level: levelAfter(levels, row.product_id, row.location_id) }
}

/** The steps of the one-statement booking that add to each level, in the order of LEVELS. */
const LEVEL_STEPS = ['l', 'w', 'p'] as const

/**
 * A booking on PostgreSQL as one statement, one round trip instead of five: the place check, the ledger row and the
 * three kept levels. Each writing step reads the row the step before it wrote, so the database runs them in order
 * and takes its row locks in the order of every ledger write (the location's level, the warehouse's, the product).
 */
async function writeBookingInOneStatement(trx: Trx, mutation: NewMutation): Promise<MutationRow & PlaceNames & LevelAfter> {
  const { product_id, warehouse_id, location_id, amount } = mutation
  const source = sourceOf(mutation)
  const stamp = now()
  const {
    rows: [booked],
  } = await sql<
    FoundPlace & Partial<MutationRow> & { level: number | null; in_warehouse: number | null; total: number | null }
  >`with place as (${findPlace(mutation, 'postgres')}),
    m as (
      insert into stock_mutations (product_id, warehouse_id, location_id, amount, note, reason, user_id, transfer_id,
                                   source_kind, source_id, source_line_id, created_at, updated_at)
      select ${product_id}, ${warehouse_id}, ${location_id}, ${amount}, ${mutation.note ?? null}, ${mutation.reason ?? null}, ${mutation.user_id},
             ${mutation.transfer_id ?? null}, ${source.kind}, ${source.id}, ${source.line_id}, ${stamp}, ${stamp}
        from place
       where found_product_id is not null and warehouse_name is not null and location_warehouse_id = ${warehouse_id}
      returning *),
    ${sql.join(
      LEVELS.map((level, i) => sql`${sql.table(LEVEL_STEPS[i])} as (${addingTo(level, selectedFrom(level, LEVEL_STEPS[i - 1], stamp))})`),
      sql`,\n`,
    )}
    select m.*, place.*, l.on_hand as level, w.on_hand as in_warehouse, p.on_hand as total
      from place left join m on true left join l on true left join w on true left join p on true`.execute(trx)
  const names = assertFound(booked, mutation)
  if (booked.total == null) throw new NotFound('Product')
  if (isOutOfStockRange([booked.level, booked.in_warehouse, booked.total])) throw stockOutOfRange()
  const row: MutationRow = {
    id: booked.id!,
    product_id: booked.product_id!,
    warehouse_id: booked.warehouse_id!,
    location_id: booked.location_id!,
    amount: booked.amount!,
    note: booked.note ?? null,
    reason: booked.reason ?? null,
    user_id: booked.user_id ?? null,
    transfer_id: booked.transfer_id ?? null,
    source_kind: booked.source_kind!,
    source_id: booked.source_id ?? null,
    source_line_id: booked.source_line_id ?? null,
    created_at: booked.created_at!,
    updated_at: booked.updated_at!,
  }
  return { ...row, ...names, level: Number(booked.level) }
}

/**
 * Books several mutations at places the caller has checked (a transfer, a count, a receipt) in its transaction: the
 * ledger rows, then the kept levels in the one lock order (see addToLevels), with what each adds to its warehouse's
 * incoming (a receipt's). Answers the rows in the order given and the new level per product and location.
 */
export async function bookMutations(
  trx: Trx,
  mutations: (NewMutation & Pick<LevelChange, 'incoming'>)[],
): Promise<{ rows: MutationRow[]; levels: Map<string, number> }> {
  if (mutations.length === 0) return { rows: [], levels: new Map() }
  return ledgerWrite(mutations[0].product_id, async () => {
    const stamp = now()
    const rows = await insertMutations(trx, mutations, stamp)
    const changes = rows.map((row, i) => ({ ...row, incoming: mutations[i].incoming }))
    return { rows, levels: await addToLevels(trx, changes, stamp) }
  })
}

type Booked = MutationRow & PlaceNames & LevelAfter

/**
 * Books a mutation in the caller's write transaction and adds it to the kept levels (on SQLite, in the savepoint
 * of a transaction it may share with bookings that arrived at the same time: see db/writes.ts). Answers the
 * stored row with the names of its place and the location's level after it. A booking out that takes the location
 * below zero meets its warehouse's policy (negative_stock), unless `policy` is 'skip' (an import's opening stock).
 */
export async function bookMutation(
  trx: Trx,
  mutation: NewMutation,
  { allowNegative = false, policy = 'apply' }: { allowNegative?: boolean; policy?: 'apply' | 'skip' } = {},
): Promise<Booked> {
  if (!Number.isSafeInteger(mutation.amount) || mutation.amount === 0) throw Invalid.rule(['body', 'amount'], 'amount_zero')
  const booked = await ledgerWrite(mutation.product_id, () => writeBooking(trx, mutation))
  if (policy === 'apply') await assertBelowZeroAllowed(trx, booked, allowNegative)
  return booked
}

/**
 * A booking out that leaves its location below zero stands only where its warehouse allows it: always (allow), when
 * the booking says so (confirm, the default), never (refuse). Refused, the transaction books nothing.
 */
async function assertBelowZeroAllowed(trx: Trx, booked: Booked, allowNegative: boolean) {
  if (booked.amount >= 0 || booked.level >= 0) return
  const { negative_stock: policy } = await trx
    .selectFrom('warehouses')
    .select('negative_stock')
    .where('id', '=', booked.warehouse_id)
    .executeTakeFirstOrThrow()
  if (policy === 'allow' || (policy === 'confirm' && allowNegative)) return
  const product = await trx
    .selectFrom('products')
    .select(['id', 'sku', 'article_number', 'description'])
    .where('id', '=', booked.product_id)
    .executeTakeFirstOrThrow()
  const name = productName(product)
  const available = booked.level - booked.amount
  throw new Conflict(
    'INSUFFICIENT_STOCK',
    `${name}: ${available} at ${booked.warehouse_name} / ${booked.location_name}, not the ${-booked.amount} to take out.` +
      (policy === 'refuse' ? ' This warehouse never goes below zero.' : ' Send allow_negative: true to book it anyway.'),
    {
      product: name,
      product_id: product.id,
      available,
      amount: -booked.amount,
      warehouse: booked.warehouse_name,
      location: booked.location_name,
      policy,
    },
  )
}

/**
 * Deletes a mutation of a product and takes it out of the kept levels; half of a transfer takes its other half with
 * it. `delete ... returning` makes two deletions of the same mutation at once subtract it once: the second finds
 * nothing and answers 404.
 */
export async function deleteMutation(trx: Trx, productId: number, mutationId: number): Promise<void> {
  const row = await ledgerWrite(productId, async () => {
    const deleted = await trx
      .deleteFrom('stock_mutations')
      .where('id', '=', mutationId)
      .where('product_id', '=', productId)
      .where('transfer_id', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (deleted) await addToLevels(trx, [{ ...deleted, amount: -deleted.amount }], now())
    return deleted
  })
  if (row) return
  const half = await trx
    .selectFrom('stock_mutations')
    .select('transfer_id')
    .where('id', '=', mutationId)
    .where('product_id', '=', productId)
    .executeTakeFirst()
  if (half?.transfer_id != null && (await deleteTransferPair(trx, productId, half.transfer_id))) return
  await assertProductExists(trx, productId)
  throw new NotFound('Stock mutation')
}

/**
 * Deletes mutations that are no transfer's half and takes them out of the kept levels, one statement per 500 (an
 * import's revert). Answers the rows deleted: one deleted meanwhile is not among them.
 */
export async function deleteMutations(trx: Trx, ids: number[]): Promise<MutationRow[]> {
  const deleted: MutationRow[] = []
  for (let start = 0; start < ids.length; start += MUTATIONS_PER_STATEMENT)
    deleted.push(
      ...(await trx
        .deleteFrom('stock_mutations')
        .where('id', 'in', ids.slice(start, start + MUTATIONS_PER_STATEMENT))
        .where('transfer_id', 'is', null)
        .returningAll()
        .execute()),
    )
  if (deleted.length > 0)
    await addToLevels(
      trx,
      deleted.map((row) => ({ ...row, amount: -row.amount })),
      now(),
    )
  return deleted
}

/** Locks a transfer's row (PostgreSQL), so that its deletions and its reversal take their turns. */
export async function lockTransfer(trx: Trx, transferId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('stock_transfers')
    .select('id')
    .where('id', '=', transferId)
    .$if(dialectOfConnection(trx) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Deletes both mutations of a product in a transfer, and the transfer once it has none left. The transfer's row is
 * locked first, so that two people deleting its two halves at once both wait for the same row instead of for each
 * other. Answers false when they were gone already.
 */
async function deleteTransferPair(trx: Trx, productId: number, transferId: number): Promise<boolean> {
  return ledgerWrite(productId, async () => {
    if (!(await lockTransfer(trx, transferId))) return false
    const deleted = await trx
      .deleteFrom('stock_mutations')
      .where('transfer_id', '=', transferId)
      .where('product_id', '=', productId)
      .returningAll()
      .execute()
    if (deleted.length === 0) return false
    await addToLevels(
      trx,
      deleted.map((row) => ({ ...row, amount: -row.amount })),
      now(),
    )
    await trx
      .deleteFrom('stock_transfers')
      .where('id', '=', transferId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('stock_mutations').select('id').where('stock_mutations.transfer_id', '=', transferId))))
      .execute()
    return true
  })
}

/**
 * Books a deleted mutation again as it was (the same id, time, note and booking user), through the same kept-level
 * path as a booking: undoing a deletion. Refused when the mutation exists again or its place is gone.
 */
export async function restoreMutation(trx: Trx, row: MutationRow): Promise<Booked> {
  const again = await trx.selectFrom('stock_mutations').select('id').where('id', '=', row.id).executeTakeFirst()
  if (again) throw new Conflict('UNDO_ALREADY', 'This deletion was already taken back.')
  return ledgerWrite(row.product_id, async () => {
    const names = await assertPlace(trx, { ...row, user_id: row.user_id })
    const user =
      row.user_id === null ? undefined : await trx.selectFrom('users').select('id').where('id', '=', row.user_id).executeTakeFirst()
    const stamp = now()
    const restored = await trx
      .insertInto('stock_mutations')
      .values({ ...row, user_id: user ? row.user_id : null, updated_at: stamp })
      .returningAll()
      .executeTakeFirstOrThrow()
    const levels = await addToLevels(trx, [restored], stamp)
    return { ...restored, ...names, level: levelAfter(levels, restored.product_id, restored.location_id) }
  })
}
