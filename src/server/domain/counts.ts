// Stock counts. Opening a count gives it a line per product with stock at its locations; each line, when counted,
// keeps the level it expected at that moment (expected_at_count), so stock moved while the count is open is not
// lost: applying books counted - expected_at_count per line, on top of whatever the level has become since. A count
// goes open -> submitted -> applied (once), or is cancelled; a blind count shows no expected amounts while open.
// Writes to a count's lines hold a shared lock on the count (PostgreSQL), and applying takes it exclusively, so no
// line changes between the moment a count is applied and the bookings it makes. A line write never writes the count
// row itself: with the shared lock held, two of them would each wait for the other to let go (a deadlock).
import { sql } from 'kysely'
import type {
  Currency,
  CurrencyValue,
  StockCount,
  StockCountCreate,
  StockCountLine,
  StockCountLineCreate,
  StockCountListQuery,
  StockCountScan,
  StockCountStatus,
  StockCountSummary,
} from '../../contract'
import { DOCUMENT_PAGE_SIZE } from '../../contract'
import type { DB } from '../db'
import { paging } from '../db/lists'
import { now } from '../db/clock'
import type { Trx } from '../db/writes'
import { Conflict, Invalid, NotFound, ruleItem } from './errors'
import { assertStatus, moveDocument, type DocumentStatuses } from './documents/status'
import { bookMutations, laterMutationAt, ledgerWrite, markCounted } from './ledger'
import { roundPrice } from './products'
import { missingReference } from './references'
import { visibleIds, type VisibleWarehouses } from './visible-warehouses'

type User = { id: number; username: string } | null

/** The kept level of the line's product at the line's location, 0 when it has none (for use inside a line query). */
const levelOfLine = sql<number>`coalesce((select stock_levels.on_hand from stock_levels
  where stock_levels.product_id = stock_count_lines.product_id and stock_levels.location_id = stock_count_lines.location_id), 0)`

/** Why a count in `status` cannot be changed, submitted, applied or cancelled. */
function closed(id: number, status: StockCountStatus): Conflict {
  if (status === 'applied') return new Conflict('COUNT_ALREADY_APPLIED', `Count ${id} was applied already.`, { id })
  if (status === 'cancelled') return new Conflict('COUNT_CANCELLED', `Count ${id} was cancelled.`, { id })
  if (status === 'reversed') return new Conflict('UNDO_ALREADY', `Count ${id} was reversed already.`, { id })
  return new Conflict('COUNT_NOT_OPEN', `Count ${id} is ${status}: its lines can no longer be changed.`, { id, status })
}

/** A count is counted while open, reviewed once submitted, and ends applied (once) or cancelled. */
const COUNT_STATUSES: DocumentStatuses<StockCountStatus> = {
  table: 'stock_counts',
  name: 'Stock count',
  next: {
    open: ['submitted', 'applied', 'cancelled'],
    submitted: ['applied', 'cancelled'],
    applied: ['reversed'],
    cancelled: [],
    reversed: [],
  },
  stamps: { submitted: 'submitted_at', applied: 'applied_at', cancelled: 'cancelled_at' },
  refusal: closed,
}

/** Refused unless the count is open; it stays open (locked shared) while its lines change. */
const assertOpen = (trx: Trx, id: number) => assertStatus(trx, COUNT_STATUSES, id, ['open'])

/** Opens a count of the warehouse's locations (all, or those named) with a line per product that has stock there. */
export async function openCount(trx: Trx, body: StockCountCreate, user: User): Promise<StockCount> {
  const warehouse = await trx.selectFrom('warehouses').select('id').where('id', '=', body.warehouse_id).executeTakeFirst()
  if (!warehouse) throw new Invalid([missingReference('body', 'warehouse_id', body.warehouse_id)])
  const locations = await trx
    .selectFrom('locations')
    .select('id')
    .where('warehouse_id', '=', body.warehouse_id)
    .$if(body.location_ids !== undefined, (qb) => qb.where('id', 'in', body.location_ids!))
    .execute()
  const known = new Set(locations.map((l) => l.id))
  const strangers = (body.location_ids ?? []).flatMap((id, index) =>
    known.has(id)
      ? []
      : [ruleItem(['body', 'location_ids', index], 'location_not_in_warehouse', { location_id: id, warehouse_id: body.warehouse_id })],
  )
  if (strangers.length > 0) throw new Invalid(strangers)
  if (known.size === 0) throw Invalid.rule(['body', 'warehouse_id'], 'warehouse_no_locations', { warehouse_id: body.warehouse_id })

  const stamp = now()
  const { id } = await trx
    .insertInto('stock_counts')
    .values({
      warehouse_id: body.warehouse_id,
      blind: body.blind ?? false,
      status: 'open',
      note: body.note?.trim() || null,
      user_id: user?.id ?? null,
      created_at: stamp,
      updated_at: stamp,
      submitted_at: null,
      applied_at: null,
      cancelled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('stock_count_locations')
    .values([...known].map((location_id) => ({ count_id: id, location_id })))
    .execute()
  await trx
    .insertInto('stock_count_lines')
    .columns(['count_id', 'product_id', 'location_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('stock_levels')
        .innerJoin('stock_count_locations', 'stock_count_locations.location_id', 'stock_levels.location_id')
        .innerJoin('locations', 'locations.id', 'stock_levels.location_id')
        .innerJoin('products', 'products.id', 'stock_levels.product_id')
        .select([sql.lit(id).as('count_id'), 'stock_levels.product_id', 'stock_levels.location_id', sql.val(stamp).as('created_at')])
        .where('stock_count_locations.count_id', '=', id)
        .where('stock_levels.on_hand', '<>', 0)
        // the lines in the order of the walk, location by location: their ids keep it (lines added later come after)
        .orderBy(sql`lower(locations.location_name)`)
        .orderBy('locations.id')
        .orderBy(sql`lower(coalesce(products.article_number, products.sku, products.description))`)
        .orderBy('products.id'),
    )
    .execute()
  return findCount(trx, id)
}

/** The lines of a count as the API answers them (all, or those with these ids). */
async function readLines(db: DB, countId: number, hidden: boolean, lineIds?: number[]): Promise<StockCountLine[]> {
  const rows = await db
    .selectFrom('stock_count_lines')
    .innerJoin('products', 'products.id', 'stock_count_lines.product_id')
    .innerJoin('locations', 'locations.id', 'stock_count_lines.location_id')
    .innerJoin('stock_counts', 'stock_counts.id', 'stock_count_lines.count_id')
    .innerJoin('warehouses', 'warehouses.id', 'stock_counts.warehouse_id')
    .select([
      'warehouses.count_variance_quantity',
      'warehouses.count_variance_value',
      'stock_count_lines.id',
      'stock_count_lines.product_id',
      'stock_count_lines.location_id',
      'stock_count_lines.counted',
      'stock_count_lines.expected_at_count',
      'stock_count_lines.counted_at',
      'products.sku',
      'products.article_number',
      'products.description',
      'products.barcode',
      'products.purchase_price',
      'products.purchase_currency',
      'locations.location_name',
      levelOfLine.as('level'),
    ])
    .where('stock_count_lines.count_id', '=', countId)
    .$if(lineIds !== undefined, (qb) => qb.where('stock_count_lines.id', 'in', lineIds!))
    // the order the lines were made in: the expected ones by location and product, then those added, as scanned;
    // a line added under the thumb moves none of the others
    .orderBy('stock_count_lines.id')
    .execute()
  return rows.map((row) => {
    const counted = row.counted
    const expected = counted === null ? Number(row.level) : Number(row.expected_at_count)
    const difference = counted === null ? null : counted - expected
    const priced = difference !== null && row.purchase_price !== null && row.purchase_currency !== null
    const value = priced ? roundPrice(difference * row.purchase_price!) : null
    // a difference larger than the warehouse expects of a count, in units or in value, is asked about before applying
    const flagged =
      !hidden &&
      difference !== null &&
      (Math.abs(difference) > row.count_variance_quantity || (value !== null && Math.abs(value) > row.count_variance_value))
    return {
      id: row.id,
      product_id: row.product_id,
      product: { id: row.product_id, sku: row.sku, article_number: row.article_number, description: row.description, barcode: row.barcode },
      location_id: row.location_id,
      location_name: row.location_name,
      expected: hidden ? null : expected,
      counted,
      difference: hidden ? null : difference,
      counted_at: row.counted_at,
      purchase_price: row.purchase_price,
      purchase_currency: row.purchase_currency,
      difference_value: hidden ? null : value,
      flagged,
    }
  })
}

/** Counts with their warehouse, user and line tallies. */
function countsQuery(db: DB) {
  return db
    .selectFrom('stock_counts')
    .innerJoin('warehouses', 'warehouses.id', 'stock_counts.warehouse_id')
    .leftJoin('users', 'users.id', 'stock_counts.user_id')
    .selectAll('stock_counts')
    .select([
      'warehouses.warehouse_name',
      'users.username',
      (eb) =>
        eb
          .selectFrom('stock_count_lines')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('stock_count_lines.count_id', '=', 'stock_counts.id')
          .as('lines_total'),
      (eb) =>
        eb
          .selectFrom('stock_count_lines')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('stock_count_lines.count_id', '=', 'stock_counts.id')
          .where('stock_count_lines.counted', 'is not', null)
          .as('lines_counted'),
    ])
}

type CountRow = Awaited<ReturnType<ReturnType<typeof countsQuery>['executeTakeFirstOrThrow']>>

function toSummary(row: CountRow): StockCountSummary {
  return {
    id: row.id,
    warehouse_id: row.warehouse_id,
    warehouse_name: row.warehouse_name,
    blind: Boolean(row.blind),
    status: row.status,
    note: row.note,
    user: row.username == null ? null : { username: row.username },
    lines_total: Number(row.lines_total ?? 0),
    lines_counted: Number(row.lines_counted ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
    submitted_at: row.submitted_at,
    applied_at: row.applied_at,
    cancelled_at: row.cancelled_at,
  }
}

/** A blind count shows no expected amounts until it is submitted. */
const isHidden = (count: { blind: boolean | number; status: StockCountStatus }) => Boolean(count.blind) && count.status === 'open'

/** The value of the differences per currency, from the lines that have both. */
export function valuesPerCurrency(items: { currency: Currency | null; value: number | null }[]): CurrencyValue[] {
  const sums = new Map<Currency, number>()
  for (const { currency, value } of items) if (currency !== null && value !== null) sums.set(currency, (sums.get(currency) ?? 0) + value)
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, value]) => ({ currency, value: roundPrice(value) }))
}

/** A count with its locations and lines, as the API answers it. */
export async function findCount(db: DB, id: number): Promise<StockCount> {
  const row = await countsQuery(db).where('stock_counts.id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound('Stock count')
  const hidden = isHidden(row)
  const [locations, lines] = await Promise.all([
    db
      .selectFrom('stock_count_locations')
      .innerJoin('locations', 'locations.id', 'stock_count_locations.location_id')
      .select(['stock_count_locations.location_id', 'locations.location_name'])
      .where('stock_count_locations.count_id', '=', id)
      .orderBy(sql`lower(locations.location_name)`)
      .orderBy('locations.id')
      .execute(),
    readLines(db, id, hidden),
  ])
  return {
    ...toSummary(row),
    locations,
    lines,
    lines_different: hidden ? null : lines.filter((line) => line.difference !== null && line.difference !== 0).length,
    difference_values: hidden ? [] : valuesPerCurrency(lines.map((l) => ({ currency: l.purchase_currency, value: l.difference_value }))),
  }
}

/** A page of counts, newest first, with the count of all that match. */
export async function listCounts(
  db: DB,
  query: StockCountListQuery,
  visible: VisibleWarehouses = 'all',
): Promise<{ items: StockCountSummary[]; total: number }> {
  const seen = visibleIds(visible)
  const filters = (qb: ReturnType<typeof countsQuery>) =>
    qb
      .$if(query.status !== undefined, (q) => q.where('stock_counts.status', '=', query.status!))
      .$if(query.warehouse_id !== undefined, (q) => q.where('stock_counts.warehouse_id', '=', query.warehouse_id!))
      .$if(seen !== undefined, (q) => q.where('stock_counts.warehouse_id', 'in', seen!))
  const { offset, limit } = paging(query, DOCUMENT_PAGE_SIZE)
  const [rows, counted] = await Promise.all([
    filters(countsQuery(db)).orderBy('stock_counts.id', 'desc').offset(offset).limit(limit).execute(),
    db
      .selectFrom('stock_counts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .$if(query.status !== undefined, (q) => q.where('status', '=', query.status!))
      .$if(query.warehouse_id !== undefined, (q) => q.where('warehouse_id', '=', query.warehouse_id!))
      .$if(seen !== undefined, (q) => q.where('warehouse_id', 'in', seen!))
      .executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(toSummary), total: Number(counted.count) }
}

async function oneLine(trx: Trx, countId: number, lineId: number): Promise<StockCountLine> {
  const count = await trx.selectFrom('stock_counts').select(['blind', 'status']).where('id', '=', countId).executeTakeFirstOrThrow()
  const [line] = await readLines(trx, countId, isHidden(count), [lineId])
  return line
}

/** Sets (or with null clears) what was counted on a line, and keeps the level it expected at this moment. */
export async function setCounted(trx: Trx, countId: number, lineId: number, counted: number | null): Promise<StockCountLine> {
  await assertOpen(trx, countId)
  const changed = await trx
    .updateTable('stock_count_lines')
    .set({
      counted,
      expected_at_count: counted === null ? null : levelOfLine,
      counted_at: counted === null ? null : now(),
    })
    .where('id', '=', lineId)
    .where('count_id', '=', countId)
    .returning('id')
    .executeTakeFirst()
  if (!changed) throw new NotFound('Stock count line')
  return oneLine(trx, countId, lineId)
}

/** The location must be one of the count's. */
async function assertCountLocation(trx: Trx, countId: number, locationId: number) {
  const found = await trx
    .selectFrom('stock_count_locations')
    .select('location_id')
    .where('count_id', '=', countId)
    .where('location_id', '=', locationId)
    .executeTakeFirst()
  if (!found) throw Invalid.rule(['body', 'location_id'], 'location_not_in_count', { location_id: locationId, count_id: countId })
}

/** Adds a line for a product found on the shelf, counted as given. */
export async function addLine(trx: Trx, countId: number, body: StockCountLineCreate): Promise<StockCountLine> {
  await assertOpen(trx, countId)
  await assertCountLocation(trx, countId, body.location_id)
  const product = await trx.selectFrom('products').select('id').where('id', '=', body.product_id).executeTakeFirst()
  if (!product) throw Invalid.rule(['body', 'product_id'], 'product_missing', { id: body.product_id })
  const existing = await trx
    .selectFrom('stock_count_lines')
    .select('id')
    .where('count_id', '=', countId)
    .where('product_id', '=', body.product_id)
    .where('location_id', '=', body.location_id)
    .executeTakeFirst()
  if (existing)
    throw new Conflict(
      'COUNT_LINE_EXISTS',
      `Count ${countId} has a line for this product at this location already (line ${existing.id}).`,
      {
        line_id: existing.id,
      },
    )
  const id = await insertLine(trx, countId, body.product_id, body.location_id, body.counted)
  return oneLine(trx, countId, id)
}

async function insertLine(trx: Trx, countId: number, productId: number, locationId: number, counted: number): Promise<number> {
  const stamp = now()
  const level = await trx
    .selectFrom('stock_levels')
    .select('on_hand')
    .where('product_id', '=', productId)
    .where('location_id', '=', locationId)
    .executeTakeFirst()
  const { id } = await trx
    .insertInto('stock_count_lines')
    .values({
      count_id: countId,
      product_id: productId,
      location_id: locationId,
      counted,
      expected_at_count: level?.on_hand ?? 0,
      counted_at: stamp,
      created_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/**
 * One scan at a location of the count: the line of the product with this barcode there gets one more (a line not
 * counted yet starts at 1 and keeps the level it expected now); a product of the catalogue without a line there
 * gets one.
 */
export async function scan(trx: Trx, countId: number, { barcode, location_id }: StockCountScan): Promise<StockCountLine> {
  await assertOpen(trx, countId)
  await assertCountLocation(trx, countId, location_id)
  const code = barcode.trim()
  const lines = await trx
    .selectFrom('stock_count_lines')
    .innerJoin('products', 'products.id', 'stock_count_lines.product_id')
    .select('stock_count_lines.id')
    .where('stock_count_lines.count_id', '=', countId)
    .where('stock_count_lines.location_id', '=', location_id)
    .where('products.barcode', '=', code)
    .execute()
  let lineId: number
  if (lines.length === 1) {
    lineId = lines[0].id
    await trx
      .updateTable('stock_count_lines')
      .set({
        counted: sql`coalesce(counted, 0) + 1`,
        expected_at_count: sql`case when counted is null then ${levelOfLine} else expected_at_count end`,
        counted_at: now(),
      })
      .where('id', '=', lineId)
      .execute()
  } else {
    const products = lines.length > 1 ? lines : await trx.selectFrom('products').select('id').where('barcode', '=', code).limit(2).execute()
    if (products.length === 0) throw Invalid.rule(['body', 'barcode'], 'barcode_unknown', { barcode: code })
    if (products.length > 1)
      throw new Conflict('BARCODE_AMBIGUOUS', `More than one product has barcode ${code}: count them on their lines by hand.`, {
        barcode: code,
      })
    lineId = await insertLine(trx, countId, products[0].id, location_id, 1)
  }
  return oneLine(trx, countId, lineId)
}

/** Ends the counting: the review shows expected amounts (of a blind count too); the lines no longer change. */
export async function submitCount(trx: Trx, id: number): Promise<StockCount> {
  await moveDocument(trx, COUNT_STATUSES, id, 'submitted')
  return findCount(trx, id)
}

export async function cancelCount(trx: Trx, id: number): Promise<StockCount> {
  await moveDocument(trx, COUNT_STATUSES, id, 'cancelled')
  return findCount(trx, id)
}

/**
 * Applies a count once: per counted line one adjustment of counted - expected_at_count (note "Count #id"), and
 * last_counted_at stamped on every counted product and location, all in this transaction. The status changes first,
 * with a conditional update: of two applications at once, the second finds the count applied and is refused.
 */
export async function applyCount(trx: Trx, id: number, user: User): Promise<StockCount> {
  const { stamp, moved } = await moveDocument(trx, COUNT_STATUSES, id, 'applied')
  const warehouse_id = Number(moved.warehouse_id)
  const lines = await trx
    .selectFrom('stock_count_lines')
    .select(['id', 'product_id', 'location_id', 'counted', 'expected_at_count'])
    .where('count_id', '=', id)
    .where('counted', 'is not', null)
    .orderBy('product_id')
    .orderBy('location_id')
    .execute()
  if (lines.length > 0) {
    await ledgerWrite(lines[0].product_id, async () => {
      await markCounted(trx, id, warehouse_id, stamp)
      await bookMutations(
        trx,
        lines
          .filter((line) => line.counted !== line.expected_at_count)
          .map((line) => ({
            product_id: line.product_id,
            warehouse_id,
            location_id: line.location_id,
            amount: line.counted! - (line.expected_at_count ?? 0),
            note: `Count #${id}`,
            user_id: user?.id ?? null,
            source: { kind: 'count', id, line_id: line.id },
          })),
      )
    })
  }
  return findCount(trx, id)
}

/** Why an applied count cannot be reversed now: a later mutation of one of its products at its place rests on it. */
export async function reversalRefusal(db: DB, id: number): Promise<Conflict | undefined> {
  const count = await db.selectFrom('stock_counts').select('status').where('id', '=', id).executeTakeFirst()
  if (!count) throw new NotFound('Stock count')
  if (count.status === 'reversed') return new Conflict('UNDO_ALREADY', `Count ${id} was reversed already.`, { id })
  if (count.status !== 'applied') return closed(id, count.status)
  for (const booked of await countMutations(db, id))
    if (await laterMutationAt(db, booked))
      return new Conflict(
        'UNDO_CHANGED_SINCE',
        'The stock of a product of this count changed afterwards, so the count cannot be reversed any more.',
        { what: 'The stock of a product of this count', thing: 'count_stock' },
      )
  return undefined
}

const countMutations = (db: DB, id: number) =>
  db
    .selectFrom('stock_mutations')
    .select(['id', 'product_id', 'warehouse_id', 'location_id', 'amount', 'source_line_id'])
    .where('source_kind', '=', 'count')
    .where('source_id', '=', id)
    .orderBy('id')
    .execute()

/**
 * Takes an applied count back: books the opposite of each adjustment it booked (sourced to the same count line), once,
 * refused while a later mutation of one of its products at its place rests on it.
 */
export async function reverseCount(trx: Trx, id: number, user: User): Promise<StockCount> {
  // the count's row first: of six reversals at once, the later ones read it reversed, not its reversal's bookings as later ones
  await assertStatus(trx, COUNT_STATUSES, id, Object.keys(COUNT_STATUSES.next) as StockCountStatus[], { exclusive: true })
  const refusal = await reversalRefusal(trx, id)
  if (refusal) throw refusal
  // of two reversals at once, the second finds the count reversed
  await moveDocument(trx, COUNT_STATUSES, id, 'reversed')
  const booked = await countMutations(trx, id)
  await bookMutations(
    trx,
    booked.map((row) => ({
      product_id: row.product_id,
      warehouse_id: row.warehouse_id,
      location_id: row.location_id,
      amount: -row.amount,
      note: `Count #${id} reversed`,
      user_id: user?.id ?? null,
      source: { kind: 'count', id, line_id: row.source_line_id },
    })),
  )
  return findCount(trx, id)
}
