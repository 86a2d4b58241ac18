// The stock ledger. Every booking and every deletion of a mutation changes the kept levels (per location,
// per warehouse, per product) in the same transaction, with atomic increments, so that the levels always
// equal the sum of the ledger, also when requests run at the same time on PostgreSQL.
import { SqliteAdapter, sql, type Selectable, type Transaction } from 'kysely'
import type { StockMutation } from '../../contract'
import type { DB } from '../db'
import type { Database, StockMutationsTable } from '../db/schema'
import { isForeignKeyViolation } from '../db/errors'
import { Conflict, Invalid, NotFound } from './errors'
import { missingReference } from './references'
import { assertProductExists } from './products'

export type MutationRow = Selectable<StockMutationsTable>

export interface NewMutation {
  product_id: number
  warehouse_id: number
  location_id: number
  amount: number
  note?: string | null
  /** the booking user */
  user_id: number | null
}

/** Kept amounts are 32-bit integers on PostgreSQL; the same limit holds on SQLite so both answer alike. */
export const MAX_STOCK = 2_147_483_647
const OUT_OF_RANGE = '22003'

const stockOutOfRange = () =>
  Invalid.field(['body', 'amount'], `Stock would leave the range -${MAX_STOCK}..${MAX_STOCK}`, 'less_than_equal')

// The statements of a booking are SQL templates: they run for every booking, and compiling a template costs
// a tenth of what Kysely's query builder spends building and compiling the same statement (2 µs against 25 µs).

/** Adds `amount` (negative to take away) to the kept levels of one product at one location. */
async function addToLevels(trx: Transaction<Database>, row: MutationRow, amount: number, stamp: string): Promise<void> {
  const { product_id, warehouse_id, location_id } = row
  const [level] = (
    await sql<{ amount: number }>`insert into stock_levels (product_id, location_id, warehouse_id, amount)
      values (${product_id}, ${location_id}, ${warehouse_id}, ${amount})
      on conflict (product_id, location_id) do update set amount = stock_levels.amount + excluded.amount
      returning amount`.execute(trx)
  ).rows
  const [inWarehouse] = (
    await sql<{ amount: number }>`insert into warehouse_stock (product_id, warehouse_id, amount)
      values (${product_id}, ${warehouse_id}, ${amount})
      on conflict (product_id, warehouse_id) do update set amount = warehouse_stock.amount + excluded.amount
      returning amount`.execute(trx)
  ).rows
  const [product] = (
    await sql<{
      stock: number
    }>`update products set stock = stock + ${amount}, updated_at = ${stamp} where id = ${product_id} returning stock`.execute(trx)
  ).rows
  if (!product) throw new NotFound('Product')
  if ([level.amount, inWarehouse.amount, product.stock].some((n) => Math.abs(Number(n)) > MAX_STOCK)) throw stockOutOfRange()
}

/** The names a booked mutation is answered with, read in the same transaction as the booking. */
export interface PlaceNames {
  warehouse_name: string
  location_name: string
}

/**
 * The product, warehouse and location of a booking must exist, and the location must be one of the warehouse's.
 * One query for all three, in the booking transaction; answers the names of the place.
 */
async function assertPlace(trx: Transaction<Database>, mutation: NewMutation): Promise<PlaceNames> {
  const { product_id, warehouse_id, location_id } = mutation
  const {
    rows: [place],
  } = await sql<{
    product_id: number | null
    warehouse_name: string | null
    location_warehouse_id: number | null
    location_name: string | null
  }>`
    select (select id from products where id = ${product_id}) as product_id,
           (select warehouse_name from warehouses where id = ${warehouse_id}) as warehouse_name,
           (select warehouse_id from locations where id = ${location_id}) as location_warehouse_id,
           (select location_name from locations where id = ${location_id}) as location_name`.execute(trx)
  if (place.product_id == null) throw new NotFound('Product')
  const missing = [
    ...(place.warehouse_name != null ? [] : [missingReference('body', 'warehouse_id', mutation.warehouse_id)]),
    ...(place.location_name != null ? [] : [missingReference('body', 'location_id', mutation.location_id)]),
  ]
  if (missing.length > 0) throw new Invalid(missing)
  if (place.location_warehouse_id !== mutation.warehouse_id)
    throw Invalid.field(['body', 'location_id'], `Location ${mutation.location_id} does not belong to warehouse ${mutation.warehouse_id}`)
  return { warehouse_name: place.warehouse_name!, location_name: place.location_name! }
}

/** A foreign key refused the write: the product, warehouse or location went away while we booked. */
async function goneWhileWriting(db: DB, mutation: Pick<NewMutation, 'product_id'>) {
  const product = await db.selectFrom('products').select('id').where('id', '=', mutation.product_id).executeTakeFirst()
  if (!product) return new NotFound('Product')
  return new Conflict('STOCK_PLACE_GONE', 'The warehouse or location was deleted while the stock mutation was being booked.')
}

async function mapWriteErrors<T>(db: DB, mutation: Pick<NewMutation, 'product_id'>, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isForeignKeyViolation(error)) throw await goneWhileWriting(db, mutation)
    if ((error as { code?: string }).code === OUT_OF_RANGE) throw stockOutOfRange()
    throw error
  }
}

/** Writes one booking in the caller's transaction: checks the place, adds the ledger row and the kept levels. */
async function writeBooking(trx: Transaction<Database>, mutation: NewMutation): Promise<MutationRow & PlaceNames> {
  const names = await assertPlace(trx, mutation)
  const stamp = new Date().toISOString()
  const {
    rows: [row],
  } =
    await sql<MutationRow>`insert into stock_mutations (product_id, warehouse_id, location_id, amount, note, user_id, created_at, updated_at)
    values (${mutation.product_id}, ${mutation.warehouse_id}, ${mutation.location_id}, ${mutation.amount}, ${mutation.note ?? null},
            ${mutation.user_id}, ${stamp}, ${stamp})
    returning *`.execute(trx)
  await addToLevels(trx, row, row.amount, stamp)
  return { ...row, ...names }
}

/** Bookings written in one transaction at most; bounds how long reads wait for the connection. */
const MAX_GROUP = 64

type Booked = MutationRow & PlaceNames
interface Waiting {
  mutation: NewMutation
  resolve(row: Booked): void
  reject(error: unknown): void
}

/**
 * SQLite has one writer, and committing is the costliest step of a small write. Bookings that arrive while others
 * are being written (they would wait for the connection anyway) are written together: one transaction, each
 * booking in a savepoint of its own (one that is refused is rolled back alone), one commit for all (group commit).
 * Each is answered after that commit, so none is answered before it is stored. At one request at a time a group
 * is a single booking.
 */
class BookingGroups {
  private waiting: Waiting[] = []
  private writing = false

  constructor(private readonly db: DB) {}

  book(mutation: NewMutation): Promise<Booked> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ mutation, resolve, reject })
      if (this.writing) return
      this.writing = true
      // one turn of the event loop lets the requests that arrived with this one join its group
      setImmediate(() => void this.writeGroups())
    })
  }

  private async writeGroups(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, MAX_GROUP)
        const outcomes: ({ row: Booked } | { error: unknown })[] = []
        try {
          await this.db.transaction().execute(async (trx) => {
            // a group of one needs no savepoint: if it is refused, the whole transaction rolls back
            if (group.length === 1) return void outcomes.push({ row: await writeBooking(trx, group[0].mutation) })
            for (const { mutation } of group) {
              await sql`savepoint booking`.execute(trx)
              try {
                outcomes.push({ row: await writeBooking(trx, mutation) })
              } catch (error) {
                await sql`rollback to booking`.execute(trx)
                outcomes.push({ error })
              }
              await sql`release booking`.execute(trx)
            }
          })
        } catch (error) {
          // a group of one was refused, or the commit failed: nothing of the group is stored
          group.forEach((waiting) => waiting.reject(error))
          continue
        }
        group.forEach((waiting, i) => {
          const outcome = outcomes[i]
          if ('row' in outcome) waiting.resolve(outcome.row)
          else waiting.reject(outcome.error)
        })
      }
    } finally {
      this.writing = false
    }
  }
}

const bookingGroups = new WeakMap<DB, BookingGroups>()
const isSqlite = (db: DB) => db.getExecutor().adapter instanceof SqliteAdapter

/**
 * Books a mutation and adds it to the kept levels, atomically: on PostgreSQL in a transaction of its own, on SQLite
 * in a savepoint of a transaction it may share with bookings that arrived at the same time (see BookingGroups).
 * Answers the stored row with the names of its place.
 */
export async function bookMutation(db: DB, mutation: NewMutation): Promise<Booked> {
  if (!Number.isSafeInteger(mutation.amount) || mutation.amount === 0)
    throw Invalid.field(['body', 'amount'], 'Amount should be a whole number other than 0')
  if (!isSqlite(db)) return mapWriteErrors(db, mutation, () => db.transaction().execute((trx) => writeBooking(trx, mutation)))
  let groups = bookingGroups.get(db)
  if (!groups) bookingGroups.set(db, (groups = new BookingGroups(db)))
  const writer = groups
  return mapWriteErrors(db, mutation, () => writer.book(mutation))
}

/**
 * Deletes a mutation of a product and takes it out of the kept levels, in one transaction. `delete ... returning`
 * makes two deletions of the same mutation at once subtract it once: the second finds nothing and answers undefined.
 */
export async function deleteMutation(db: DB, productId: number, mutationId: number): Promise<MutationRow | undefined> {
  return mapWriteErrors(db, { product_id: productId }, () =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('stock_mutations')
        .where('id', '=', mutationId)
        .where('product_id', '=', productId)
        .returningAll()
        .executeTakeFirst()
      if (row) await addToLevels(trx, row, -row.amount, new Date().toISOString())
      return row
    }),
  )
}

export interface LedgerDiscrepancy {
  /** which kept figure disagrees: a location's level, a warehouse's, or the product's total */
  level: 'location' | 'warehouse' | 'product'
  product_id: number
  warehouse_id: number | null
  location_id: number | null
  kept: number
  ledger: number
}

/** Every kept level or product total that differs from the sum over the ledger; an empty array means consistent. */
export async function checkLedger(db: DB): Promise<LedgerDiscrepancy[]> {
  const perLocation = sql`select product_id, warehouse_id, location_id, sum(amount) as total from stock_mutations group by product_id, warehouse_id, location_id`
  const perWarehouse = sql`select product_id, warehouse_id, sum(amount) as total from stock_mutations group by product_id, warehouse_id`
  const perProduct = sql`select product_id, sum(amount) as total from stock_mutations group by product_id`
  const { rows } = await sql<LedgerDiscrepancy>`
    select 'location' as level, k.product_id, k.warehouse_id, k.location_id, k.amount as kept, coalesce(s.total, 0) as ledger
      from stock_levels k
      left join (${perLocation}) s on s.product_id = k.product_id and s.location_id = k.location_id and s.warehouse_id = k.warehouse_id
     where k.amount <> coalesce(s.total, 0)
    union all
    select 'location', s.product_id, s.warehouse_id, s.location_id, 0, s.total
      from (${perLocation}) s
      left join stock_levels k on k.product_id = s.product_id and k.location_id = s.location_id and k.warehouse_id = s.warehouse_id
     where k.product_id is null and s.total <> 0
    union all
    select 'warehouse', k.product_id, k.warehouse_id, null, k.amount, coalesce(s.total, 0)
      from warehouse_stock k
      left join (${perWarehouse}) s on s.product_id = k.product_id and s.warehouse_id = k.warehouse_id
     where k.amount <> coalesce(s.total, 0)
    union all
    select 'warehouse', s.product_id, s.warehouse_id, null, 0, s.total
      from (${perWarehouse}) s
      left join warehouse_stock k on k.product_id = s.product_id and k.warehouse_id = s.warehouse_id
     where k.product_id is null and s.total <> 0
    union all
    select 'product', p.id, null, null, p.stock, coalesce(s.total, 0)
      from products p
      left join (${perProduct}) s on s.product_id = p.id
     where p.stock <> coalesce(s.total, 0)
  `.execute(db)
  return rows.map((r) => ({
    level: r.level,
    product_id: Number(r.product_id),
    warehouse_id: r.warehouse_id == null ? null : Number(r.warehouse_id),
    location_id: r.location_id == null ? null : Number(r.location_id),
    kept: Number(r.kept),
    ledger: Number(r.ledger),
  }))
}

/** Mutations as the API answers them: with warehouse, location and booking user named. */
function mutationsQuery(db: DB) {
  return db
    .selectFrom('stock_mutations')
    .innerJoin('warehouses', 'warehouses.id', 'stock_mutations.warehouse_id')
    .innerJoin('locations', 'locations.id', 'stock_mutations.location_id')
    .leftJoin('users', 'users.id', 'stock_mutations.user_id')
    .selectAll('stock_mutations')
    .select(['warehouses.warehouse_name', 'locations.location_name', 'users.username'])
}

type MutationView = MutationRow & PlaceNames & { username: string | null }

export function toStockMutation(row: MutationView): StockMutation {
  return {
    id: row.id,
    amount: row.amount,
    note: row.note,
    product_id: row.product_id,
    warehouse_id: row.warehouse_id,
    location_id: row.location_id,
    warehouse: { warehouse_name: row.warehouse_name },
    location: { location_name: row.location_name },
    user: row.username == null ? null : { username: row.username },
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/** A page of a product's ledger, newest first, and the count of all its mutations (404 for an unknown product). */
export async function recentMutations(
  db: DB,
  productId: number,
  page: { offset: number; limit: number },
): Promise<{ items: StockMutation[]; total: number }> {
  // read side by side (one round trip on PostgreSQL); a product with mutations exists, so only an empty ledger asks
  const [rows, { count }] = await Promise.all([
    mutationsQuery(db)
      .where('stock_mutations.product_id', '=', productId)
      .orderBy('stock_mutations.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('stock_mutations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow(),
  ])
  if (Number(count) === 0) await assertProductExists(db, productId)
  return { items: rows.map(toStockMutation), total: Number(count) }
}
