// Purchase orders: made by hand or from the reorder report, their lines changed while a draft (only quantities, not
// below what came, once sent), sent, cancelled or closed short. Every change keeps the warehouse's incoming equal to
// the open quantities of its sent orders, in the same transaction.
import { sql } from 'kysely'
import type {
  Currency,
  PurchaseOrder,
  PurchaseOrderCreate,
  PurchaseOrderLine,
  PurchaseOrderLineInput,
  PurchaseOrderListQuery,
  PurchaseOrderStatus,
  PurchaseOrderSummary,
  PurchaseOrderUpdate,
  ValidationErrorItem,
} from '../../../contract'
import { DOCUMENT_PAGE_SIZE, MAX_PURCHASE_ORDER_LINES, PURCHASE_ORDER_STATUSES } from '../../../contract'
import type { DB } from '../../db'
import { now } from '../../db/clock'
import { containsText, dialectOfConnection } from '../../db/dialect'
import { paging } from '../../db/lists'
import type { Trx } from '../../db/writes'
import { valuesPerCurrency } from '../counts'
import { assertStatus, moveDocument } from '../documents/status'
import { Conflict, Invalid, NotFound, ruleItem } from '../errors'
import { changeIncoming, incomingChange } from '../ledger'
import { roundPrice } from '../products'
import { reorderRows } from '../reorder'
import { missingReference } from '../references'
import { visibleIds, type VisibleWarehouses } from '../visible-warehouses'
import { incomingOf, openOf, PURCHASE_ORDER_MOVES, statusAfterReceipts, type LineState } from './statuses'

import { documentNumber } from '../../../contract/document-numbers'

export type User = { id: number; username: string } | null

/** The next number of a kind in the year of `stamp` (PO-2026-00042), counted in the caller's transaction. */
async function nextNumber(trx: Trx, kind: string, stamp: string): Promise<string> {
  const year = Number(stamp.slice(0, 4))
  const {
    rows: [row],
  } = await sql<{ last: number }>`insert into document_numbers (kind, year, last) values (${kind}, ${year}, 1)
    on conflict (kind, year) do update set last = document_numbers.last + 1 returning last`.execute(trx)
  return documentNumber(kind, year, row.last)
}

const ordersQuery = (db: DB) =>
  db
    .selectFrom('purchase_orders as po')
    .innerJoin('organizations', 'organizations.id', 'po.supplier_id')
    .innerJoin('warehouses', 'warehouses.id', 'po.warehouse_id')
    .leftJoin('users', 'users.id', 'po.user_id')
    .selectAll('po')
    .select(['organizations.org_name as supplier_name', 'warehouses.warehouse_name', 'users.username'])
    .select(sql<number>`(select count(*) from purchase_order_lines l where l.purchase_order_id = po.id)`.as('lines_total'))
    .select(
      sql<number>`(select coalesce(sum(case when l.quantity > l.received then l.quantity - l.received else 0 end), 0)
        from purchase_order_lines l where l.purchase_order_id = po.id)`.as('open_quantity'),
    )

type OrderRow = Awaited<ReturnType<ReturnType<typeof ordersQuery>['executeTakeFirstOrThrow']>>

/** The value of each order's lines at their prices, per currency. */
async function totalsOf(db: DB, ids: number[]) {
  const totals = new Map<number, ReturnType<typeof valuesPerCurrency>>()
  if (ids.length === 0) return totals
  const lines = await db
    .selectFrom('purchase_order_lines')
    .select(['purchase_order_id', 'quantity', 'unit_price', 'currency'])
    .where('purchase_order_id', 'in', ids)
    .execute()
  for (const id of ids) {
    const own = lines.filter((line) => line.purchase_order_id === id)
    totals.set(
      id,
      valuesPerCurrency(
        own.map((line) => ({
          currency: line.currency as Currency | null,
          value: line.unit_price === null ? null : line.quantity * Number(line.unit_price),
        })),
      ),
    )
  }
  return totals
}

function toSummary(row: OrderRow, totals: Map<number, ReturnType<typeof valuesPerCurrency>>): PurchaseOrderSummary {
  return {
    id: row.id,
    number: row.number,
    supplier_id: row.supplier_id,
    supplier_name: row.supplier_name,
    warehouse_id: row.warehouse_id,
    warehouse_name: row.warehouse_name,
    status: row.status,
    expected_date: row.expected_date,
    note: row.note,
    totals: totals.get(row.id) ?? [],
    lines_total: Number(row.lines_total),
    open_quantity: Number(row.open_quantity),
    user: row.username ? { username: row.username } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    sent_at: row.sent_at,
    received_at: row.received_at,
    closed_at: row.closed_at,
    cancelled_at: row.cancelled_at,
  }
}

/** The order's lines in the order they were added, with what the supplier and a scanner call each product. */
export async function linesOf(db: DB, orderId: number): Promise<PurchaseOrderLine[]> {
  const rows = await db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('products', 'products.id', 'l.product_id')
    .select(['l.id', 'l.product_id', 'l.quantity', 'l.received', 'l.unit_price', 'l.currency'])
    .select(['products.sku', 'products.description', 'products.supplier_sku', 'products.barcode', 'products.sku_amazon'])
    .where('l.purchase_order_id', '=', orderId)
    .orderBy('l.id')
    .execute()
  return rows.map((row) => ({
    ...row,
    open: openOf(row),
    unit_price: row.unit_price === null ? null : Number(row.unit_price),
    currency: row.currency as Currency | null,
  }))
}

/** An order with its lines, as the API answers it. */
export async function findOrder(db: DB, id: number): Promise<PurchaseOrder> {
  const row = await ordersQuery(db).where('po.id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound('Purchase order')
  const [lines, totals] = await Promise.all([linesOf(db, id), totalsOf(db, [id])])
  return { ...toSummary(row, totals), lines }
}

/** The orders the list's filters match, in the warehouses `visible` (for the list and its export). */
export function ordersMatching(db: DB, query: Omit<PurchaseOrderListQuery, 'skip' | 'limit'>, visible: VisibleWarehouses = 'all') {
  const seen = visibleIds(visible)
  const dialect = dialectOfConnection(db)
  const q = query.q?.trim()
  return ordersQuery(db)
    .$if(query.supplier_id !== undefined, (qb) => qb.where('po.supplier_id', '=', query.supplier_id!))
    .$if(query.warehouse_id !== undefined, (qb) => qb.where('po.warehouse_id', '=', query.warehouse_id!))
    .$if(query.status !== undefined && query.status.length > 0, (qb) => qb.where('po.status', 'in', query.status!))
    .$if(seen !== undefined, (qb) => qb.where('po.warehouse_id', 'in', seen!))
    .$if(query.product_id !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('purchase_order_lines as l')
            .select('l.id')
            .whereRef('l.purchase_order_id', '=', 'po.id')
            .where('l.product_id', '=', query.product_id!),
        ),
      ),
    )
    .$if(Boolean(q), (qb) => qb.where((eb) => eb.or([containsText(dialect, 'po.number', q!), containsText(dialect, 'po.note', q!)])))
}

/** Orders, newest first, with the filters of the list; `visible` limits them to the warehouses the reader may see. */
export async function listOrders(
  db: DB,
  query: PurchaseOrderListQuery,
  visible: VisibleWarehouses = 'all',
): Promise<{ items: PurchaseOrderSummary[]; total: number }> {
  const { offset, limit } = paging(query, DOCUMENT_PAGE_SIZE)
  const [rows, counted] = await Promise.all([
    ordersMatching(db, query, visible).orderBy('po.id', 'desc').offset(offset).limit(limit).execute(),
    ordersMatching(db, query, visible)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  const totals = await totalsOf(
    db,
    rows.map((row) => row.id),
  )
  return { items: rows.map((row) => toSummary(row, totals)), total: Number(counted.count) }
}

/** The supplier must be an organization that supplies; 422 naming supplier_id otherwise. */
async function assertSupplier(db: DB, supplierId: number) {
  const supplier = await db.selectFrom('organizations').select(['id', 'is_supplier']).where('id', '=', supplierId).executeTakeFirst()
  if (!supplier) throw new Invalid([missingReference('body', 'supplier_id', supplierId)])
  if (!supplier.is_supplier) throw Invalid.rule(['body', 'supplier_id'], 'organization_not_supplier', { id: supplierId })
}

type PricedLine = { product_id: number; quantity: number; unit_price: number | null; currency: string | null; id?: number }

/**
 * The lines as they are to be stored: each product existing and on the order once (422 naming the line), the price
 * and currency left out taken from the product's supplier info.
 */
async function pricedLines(db: DB, lines: PurchaseOrderLineInput[]): Promise<PricedLine[]> {
  const ids = [...new Set(lines.map((line) => line.product_id))]
  const products =
    ids.length === 0
      ? []
      : await db.selectFrom('products').select(['id', 'purchase_price', 'purchase_currency']).where('id', 'in', ids).execute()
  const byId = new Map(products.map((product) => [product.id, product]))
  const problems: ValidationErrorItem[] = []
  const seen = new Set<number>()
  lines.forEach((line, index) => {
    if (!byId.has(line.product_id))
      problems.push(ruleItem(['body', 'lines', index, 'product_id'], 'product_missing', { id: line.product_id }))
    else if (seen.has(line.product_id))
      problems.push(ruleItem(['body', 'lines', index, 'product_id'], 'product_on_order_twice', { id: line.product_id }))
    seen.add(line.product_id)
  })
  if (problems.length > 0) throw new Invalid(problems)
  return lines.map((line) => {
    const product = byId.get(line.product_id)!
    return {
      id: line.id,
      product_id: line.product_id,
      quantity: line.quantity,
      unit_price: line.unit_price === undefined ? product.purchase_price : line.unit_price === null ? null : roundPrice(line.unit_price),
      currency: line.currency === undefined ? product.purchase_currency : line.currency,
    }
  })
}

/** The columns of a line that a change writes, with their types: PostgreSQL reads a list's untyped values as text. */
const LINE_COLUMNS = {
  product_id: 'integer',
  quantity: 'integer',
  received: 'integer',
  unit_price: 'double precision',
  currency: 'varchar(3)',
} as const
type LineColumn = keyof typeof LINE_COLUMNS

/**
 * Writes `columns` of lines kept by id, in one statement on both dialects (an update from a list of values): a
 * receipt of 1,000 lines made 1,000 round trips. An order holds at most MAX_PURCHASE_ORDER_LINES lines.
 */
export async function writeLines(
  trx: Trx,
  lines: readonly ({ id: number } & Partial<Record<LineColumn, number | string | null>>)[],
  columns: readonly LineColumn[],
): Promise<void> {
  if (lines.length === 0) return
  const typed = (value: number | string | null | undefined, type: string) => sql`cast(${value ?? null} as ${sql.raw(type)})`
  const rows = lines.map(
    (line) => sql`(${sql.join([typed(line.id, 'integer'), ...columns.map((column) => typed(line[column], LINE_COLUMNS[column]))])})`,
  )
  await sql`with changed (id, ${sql.join(columns.map((column) => sql.ref(column)))}) as (values ${sql.join(rows)})
    update purchase_order_lines set ${sql.join(columns.map((column) => sql`${sql.ref(column)} = changed.${sql.ref(column)}`))}
      from changed where purchase_order_lines.id = changed.id`.execute(trx)
}

async function insertLines(trx: Trx, orderId: number, lines: PricedLine[]) {
  if (lines.length === 0) return
  await trx
    .insertInto('purchase_order_lines')
    .values(
      lines.map((line) => ({
        purchase_order_id: orderId,
        product_id: line.product_id,
        quantity: line.quantity,
        unit_price: line.unit_price,
        currency: line.currency,
      })),
    )
    .execute()
}

/** Makes a draft order; answers it. */
export async function createOrder(trx: Trx, body: PurchaseOrderCreate, user: User): Promise<PurchaseOrder> {
  await assertSupplier(trx, body.supplier_id)
  const warehouse = await trx.selectFrom('warehouses').select('id').where('id', '=', body.warehouse_id).executeTakeFirst()
  if (!warehouse) throw new Invalid([missingReference('body', 'warehouse_id', body.warehouse_id)])
  const lines = await pricedLines(trx, body.lines)
  const stamp = now()
  const { id } = await trx
    .insertInto('purchase_orders')
    .values({
      number: await nextNumber(trx, 'PO', stamp),
      supplier_id: body.supplier_id,
      warehouse_id: body.warehouse_id,
      status: 'draft',
      expected_date: body.expected_date ?? null,
      note: body.note?.trim() || null,
      user_id: user?.id ?? null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await insertLines(trx, id, lines)
  return findOrder(trx, id)
}

/** An order's lines as the rules of statuses and incoming read them, in the order they were added. */
export const lineStates = (db: DB, orderId: number): Promise<(LineState & { id: number })[]> =>
  db
    .selectFrom('purchase_order_lines')
    .select(['id', 'product_id', 'quantity', 'received'])
    .where('purchase_order_id', '=', orderId)
    .orderBy('id')
    .execute()

/** The order's warehouse and lines, locked for a change of its own row. */
async function lockedOrder(trx: Trx, id: number, states: readonly PurchaseOrderStatus[]) {
  const status = await assertStatus(trx, PURCHASE_ORDER_MOVES, id, states, { exclusive: true })
  const { warehouse_id } = await trx.selectFrom('purchase_orders').select('warehouse_id').where('id', '=', id).executeTakeFirstOrThrow()
  return { status, warehouseId: warehouse_id, lines: await lineStates(trx, id) }
}

/**
 * What a receipt, a reversal or a change of quantities does to a sent order: the status its lines say (a closed
 * order stays closed) and what it adds to its warehouse's incoming per product.
 */
export function linesFollowed(status: PurchaseOrderStatus, before: LineState[], after: LineState[]) {
  const next = status === 'closed' ? status : statusAfterReceipts(after)
  return { next, incoming: incomingChange(incomingOf(status, before), incomingOf(next, after)) }
}

/** Moves an order to `next` after its lines changed (stamping received_at on arrival), or only stamps the change. */
export async function moveAfterLines(trx: Trx, id: number, status: PurchaseOrderStatus, next: PurchaseOrderStatus) {
  if (next !== status) await moveDocument(trx, PURCHASE_ORDER_MOVES, id, next)
  else await trx.updateTable('purchase_orders').set({ updated_at: now() }).where('id', '=', id).execute()
}

/**
 * Changes the expected date, the note and the lines. A draft's lines are replaced (kept ones carry their id); once
 * sent, the same lines stay and only their quantities change, never below what was received (409 BELOW_RECEIVED).
 */
export async function updateOrder(trx: Trx, id: number, body: PurchaseOrderUpdate): Promise<PurchaseOrder> {
  const { status, warehouseId, lines: before } = await lockedOrder(trx, id, ['draft', 'sent', 'partially_received'])
  const header = {
    ...(body.expected_date !== undefined ? { expected_date: body.expected_date } : {}),
    ...(body.note !== undefined ? { note: body.note?.trim() || null } : {}),
  }
  await trx
    .updateTable('purchase_orders')
    .set({ ...header, updated_at: now() })
    .where('id', '=', id)
    .execute()
  if (body.lines === undefined) return findOrder(trx, id)
  const lines = await pricedLines(trx, body.lines)
  const kept = new Map(before.map((line) => [line.id, line]))
  const strangers = lines.flatMap((line, index) =>
    line.id === undefined || kept.has(line.id) ? [] : [ruleItem(['body', 'lines', index, 'id'], 'line_not_on_order', { id: line.id })],
  )
  if (strangers.length > 0) throw new Invalid(strangers)
  if (status === 'draft') {
    const keptIds = lines.flatMap((line) => (line.id === undefined ? [] : [line.id]))
    await trx
      .deleteFrom('purchase_order_lines')
      .where('purchase_order_id', '=', id)
      .$if(keptIds.length > 0, (q) => q.where('id', 'not in', keptIds))
      .execute()
    // a kept line may take another product that a removed line had: the removed ones go first
    await writeLines(
      trx,
      lines.flatMap((line) => (line.id === undefined ? [] : [{ ...line, id: line.id }])),
      ['product_id', 'quantity', 'unit_price', 'currency'],
    )
    await insertLines(
      trx,
      id,
      lines.filter((l) => l.id === undefined),
    )
    return findOrder(trx, id)
  }
  // sent: the same lines, each with its own product, only the quantities change
  const same =
    lines.length === before.length && lines.every((line) => line.id !== undefined && kept.get(line.id)!.product_id === line.product_id)
  if (!same) throw PURCHASE_ORDER_MOVES.refusal(id, status)
  for (const line of lines) {
    const was = kept.get(line.id!)!
    if (line.quantity < was.received)
      throw new Conflict('BELOW_RECEIVED', `Line ${line.id} received ${was.received} already: its quantity cannot be lower.`, {
        line_id: line.id!,
        received: was.received,
        quantity: line.quantity,
      })
  }
  const quantities = new Map(lines.map((line) => [line.id!, line.quantity]))
  const after = before.map((line) => ({ ...line, quantity: quantities.get(line.id)! }))
  await writeLines(
    trx,
    after.filter((line) => line.quantity !== kept.get(line.id)!.quantity),
    ['quantity'],
  )
  const { next, incoming } = linesFollowed(status, before, after)
  await moveAfterLines(trx, id, status, next)
  await changeIncoming(trx, warehouseId, incoming)
  return findOrder(trx, id)
}

/** Moves a draft to sent: its open quantities become incoming. An order without lines is not sent. */
export async function sendOrder(trx: Trx, id: number): Promise<PurchaseOrder> {
  const { warehouseId, lines } = await lockedOrder(trx, id, ['draft'])
  if (lines.length === 0) throw new Conflict('PURCHASE_ORDER_EMPTY', `Purchase order ${id} has no lines to send.`, { id })
  await moveDocument(trx, PURCHASE_ORDER_MOVES, id, 'sent')
  await changeIncoming(trx, warehouseId, incomingOf('sent', lines))
  return findOrder(trx, id)
}

/** Cancels a draft or a sent order before anything came, or closes a sent one short: what is open stays unreceived. */
export async function endOrder(trx: Trx, id: number, to: 'cancelled' | 'closed'): Promise<PurchaseOrder> {
  const from = PURCHASE_ORDER_STATUSES.filter((status) => PURCHASE_ORDER_MOVES.next[status].includes(to))
  const { status, warehouseId, lines } = await lockedOrder(trx, id, from)
  await moveDocument(trx, PURCHASE_ORDER_MOVES, id, to)
  await changeIncoming(trx, warehouseId, incomingChange(incomingOf(status, lines), new Map()))
  return findOrder(trx, id)
}

/**
 * Holds the warehouses' rows (all when none is named) in id order, so that two buyers making orders from the report
 * for the same warehouse take turns: the second reads the first one's drafts. `for no key update` leaves bookings
 * (which hold a warehouse `for key share`) and new orders' references running; SQLite's one writer takes turns anyway.
 */
async function takeReorderTurn(trx: Trx, warehouseId: number | undefined) {
  if (dialectOfConnection(trx) !== 'postgres') return
  await trx
    .selectFrom('warehouses')
    .select('id')
    .$if(warehouseId !== undefined, (qb) => qb.where('id', '=', warehouseId!))
    .orderBy('id')
    .forNoKeyUpdate()
    .execute()
}

/** The products on a draft for each warehouse, as `product:warehouse` keys. */
async function onDrafts(db: DB, warehouseIds: number[]): Promise<Set<string>> {
  if (warehouseIds.length === 0) return new Set()
  const lines = await db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('purchase_orders as po', 'po.id', 'l.purchase_order_id')
    .select(['l.product_id', 'po.warehouse_id'])
    .where('po.status', '=', 'draft')
    .where('po.warehouse_id', 'in', warehouseIds)
    .execute()
  return new Set(lines.map((line) => `${line.product_id}:${line.warehouse_id}`))
}

/**
 * Drafts from the reorder report: per supplier and warehouse, a line per product below its minimum with the report's
 * suggestion (products already on order enough get none), on as many drafts of at most MAX_PURCHASE_ORDER_LINES as it
 * takes. A product on a draft for the warehouse already, from any supplier, gets none: like incoming, what is on order
 * counts whoever supplies it, and a second buyer clicking at the same moment gets no second draft of it. Products
 * without a supplier, or whose supplier no longer supplies, are left to order by hand.
 */
export async function ordersFromReorder(
  trx: Trx,
  body: { warehouse_id?: number; supplier_ids?: number[] },
  user: User,
): Promise<PurchaseOrder[]> {
  await takeReorderTurn(trx, body.warehouse_id)
  const wanted = body.supplier_ids ? new Set(body.supplier_ids) : undefined
  const short = (await reorderRows(trx, body.warehouse_id)).filter(
    (row) => row.supplier_id !== null && row.suggested > 0 && (!wanted || wanted.has(row.supplier_id)),
  )
  const drafted = await onDrafts(trx, [...new Set(short.map((row) => row.warehouse_id))])
  const rows = short.filter((row) => !drafted.has(`${row.product_id}:${row.warehouse_id}`))
  const supplierIds = [...new Set(rows.map((row) => row.supplier_id!))]
  const suppliers =
    supplierIds.length === 0
      ? new Set<number>()
      : new Set(
          (await trx.selectFrom('organizations').select('id').where('id', 'in', supplierIds).where('is_supplier', '=', true).execute()).map(
            (org) => org.id,
          ),
        )
  const groups = new Map<string, { supplier_id: number; warehouse_id: number; lines: PurchaseOrderLineInput[] }>()
  for (const row of rows) {
    if (!suppliers.has(row.supplier_id!)) continue
    const key = `${row.supplier_id}:${row.warehouse_id}`
    const group = groups.get(key) ?? { supplier_id: row.supplier_id!, warehouse_id: row.warehouse_id, lines: [] }
    groups.set(key, group)
    group.lines.push({ product_id: row.product_id, quantity: row.suggested })
  }
  const made: PurchaseOrder[] = []
  for (const { lines, ...group } of groups.values())
    // full drafts in the report's order, the rest on the last: the buyer ticks them off the report one after another
    for (let start = 0; start < lines.length; start += MAX_PURCHASE_ORDER_LINES)
      made.push(await createOrder(trx, { ...group, lines: lines.slice(start, start + MAX_PURCHASE_ORDER_LINES) }, user))
  return made
}
