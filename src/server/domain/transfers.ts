// Transfers: stock moved from one location to another (in any warehouses) as two mutations per product, an out at
// the source and an in at the destination, booked with their kept levels in one transaction and sharing the
// transfer's id. Several products move all or nothing. A transfer that would take the source below zero is refused,
// unless asked for: the check reads the level its own booking wrote, which PostgreSQL's row lock on that level makes
// the level after every transfer before it, so two transfers can never both take the last units.
import { sql } from 'kysely'
import type { LocationStockItem, ProductRef, StockPlace, StockTransfer, StockTransferListQuery } from '../../contract'
import { DOCUMENT_PAGE_SIZE } from '../../contract'
import type { DB } from '../db'
import { now } from '../db/clock'
import { paging } from '../db/lists'
import type { Trx } from '../db/writes'
import { Conflict, Invalid, NotFound, ruleItem } from './errors'
import { missingReference } from './references'
import {
  bookMutations,
  ledgerWrite,
  levelAfter,
  lockTransfer,
  mutationsQuery,
  toStockMutation,
  type MutationRow,
  type NewMutation,
} from './ledger'
import { isVisible, visibleIds, type VisibleWarehouses } from './visible-warehouses'
import { productName } from './products'

export interface TransferLine {
  product_id: number
  amount: number
}

export interface TransferOrder {
  from_location_id: number
  to_location_id: number
  lines: TransferLine[]
  note: string | null
  allow_negative: boolean
  /** the booking user */
  user: { id: number; username: string } | null
  reverses_id?: number
}

/** Where a line's product id is in the request, so that a 422 names it. */
export type LineField = (index: number) => (string | number)[]
export const linesField: LineField = (index) => ['body', 'lines', index, 'product_id']

type PlaceRow = StockPlace

/** The locations with their warehouses, by location id. */
async function readPlaces(db: DB, locationIds: number[]): Promise<Map<number, PlaceRow>> {
  const rows = await db
    .selectFrom('locations')
    .innerJoin('warehouses', 'warehouses.id', 'locations.warehouse_id')
    .select(['locations.id as location_id', 'locations.location_name', 'warehouses.id as warehouse_id', 'warehouses.warehouse_name'])
    .where('locations.id', 'in', locationIds)
    .execute()
  return new Map(rows.map((row) => [row.location_id, row]))
}

async function readProducts(db: DB, ids: number[]): Promise<Map<number, ProductRef>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('products').select(['id', 'sku', 'article_number', 'description']).where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, row]))
}

/** Checks the order; answers the two places and the products of the lines. */
async function checkOrder(trx: Trx, order: TransferOrder, lineField: LineField) {
  if (order.from_location_id === order.to_location_id) throw Invalid.rule(['body', 'to_location_id'], 'transfer_same_location')
  const seen = new Set<number>()
  order.lines.forEach(({ product_id }, index) => {
    if (seen.has(product_id)) throw Invalid.rule(lineField(index), 'product_repeated', { product_id })
    seen.add(product_id)
  })
  const [places, products] = await Promise.all([
    readPlaces(trx, [order.from_location_id, order.to_location_id]),
    readProducts(trx, [...seen]),
  ])
  const missing = [
    ...(['from_location_id', 'to_location_id'] as const)
      .filter((field) => !places.has(order[field]))
      .map((field) => ruleItem(['body', field], 'location_missing', { id: order[field] })),
    ...order.lines.flatMap(({ product_id }, index) =>
      products.has(product_id) ? [] : [ruleItem(lineField(index), 'product_missing', { id: product_id })],
    ),
  ]
  if (missing.length > 0) throw new Invalid(missing)
  return { from: places.get(order.from_location_id)!, to: places.get(order.to_location_id)!, products }
}

/** Books a transfer in the caller's write transaction and answers it. */
export async function bookTransfer(trx: Trx, order: TransferOrder, lineField: LineField = linesField): Promise<StockTransfer> {
  const { from, to, products } = await checkOrder(trx, order, lineField)
  const stamp = now()
  return ledgerWrite(order.lines[0].product_id, async () => {
    const transfer = await trx
      .insertInto('stock_transfers')
      .values({
        from_warehouse_id: from.warehouse_id,
        from_location_id: from.location_id,
        to_warehouse_id: to.warehouse_id,
        to_location_id: to.location_id,
        note: order.note,
        user_id: order.user?.id ?? null,
        reverses_id: order.reverses_id ?? null,
        created_at: stamp,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow()
    const half = (line: TransferLine, place: PlaceRow, amount: number): NewMutation => ({
      product_id: line.product_id,
      warehouse_id: place.warehouse_id,
      location_id: place.location_id,
      amount,
      note: order.note,
      user_id: order.user?.id ?? null,
      transfer_id: transfer.id,
      source: { kind: 'transfer', id: transfer.id, line_id: null },
    })
    const { rows, levels } = await bookMutations(
      trx,
      order.lines.flatMap((line) => [half(line, from, -line.amount), half(line, to, line.amount)]),
    )
    if (!order.allow_negative) {
      for (const line of order.lines) {
        const after = levelAfter(levels, line.product_id, from.location_id)
        if (after >= 0) continue
        const product = products.get(line.product_id)!
        const available = after + line.amount
        throw new Conflict(
          'INSUFFICIENT_STOCK',
          `${productName(product)}: ${available} at ${from.warehouse_name} / ${from.location_name}, not the ${line.amount} to transfer.`,
          {
            product: productName(product),
            product_id: product.id,
            available,
            amount: line.amount,
            warehouse: from.warehouse_name,
            location: from.location_name,
          },
        )
      }
    }
    return toTransfer(
      { id: transfer.id, note: order.note, created_at: transfer.created_at, reverses_id: order.reverses_id ?? null, reversed_by_id: null },
      { from, to },
      rows.map((row) => ({ ...row, ...placeNames(row, from, to), username: order.user?.username ?? null, ...transferPlaces(from, to) })),
      products,
      order.user?.username ?? null,
    )
  })
}

const placeNames = (row: MutationRow, from: PlaceRow, to: PlaceRow) => {
  const place = row.location_id === from.location_id ? from : to
  return { warehouse_name: place.warehouse_name, location_name: place.location_name }
}
const transferPlaces = (from: PlaceRow, to: PlaceRow) => ({
  from_warehouse_id: from.warehouse_id,
  from_warehouse_name: from.warehouse_name,
  from_location_id: from.location_id,
  from_location_name: from.location_name,
  to_warehouse_id: to.warehouse_id,
  to_warehouse_name: to.warehouse_name,
  to_location_id: to.location_id,
  to_location_name: to.location_name,
})

type MutationView = Parameters<typeof toStockMutation>[0]

/** A transfer as the API answers it; its lines are its mutations paired per product (out, then in). */
function toTransfer(
  head: { id: number; note: string | null; created_at: string; reverses_id: number | null; reversed_by_id: number | null },
  places: { from: StockPlace; to: StockPlace },
  mutations: MutationView[],
  products: Map<number, ProductRef>,
  username: string | null,
): StockTransfer {
  const byProduct = new Map<number, MutationView[]>()
  for (const mutation of mutations) byProduct.set(mutation.product_id, [...(byProduct.get(mutation.product_id) ?? []), mutation])
  const lines = [...byProduct].map(([productId, halves]) => {
    const ordered = [...halves].sort((a, b) => a.amount - b.amount)
    return {
      product_id: productId,
      product: products.get(productId) ?? { id: productId, sku: null, article_number: null, description: null },
      amount: Math.max(...ordered.map((m) => Math.abs(m.amount))),
      mutations: ordered.map(toStockMutation),
    }
  })
  return {
    id: head.id,
    product_id: lines.length === 1 ? lines[0].product_id : null,
    amount: lines.length === 1 ? lines[0].amount : null,
    note: head.note,
    from: places.from,
    to: places.to,
    lines,
    mutations: lines.flatMap((line) => line.mutations),
    reverses_id: head.reverses_id,
    reversed_by_id: head.reversed_by_id,
    created_at: head.created_at,
    user: username == null ? null : { username },
  }
}

/** The transfers with these ids, as the API answers them, in the order given (missing ones left out). */
export async function readTransfers(db: DB, ids: number[]): Promise<StockTransfer[]> {
  if (ids.length === 0) return []
  const [heads, mutations] = await Promise.all([
    db
      .selectFrom('stock_transfers as t')
      .innerJoin('warehouses as fw', 'fw.id', 't.from_warehouse_id')
      .innerJoin('locations as fl', 'fl.id', 't.from_location_id')
      .innerJoin('warehouses as tw', 'tw.id', 't.to_warehouse_id')
      .innerJoin('locations as tl', 'tl.id', 't.to_location_id')
      .leftJoin('users', 'users.id', 't.user_id')
      .select([
        't.id',
        't.note',
        't.created_at',
        't.reverses_id',
        'users.username',
        't.from_warehouse_id',
        'fw.warehouse_name as from_warehouse_name',
        't.from_location_id',
        'fl.location_name as from_location_name',
        't.to_warehouse_id',
        'tw.warehouse_name as to_warehouse_name',
        't.to_location_id',
        'tl.location_name as to_location_name',
        (eb) => eb.selectFrom('stock_transfers as r').select('r.id').whereRef('r.reverses_id', '=', 't.id').as('reversed_by_id'),
      ])
      .where('t.id', 'in', ids)
      .execute(),
    mutationsQuery(db).where('stock_mutations.transfer_id', 'in', ids).orderBy('stock_mutations.id').execute(),
  ])
  const products = await readProducts(db, [...new Set(mutations.map((m) => m.product_id))])
  const byId = new Map(heads.map((head) => [head.id, head]))
  return ids.flatMap((id) => {
    const head = byId.get(id)
    if (!head) return []
    const places = { from: placeOf(head, 'from'), to: placeOf(head, 'to') }
    return [
      toTransfer(
        { ...head, reversed_by_id: head.reversed_by_id ?? null },
        places,
        mutations.filter((m) => m.transfer_id === id),
        products,
        head.username,
      ),
    ]
  })
}

function placeOf(
  head: Record<`${'from' | 'to'}_${'warehouse_id' | 'warehouse_name' | 'location_id' | 'location_name'}`, unknown>,
  side: 'from' | 'to',
): StockPlace {
  return {
    warehouse_id: Number(head[`${side}_warehouse_id`]),
    warehouse_name: String(head[`${side}_warehouse_name`]),
    location_id: Number(head[`${side}_location_id`]),
    location_name: String(head[`${side}_location_name`]),
  }
}

/** A transfer, found for a user who may see the stock of one of its two warehouses. */
export async function findTransfer(db: DB, id: number, visible: VisibleWarehouses = 'all'): Promise<StockTransfer> {
  const [transfer] = await readTransfers(db, [id])
  if (!transfer || !(isVisible(visible, transfer.from.warehouse_id) || isVisible(visible, transfer.to.warehouse_id)))
    throw new NotFound('Stock transfer')
  return transfer
}

/** A page of transfers, newest first, with the count of all that match. */
export async function listTransfers(
  db: DB,
  query: StockTransferListQuery,
  visible: VisibleWarehouses = 'all',
): Promise<{ items: StockTransfer[]; total: number }> {
  const seen = visibleIds(visible)
  const matching = db
    .selectFrom('stock_transfers')
    // a transfer concerns both its warehouses: one who sees either sees it
    .$if(seen !== undefined, (qb) => qb.where((eb) => eb.or([eb('from_warehouse_id', 'in', seen!), eb('to_warehouse_id', 'in', seen!)])))
    .$if(query.product_id !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('stock_mutations')
            .select('stock_mutations.id')
            .whereRef('stock_mutations.transfer_id', '=', 'stock_transfers.id')
            .where('stock_mutations.product_id', '=', query.product_id!),
        ),
      ),
    )
    .$if(query.location_id !== undefined, (qb) =>
      qb.where((eb) => eb.or([eb('from_location_id', '=', query.location_id!), eb('to_location_id', '=', query.location_id!)])),
    )
  const { offset, limit } = paging(query, DOCUMENT_PAGE_SIZE)
  const [rows, counted] = await Promise.all([
    matching.select('stock_transfers.id').orderBy('stock_transfers.id', 'desc').offset(offset).limit(limit).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return {
    items: await readTransfers(
      db,
      rows.map((r) => r.id),
    ),
    total: Number(counted.count),
  }
}

/**
 * Books the way back of a transfer as a new transfer (the lines it still has). The original's row is locked first,
 * so two reversals at once take turns, and the second finds the first.
 */
export async function reverseTransfer(
  trx: Trx,
  id: number,
  options: { note: string | null; allow_negative: boolean; user: TransferOrder['user'] },
): Promise<StockTransfer> {
  if (!(await lockTransfer(trx, id))) throw new NotFound('Stock transfer')
  const original = await findTransfer(trx, id)
  if (original.reversed_by_id !== null)
    throw new Conflict('TRANSFER_ALREADY_REVERSED', `Transfer ${id} was reversed already, by transfer ${original.reversed_by_id}.`, {
      id,
      reversed_by: original.reversed_by_id,
    })
  if (original.lines.length === 0)
    throw new Conflict('TRANSFER_EMPTY', `Transfer ${id} has no mutations left to reverse.`, {
      id,
    })
  return bookTransfer(trx, {
    from_location_id: original.to.location_id,
    to_location_id: original.from.location_id,
    lines: original.lines.map(({ product_id, amount }) => ({ product_id, amount })),
    note: options.note ?? `Reverse of transfer #${id}`,
    allow_negative: options.allow_negative,
    user: options.user,
    reverses_id: id,
  })
}

/** What a location holds (other than zero), optionally of one product: for filling a transfer's lines. */
export async function locationStock(db: DB, locationId: number, productId?: number): Promise<LocationStockItem[]> {
  const location = await db.selectFrom('locations').select('id').where('id', '=', locationId).executeTakeFirst()
  if (!location) throw new Invalid([missingReference('query', 'location_id', locationId)])
  const rows = await db
    .selectFrom('stock_levels')
    .innerJoin('products', 'products.id', 'stock_levels.product_id')
    .select([
      'stock_levels.product_id',
      'stock_levels.warehouse_id',
      'stock_levels.location_id',
      'stock_levels.on_hand',
      'products.sku',
      'products.article_number',
      'products.description',
    ])
    .where('stock_levels.location_id', '=', locationId)
    .where('stock_levels.on_hand', '<>', 0)
    .$if(productId !== undefined, (qb) => qb.where('stock_levels.product_id', '=', productId!))
    .orderBy(sql`lower(coalesce(products.article_number, products.sku, products.description))`)
    .orderBy('stock_levels.product_id')
    .limit(1000)
    .execute()
  return rows.map((row) => ({
    product_id: row.product_id,
    product: { id: row.product_id, sku: row.sku, article_number: row.article_number, description: row.description },
    warehouse_id: row.warehouse_id,
    location_id: row.location_id,
    amount: row.on_hand,
  }))
}
