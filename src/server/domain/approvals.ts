// Approvals. A booking or a count's application whose adjustment passes a threshold of its warehouse (units moved, in
// and out together, or their value at purchase price) is not booked: it is kept as a pending approval. A manager of
// the warehouse other than the one who asked approves it, which carries it out then (exactly once: the move from
// pending is one conditional update), or rejects it with a reason. Administrators are not held.
import { sql, type Selectable } from 'kysely'
import type { Approval, ApprovalListQuery, ApprovalSummary, ApprovalStatus } from '../../contract'
import { holds, warehousesWith, type PermissionGrant } from '../../contract/roles'
import type { DB } from '../db'
import { now } from '../db/clock'
import { paging } from '../db/lists'
import type { ApprovalsTable } from '../db/schema'
import type { Trx } from '../db/writes'
import { moveDocument, type DocumentStatuses } from './documents/status'
import { Conflict, Forbidden, NotFound } from './errors'
import { applyCount, submitCount } from './counts'
import { assertPlace, bookMutation, type NewMutation } from './ledger'
import { visibleIds, type VisibleWarehouses } from './visible-warehouses'

type ApprovalRow = Selectable<ApprovalsTable> & { warehouse_name: string }

/** Who asks: a held request is theirs, and carried out as theirs once approved. */
export interface Requester {
  id: number
  username: string
  permissions: readonly PermissionGrant[]
}

/** A booking as the approval keeps it, to book on approval. */
type BookingRequest = Pick<NewMutation, 'product_id' | 'warehouse_id' | 'location_id' | 'amount' | 'reason'> & {
  note: string | null
  /** below zero, where the warehouse asks first */
  allow_negative?: boolean
}

const APPROVAL_STATUSES: DocumentStatuses<ApprovalStatus> = {
  table: 'approvals',
  name: 'Approval',
  next: { pending: ['approved', 'rejected'], approved: [], rejected: [] },
  stamps: { approved: 'decided_at', rejected: 'decided_at' },
  refusal: (id, status) => new Conflict('APPROVAL_DECIDED', `Approval ${id} was ${status} already.`, { id, status }),
}

interface Thresholds {
  quantity: number | null
  value: number | null
}

async function thresholdsOf(trx: Trx, warehouseId: number): Promise<Thresholds | undefined> {
  const row = await trx
    .selectFrom('warehouses')
    .select(['approval_threshold_quantity as quantity', 'approval_threshold_value as value'])
    .where('id', '=', warehouseId)
    .executeTakeFirst()
  return row && (row.quantity !== null || row.value !== null) ? row : undefined
}

const passes = (limits: Thresholds, quantity: number, value: number | null) =>
  (limits.quantity !== null && quantity > limits.quantity) || (limits.value !== null && value !== null && value > limits.value)

const roundValue = (value: number) => Math.round(value * 100) / 100

async function insertApproval(
  trx: Trx,
  values: Pick<ApprovalsTable, 'kind' | 'warehouse_id' | 'count_id' | 'import_id'> & { request: object; summary: ApprovalSummary },
  limits: Thresholds,
  requester: Requester,
): Promise<Approval> {
  const stamp = now()
  const { id } = await trx
    .insertInto('approvals')
    .values({
      ...values,
      status: 'pending',
      request: JSON.stringify(values.request),
      summary: JSON.stringify(values.summary),
      threshold_quantity: limits.quantity,
      threshold_value: limits.value,
      requested_by: requester.id,
      requested_by_name: requester.username,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return findApproval(trx, id)
}

const emptySummary = {
  product: null,
  location_id: null,
  location_name: null,
  amount: null,
  note: null,
  count_id: null,
  import_id: null,
  lines: null,
}

/**
 * Holds a booking that passes its warehouse's threshold: answers the pending approval, or undefined when the booking
 * goes ahead. A booking whose product or place is wrong is refused as a booking is, not held.
 */
export async function holdBooking(trx: Trx, booking: BookingRequest, requester: Requester): Promise<Approval | undefined> {
  if (holds(requester.permissions, 'administer')) return undefined
  const limits = await thresholdsOf(trx, booking.warehouse_id)
  if (!limits) return undefined
  const product = await trx
    .selectFrom('products')
    .select(['id', 'sku', 'article_number', 'description', 'purchase_price'])
    .where('id', '=', booking.product_id)
    .executeTakeFirst()
  if (!product || !Number.isSafeInteger(booking.amount)) return undefined
  const quantity = Math.abs(booking.amount)
  const value = product.purchase_price === null ? null : roundValue(quantity * product.purchase_price)
  if (!passes(limits, quantity, value)) return undefined
  const { location_name } = await assertPlace(trx, { ...booking, user_id: requester.id })
  const { purchase_price: _, ...ref } = product
  const summary = {
    ...emptySummary,
    quantity,
    value,
    product: ref,
    location_id: booking.location_id,
    location_name,
    amount: booking.amount,
    note: booking.note,
  }
  return insertApproval(
    trx,
    { kind: 'booking', warehouse_id: booking.warehouse_id, count_id: null, import_id: null, request: booking, summary },
    limits,
    requester,
  )
}

/**
 * Holds the application of a count whose differences pass its warehouse's threshold: the count is submitted (its lines
 * no longer change) and waits. Answers the pending approval (the one already asked, when asked again), or undefined.
 */
export async function holdCountApplication(trx: Trx, countId: number, requester: Requester): Promise<Approval | undefined> {
  if (holds(requester.permissions, 'administer')) return undefined
  const count = await trx.selectFrom('stock_counts').select(['warehouse_id', 'status']).where('id', '=', countId).executeTakeFirst()
  if (!count || (count.status !== 'open' && count.status !== 'submitted')) return undefined
  const limits = await thresholdsOf(trx, count.warehouse_id)
  if (!limits) return undefined
  const asked = await trx
    .selectFrom('approvals')
    .select('id')
    .where('count_id', '=', countId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (asked) return findApproval(trx, asked.id)
  const lines = await trx
    .selectFrom('stock_count_lines')
    .innerJoin('products', 'products.id', 'stock_count_lines.product_id')
    .select(['counted', 'expected_at_count', 'purchase_price'])
    .where('count_id', '=', countId)
    .where('counted', 'is not', null)
    .execute()
  const changing = lines.filter((line) => line.counted !== line.expected_at_count)
  const differences = changing.map((line) => ({
    units: Math.abs(line.counted! - (line.expected_at_count ?? 0)),
    price: line.purchase_price,
  }))
  const quantity = differences.reduce((sum, line) => sum + line.units, 0)
  const priced = differences.filter((line) => line.price !== null)
  const value = priced.length === 0 ? null : roundValue(priced.reduce((sum, line) => sum + line.units * line.price!, 0))
  if (!passes(limits, quantity, value)) return undefined
  if (count.status === 'open') await submitCount(trx, countId)
  const summary = { ...emptySummary, quantity, value, count_id: countId, lines: changing.length }
  return insertApproval(
    trx,
    { kind: 'count', warehouse_id: count.warehouse_id, count_id: countId, import_id: null, request: { count_id: countId }, summary },
    limits,
    requester,
  )
}

/** What a stock import would book in each warehouse: the units, in and out together, and their value where priced. */
export type Adjustments = Map<number, { quantity: number; value: number | null }>

/** Adds one booking of `amount` units at `unitPrice` (null: unpriced) in a warehouse to `adjustments`. */
export function addAdjustment(adjustments: Adjustments, warehouseId: number, amount: number, unitPrice: number | null) {
  const known = adjustments.get(warehouseId) ?? { quantity: 0, value: null }
  const value = unitPrice === null ? known.value : (known.value ?? 0) + Math.abs(amount) * unitPrice
  adjustments.set(warehouseId, { quantity: known.quantity + Math.abs(amount), value })
}

/**
 * Holds a checked stock import whose bookings pass a threshold of a warehouse they book in: answers the pending
 * approval (which a manager of every such warehouse may decide), or undefined when the import goes ahead.
 */
export async function holdImport(
  trx: Trx,
  importId: number,
  adjustments: Adjustments,
  rows: number,
  requester: Requester,
): Promise<Approval | undefined> {
  if (holds(requester.permissions, 'administer')) return undefined
  const passed: number[] = []
  let limitsOfFirst: Thresholds | undefined
  for (const [warehouseId, { quantity, value }] of adjustments) {
    const limits = await thresholdsOf(trx, warehouseId)
    if (!limits || !passes(limits, quantity, value === null ? null : roundValue(value))) continue
    passed.push(warehouseId)
    limitsOfFirst ??= limits
  }
  if (passed.length === 0) return undefined
  const all = [...adjustments.values()]
  const values = all.filter((a) => a.value !== null)
  const summary = {
    ...emptySummary,
    quantity: all.reduce((sum, a) => sum + a.quantity, 0),
    value: values.length === 0 ? null : roundValue(values.reduce((sum, a) => sum + a.value!, 0)),
    import_id: importId,
    lines: rows,
  }
  const request = { import_id: importId, warehouse_ids: passed }
  return insertApproval(
    trx,
    { kind: 'import', warehouse_id: passed[0], count_id: null, import_id: importId, request, summary },
    limitsOfFirst!,
    requester,
  )
}

/** The warehouses whose managers decide an approval: its own, and the others a held import passes a threshold in. */
export async function approvalWarehouses(db: DB, id: number): Promise<number[] | undefined> {
  const row = await db.selectFrom('approvals').select(['warehouse_id', 'kind', 'request']).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const others = row.kind === 'import' ? ((JSON.parse(row.request) as { warehouse_ids?: number[] }).warehouse_ids ?? []) : []
  return [...new Set([row.warehouse_id, ...others])]
}

/** Starts the held import of an approval in the approval's transaction (the imports' runner claims it). */
export type StartHeldImport = (trx: Trx, importId: number) => Promise<void>

/** Approves and carries out what was asked, as the one who asked, exactly once. */
export async function approve(
  trx: Trx,
  id: number,
  approver: { id: number; username: string },
  startHeldImport?: StartHeldImport,
): Promise<Approval> {
  const row = await trx.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound('Approval')
  if (row.status === 'pending' && row.requested_by === approver.id)
    throw new Forbidden('You asked for this yourself: another manager of the warehouse approves it.', 'APPROVAL_OWN', { id })
  // of two approvals at once, the second finds it approved and is refused before anything is booked
  await moveDocument(trx, APPROVAL_STATUSES, id, 'approved')
  const requester = { id: row.requested_by ?? 0, username: row.requested_by_name ?? '' }
  let mutationId: number | null = null
  if (row.kind === 'booking') {
    const booking = JSON.parse(row.request) as BookingRequest
    const { allow_negative: allowNegative, ...asked } = booking
    const booked = await bookMutation(
      trx,
      { ...asked, user_id: row.requested_by, source: { kind: 'approval', id, line_id: null } },
      { allowNegative },
    )
    mutationId = booked.id
  } else if (row.kind === 'count') await applyCount(trx, row.count_id!, row.requested_by === null ? null : requester)
  else {
    if (!startHeldImport) throw new Error('an import is approved where its runner is')
    await startHeldImport(trx, row.import_id!)
  }
  await trx
    .updateTable('approvals')
    .set({ decided_by: approver.id, decided_by_name: approver.username, mutation_id: mutationId })
    .where('id', '=', id)
    .execute()
  return findApproval(trx, id)
}

/** Rejects it with a reason; nothing is booked. */
export async function reject(trx: Trx, id: number, decider: { id: number; username: string }, reason: string): Promise<Approval> {
  const { moved } = await moveDocument(trx, APPROVAL_STATUSES, id, 'rejected')
  // a held import ends refused, saying who rejected it and why; its upload goes with the next sweep
  if (moved.import_id != null)
    await trx
      .updateTable('imports')
      .set({ status: 'refused', failure: `Rejected by ${decider.username}: ${reason.trim()}`, finished_at: now() })
      .where('id', '=', Number(moved.import_id))
      .where('status', '=', 'held')
      .execute()
  await trx
    .updateTable('approvals')
    .set({ decided_by: decider.id, decided_by_name: decider.username, reason: reason.trim() })
    .where('id', '=', id)
    .execute()
  return findApproval(trx, id)
}

const selectApprovals = (db: DB) =>
  db
    .selectFrom('approvals')
    .innerJoin('warehouses', 'warehouses.id', 'approvals.warehouse_id')
    .selectAll('approvals')
    .select('warehouse_name')

function toApproval(row: ApprovalRow): Approval {
  const user = (id: number | null, username: string | null) => (id === null ? null : { id, username: username ?? '' })
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    warehouse_id: row.warehouse_id,
    warehouse_name: row.warehouse_name,
    summary: JSON.parse(row.summary) as ApprovalSummary,
    threshold_quantity: row.threshold_quantity,
    threshold_value: row.threshold_value === null ? null : Number(row.threshold_value),
    requested_by: user(row.requested_by, row.requested_by_name),
    requested_at: row.created_at,
    decided_by: user(row.decided_by, row.decided_by_name),
    decided_at: row.decided_at,
    reason: row.reason,
    mutation_id: row.mutation_id,
  }
}

/** An approval (whether the reader may see it, its route's access rule says). */
export async function findApproval(db: DB, id: number): Promise<Approval> {
  const row = await selectApprovals(db).where('approvals.id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound('Approval')
  return toApproval(row)
}

/** The approvals of the warehouses the reader may see, newest first. */
export async function listApprovals(
  db: DB,
  query: ApprovalListQuery,
  visible: VisibleWarehouses,
): Promise<{ items: Approval[]; total: number }> {
  const ids = visibleIds(visible)
  const filtered = selectApprovals(db)
    .$if(ids !== undefined, (qb) => qb.where('approvals.warehouse_id', 'in', ids!))
    .$if(query.status !== undefined && query.status.length > 0, (qb) => qb.where('approvals.status', 'in', query.status!))
    .$if(query.requested_by !== undefined, (qb) => qb.where('approvals.requested_by', '=', query.requested_by!))
    .$if(query.warehouse_id !== undefined, (qb) => qb.where('approvals.warehouse_id', '=', query.warehouse_id!))
  const { offset, limit } = paging(query)
  const [rows, counted] = await Promise.all([
    filtered.orderBy('approvals.id', 'desc').offset(offset).limit(limit).execute(),
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(toApproval), total: Number(counted.total) }
}

/** The dashboard's approvals: the reader's own that wait, and those waiting for them to decide. */
export async function approvalsWaiting(db: DB, reader: Requester): Promise<{ mine: number; to_decide: number }> {
  const ids = visibleIds(holds(reader.permissions, 'administer') ? 'all' : warehousesWith(reader.permissions, 'stock.approve'))
  const [mine, toDecide] = await Promise.all([
    db
      .selectFrom('approvals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .where('requested_by', '=', reader.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('approvals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .where(sql<boolean>`coalesce(requested_by, 0) <> ${reader.id}`)
      .$if(ids !== undefined, (qb) => qb.where('warehouse_id', 'in', ids!))
      .executeTakeFirstOrThrow(),
  ])
  return { mine: Number(mine.n), to_decide: Number(toDecide.n) }
}
