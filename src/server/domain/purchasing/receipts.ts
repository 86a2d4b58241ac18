// Receipts of purchase orders: what came, booked in one transaction as a mutation per line at a location of the
// order's warehouse (sourced to the receipt and the order's line), adding to the lines' received and taking it off
// incoming. The order's row is locked first, so two clerks receiving one order take turns: a line never passes its
// quantity unless asked to. A receipt is reversed (booked back, sourced `undo`) while nothing later rests on its units.
import { sql } from 'kysely'
import type { PurchaseReceipt, PurchaseReceiptCreate, PurchaseReceiptLine, ValidationErrorItem } from '../../../contract'
import type { DB } from '../../db'
import { now } from '../../db/clock'
import { dialectOfConnection } from '../../db/dialect'
import type { Trx } from '../../db/writes'
import { Conflict, Invalid, NotFound, ruleItem } from '../errors'
import { bookMutations, changeIncoming, laterMutationAt, type NewMutation } from '../ledger'
import { assertStatus } from '../documents/status'
import { lineStates, linesFollowed, moveAfterLines, writeLines, type User } from './orders'
import { PURCHASE_ORDER_MOVES, openOf } from './statuses'

/**
 * The mutations of a receipt or its reversal, each product's first carrying what it adds to the product's incoming,
 * so that the warehouse's row is written once; and what is left for products it does not book (none, as only booked
 * lines change).
 */
function carryingIncoming(mutations: NewMutation[], incoming: Map<number, number>) {
  const left = new Map(incoming)
  const carried = mutations.map((mutation) => {
    const amount = left.get(mutation.product_id)
    left.delete(mutation.product_id)
    return amount === undefined ? mutation : { ...mutation, incoming: amount }
  })
  return { carried, left }
}

async function receiptLines(db: DB, receiptIds: number[]): Promise<Map<number, PurchaseReceiptLine[]>> {
  const byReceipt = new Map<number, PurchaseReceiptLine[]>(receiptIds.map((id) => [id, []]))
  if (receiptIds.length === 0) return byReceipt
  const rows = await db
    .selectFrom('purchase_receipt_lines as r')
    .innerJoin('purchase_order_lines as l', 'l.id', 'r.line_id')
    .innerJoin('products', 'products.id', 'l.product_id')
    .innerJoin('locations', 'locations.id', 'r.location_id')
    .select(['r.id', 'r.receipt_id', 'r.line_id', 'l.product_id', 'products.sku', 'products.description', 'r.location_id'])
    .select(['locations.location_name', 'r.quantity'])
    .where('r.receipt_id', 'in', receiptIds)
    .orderBy('r.id')
    .execute()
  for (const { receipt_id, ...line } of rows) byReceipt.get(receipt_id)!.push(line)
  return byReceipt
}

const receiptsQuery = (db: DB) =>
  db
    .selectFrom('purchase_receipts as r')
    .innerJoin('purchase_orders as po', 'po.id', 'r.purchase_order_id')
    .leftJoin('users', 'users.id', 'r.user_id')
    .select(['r.id', 'r.purchase_order_id', 'po.number', 'po.status', 'r.note', 'users.username', 'r.created_at', 'r.reversed_at'])

/** The receipts of an order (or only `receiptId` of them), oldest first, each with its lines. */
async function receiptsOf(db: DB, orderId: number, receiptId?: number): Promise<PurchaseReceipt[]> {
  const rows = await receiptsQuery(db)
    .where('r.purchase_order_id', '=', orderId)
    .$if(receiptId !== undefined, (qb) => qb.where('r.id', '=', receiptId!))
    .orderBy('r.id')
    .execute()
  const lines = await receiptLines(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    id: row.id,
    purchase_order_id: row.purchase_order_id,
    purchase_order_number: row.number,
    purchase_order_status: row.status,
    note: row.note,
    lines: lines.get(row.id) ?? [],
    user: row.username ? { username: row.username } : null,
    created_at: row.created_at,
    reversed_at: row.reversed_at,
  }))
}

/** The receipts of an order, oldest first. */
export async function listReceipts(db: DB, orderId: number): Promise<PurchaseReceipt[]> {
  const order = await db.selectFrom('purchase_orders').select('id').where('id', '=', orderId).executeTakeFirst()
  if (!order) throw new NotFound('Purchase order')
  return receiptsOf(db, orderId)
}

/** One receipt as the API answers it: read alone, not with every earlier receipt of its order. */
async function findReceipt(db: DB, orderId: number, receiptId: number): Promise<PurchaseReceipt> {
  const [found] = await receiptsOf(db, orderId, receiptId)
  if (!found) throw new NotFound('Receipt')
  return found
}

/**
 * Books a receipt of the order: each line at a location of the order's warehouse (422 naming the field), no line past
 * what is open on it unless `allow_over_receipt` (409 OVER_RECEIPT naming the line, what is open and what came).
 */
export async function receive(trx: Trx, orderId: number, body: PurchaseReceiptCreate, user: User): Promise<PurchaseReceipt> {
  const status = await assertStatus(trx, PURCHASE_ORDER_MOVES, orderId, ['sent', 'partially_received'], { exclusive: true })
  const order = await trx
    .selectFrom('purchase_orders')
    .select(['warehouse_id', 'number'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  const before = await lineStates(trx, orderId)
  const lineById = new Map(before.map((line) => [line.id, line]))
  const locationIds = [...new Set(body.lines.map((line) => line.location_id))]
  const places = await trx.selectFrom('locations').select(['id', 'warehouse_id']).where('id', 'in', locationIds).execute()
  const placeById = new Map(places.map((place) => [place.id, place.warehouse_id]))
  const problems: ValidationErrorItem[] = []
  body.lines.forEach((line, index) => {
    if (!lineById.has(line.line_id)) problems.push(ruleItem(['body', 'lines', index, 'line_id'], 'line_not_on_order', { id: line.line_id }))
    const warehouseOf = placeById.get(line.location_id)
    if (warehouseOf === undefined)
      problems.push(ruleItem(['body', 'lines', index, 'location_id'], 'location_missing', { id: line.location_id }))
    else if (warehouseOf !== order.warehouse_id)
      problems.push(
        ruleItem(['body', 'lines', index, 'location_id'], 'location_not_in_warehouse', {
          location_id: line.location_id,
          warehouse_id: order.warehouse_id,
        }),
      )
  })
  if (problems.length > 0) throw new Invalid(problems)

  const coming = new Map<number, number>()
  for (const line of body.lines) coming.set(line.line_id, (coming.get(line.line_id) ?? 0) + line.quantity)
  if (!body.allow_over_receipt)
    for (const [lineId, quantity] of coming) {
      const line = lineById.get(lineId)!
      if (quantity > openOf(line)) {
        // read for the refusal alone: joined to every line, the products took a tenth of a 1,000-line receipt
        const { sku } = await trx.selectFrom('products').select('sku').where('id', '=', line.product_id).executeTakeFirstOrThrow()
        throw new Conflict(
          'OVER_RECEIPT',
          `Line ${lineId} (${sku ?? line.product_id}) has ${openOf(line)} open, not the ${quantity} received.`,
          {
            line_id: lineId,
            sku: sku ?? String(line.product_id),
            open: openOf(line),
            quantity,
          },
        )
      }
    }

  const after = before.map((line) => ({ ...line, received: line.received + (coming.get(line.id) ?? 0) }))
  const { next, incoming } = linesFollowed(status, before, after)
  const stamp = now()
  const { id: receiptId } = await trx
    .insertInto('purchase_receipts')
    .values({ purchase_order_id: orderId, note: body.note?.trim() || null, user_id: user?.id ?? null, created_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { carried, left } = carryingIncoming(
    body.lines.map((line) => ({
      product_id: lineById.get(line.line_id)!.product_id,
      warehouse_id: order.warehouse_id,
      location_id: line.location_id,
      amount: line.quantity,
      note: `Receipt #${receiptId} of ${order.number}`,
      reason: null,
      user_id: user?.id ?? null,
      source: { kind: 'receipt' as const, id: receiptId, line_id: line.line_id },
    })),
    incoming,
  )
  const { rows: mutations } = await bookMutations(trx, carried)
  await trx
    .insertInto('purchase_receipt_lines')
    .values(
      body.lines.map((line, index) => ({
        receipt_id: receiptId,
        line_id: line.line_id,
        location_id: line.location_id,
        quantity: line.quantity,
        mutation_id: mutations[index].id,
      })),
    )
    .execute()
  // the order's row is locked: what each line received is written whole
  await writeLines(
    trx,
    after.filter((line) => coming.has(line.id)),
    ['received'],
  )
  await moveAfterLines(trx, orderId, status, next)
  await changeIncoming(trx, order.warehouse_id, left)
  return findReceipt(trx, orderId, receiptId)
}

/** Why a receipt cannot be reversed now: reversed already, or a later mutation of one of its products at its place. */
async function reversalRefusal(db: DB, receipt: { id: number; reversed_at: string | null }) {
  if (receipt.reversed_at !== null) return new Conflict('UNDO_ALREADY', `Receipt ${receipt.id} was reversed already.`, { id: receipt.id })
  const booked = await db
    .selectFrom('purchase_receipt_lines as r')
    .innerJoin('stock_mutations as m', 'm.id', 'r.mutation_id')
    .select(['m.id', 'm.product_id', 'm.location_id'])
    .where('r.receipt_id', '=', receipt.id)
    .execute()
  for (const mutation of booked)
    if (await laterMutationAt(db, mutation))
      return new Conflict(
        'UNDO_CHANGED_SINCE',
        'The stock of a product of this receipt changed afterwards, so the receipt cannot be reversed any more.',
        {
          what: 'The stock of a product of this receipt',
          thing: 'receipt_stock',
        },
      )
  return undefined
}

/** Why the receipt of the order cannot be reversed now, or undefined (the audit trail's undo asks first). */
export async function receiptReversalRefusal(db: DB, orderId: number, receiptId: number): Promise<Conflict | undefined> {
  const receipt = await db
    .selectFrom('purchase_receipts')
    .select(['id', 'reversed_at'])
    .where('id', '=', receiptId)
    .where('purchase_order_id', '=', orderId)
    .executeTakeFirst()
  if (!receipt) return new Conflict('UNDO_NOT_POSSIBLE', 'This change cannot be undone here.')
  return reversalRefusal(db, receipt)
}

/**
 * Takes a receipt back: books the opposite of each of its lines (sourced `undo`, to the receipt and the order's line),
 * lowers the lines' received and puts the units back on incoming while the order is open. The order and the
 * receipt's products are locked before the check, so a booking in flight is met as a later change, never missed.
 */
export async function reverseReceipt(trx: Trx, orderId: number, receiptId: number, user: User): Promise<PurchaseReceipt> {
  const status = await assertStatus(trx, PURCHASE_ORDER_MOVES, orderId, ['sent', 'partially_received', 'received', 'closed'], {
    exclusive: true,
  })
  const receipt = await trx
    .selectFrom('purchase_receipts')
    .select(['id', 'reversed_at'])
    .where('id', '=', receiptId)
    .where('purchase_order_id', '=', orderId)
    .executeTakeFirst()
  if (!receipt) throw new NotFound('Receipt')
  const lines = await trx
    .selectFrom('purchase_receipt_lines as r')
    .innerJoin('purchase_order_lines as l', 'l.id', 'r.line_id')
    .select(['r.line_id', 'r.location_id', 'r.quantity', 'l.product_id'])
    .where('r.receipt_id', '=', receiptId)
    .orderBy('r.id')
    .execute()
  if (dialectOfConnection(trx) === 'postgres')
    await sql`select id from products where id in (${sql.join([...new Set(lines.map((l) => l.product_id)), 0])}) order by id for update`.execute(
      trx,
    )
  const refusal = await reversalRefusal(trx, receipt)
  if (refusal) throw refusal
  const order = await trx
    .selectFrom('purchase_orders')
    .select(['warehouse_id', 'number'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  const before = await lineStates(trx, orderId)
  const back = new Map<number, number>()
  for (const line of lines) back.set(line.line_id, (back.get(line.line_id) ?? 0) + line.quantity)
  const after = before.map((line) => ({ ...line, received: line.received - (back.get(line.id) ?? 0) }))
  const { next, incoming } = linesFollowed(status, before, after)
  const { carried, left } = carryingIncoming(
    lines.map((line) => ({
      product_id: line.product_id,
      warehouse_id: order.warehouse_id,
      location_id: line.location_id,
      amount: -line.quantity,
      note: `Receipt #${receiptId} of ${order.number} reversed`,
      user_id: user?.id ?? null,
      source: { kind: 'undo' as const, id: receiptId, line_id: line.line_id },
    })),
    incoming,
  )
  await bookMutations(trx, carried)
  await writeLines(
    trx,
    after.filter((line) => back.has(line.id)),
    ['received'],
  )
  await trx.updateTable('purchase_receipts').set({ reversed_at: now() }).where('id', '=', receiptId).execute()
  await moveAfterLines(trx, orderId, status, next)
  await changeIncoming(trx, order.warehouse_id, left)
  return findReceipt(trx, orderId, receiptId)
}
