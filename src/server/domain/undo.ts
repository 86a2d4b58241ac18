// Undo: a change of the audit trail taken back by the compensating change, a real write that the trail records too
// (with `undo_of`, the entry it takes back). Each kind of change that can be undone registers here, keyed by the
// kind of record and the action: a booking is undone by deleting it, a deleted booking by booking it again as it
// was, a transfer by its reversal, an import by reverting it.
import { reversalRefusal, reverseCount } from './counts'
import type { AuditAction, AuditEntityType, AuditEntry } from '../../contract'
import type { DB } from '../db'
import { Conflict } from './errors'
import { deleteMutation, laterMutationAt, restoreMutation, type MutationRow } from './ledger'
import { importUndoer } from './imports/revert'
import type { Undoer } from './undoer'
import { findTransfer, reverseTransfer } from './transfers'
import { productEdit } from './product-undo'
import { receiptReversalRefusal, reverseReceipt } from './purchasing/receipts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The booked mutation an entry names, as the ledger holds it now (gone once deleted). */
const bookedMutation = (db: DB, entry: AuditEntry) =>
  db.selectFrom('stock_mutations').selectAll().where('id', '=', entry.entity_id).executeTakeFirst()

/** Undoing a booking deletes it, unless the stock at that place changed after it. */
const booking: Undoer = {
  async refusal(db, entry) {
    const row = await bookedMutation(db, entry)
    if (!row) return new Conflict('UNDO_ALREADY', 'This booking was already deleted.')
    if (row.source_kind !== 'manual') return new Conflict('UNDO_NOT_POSSIBLE', 'This change cannot be undone here.')
    if (await laterMutationAt(db, row))
      return new Conflict(
        'UNDO_CHANGED_SINCE',
        'The stock of this product at this location changed afterwards, so this change cannot be undone any more.',
        { what: 'The stock of this product at this location', thing: 'stock_here' },
      )
    return undefined
  },
  async undo(trx, entry) {
    const before = (await bookedMutation(trx, entry))!
    await deleteMutation(trx, before.product_id, before.id)
    return { entity: 'stock_mutation', id: before.id, action: 'delete', changes: { product_id: before.product_id, before } }
  },
}

/** The row a deletion of a mutation kept in the trail. */
function deletedRow(entry: AuditEntry): MutationRow | undefined {
  const before = entry.changes?.before
  if (!isRecord(before) || before.id !== entry.entity_id) return undefined
  return before as unknown as MutationRow
}

/** Undoing the deletion of a booking books it again as it was, while its product, warehouse and location exist. */
const deletedBooking: Undoer = {
  async refusal(db, entry) {
    const row = deletedRow(entry)
    if (!row) return new Conflict('UNDO_NOT_POSSIBLE', 'This change cannot be undone.')
    // the deletion of half of a transfer took its other half too, which the entry does not hold
    if (row.source_kind === 'transfer' || row.transfer_id != null)
      return new Conflict(
        'UNDO_TRANSFER_HALF',
        'This booking was half of a transfer and went with its other half: move the stock again instead.',
      )
    if (await db.selectFrom('stock_mutations').select('id').where('id', '=', row.id).executeTakeFirst())
      return new Conflict('UNDO_ALREADY', 'This deletion was already taken back.')
    const [product, location] = await Promise.all([
      db.selectFrom('products').select('id').where('id', '=', row.product_id).executeTakeFirst(),
      db
        .selectFrom('locations')
        .select('id')
        .where('id', '=', row.location_id)
        .where('warehouse_id', '=', row.warehouse_id)
        .executeTakeFirst(),
    ])
    if (!product || !location)
      return new Conflict(
        'UNDO_CHANGED_SINCE',
        `The ${product ? 'location' : 'product'} is gone, so this change cannot be undone any more.`,
        {
          what: product ? 'The location' : 'The product',
          thing: product ? 'location' : 'product',
        },
      )
    return undefined
  },
  async undo(trx, entry) {
    const restored = await restoreMutation(trx, deletedRow(entry)!)
    const { product_id, warehouse_id, location_id, amount, note } = restored
    return { entity: 'stock_mutation', id: restored.id, action: 'create', changes: { product_id, warehouse_id, location_id, amount, note } }
  },
}

/**
 * Undoing a transfer books its way back (a reversal, itself a transfer), unless it was reversed or deleted already, or
 * the stock of one of its products at either place changed after it.
 */
const transfer: Undoer = {
  async refusal(db, entry) {
    const found = await db
      .selectFrom('stock_mutations')
      .select(['id', 'product_id', 'location_id'])
      .where('source_kind', '=', 'transfer')
      .where('source_id', '=', entry.entity_id)
      .execute()
    if (found.length === 0) return new Conflict('UNDO_ALREADY', 'This transfer was deleted already.')
    const { reversed_by_id } = await findTransfer(db, entry.entity_id)
    if (reversed_by_id !== null) return new Conflict('UNDO_ALREADY', 'This transfer was already reversed.')
    const newest = Math.max(...found.map((m) => m.id))
    for (const half of found)
      if (await laterMutationAt(db, { ...half, id: newest }))
        return new Conflict(
          'UNDO_CHANGED_SINCE',
          'The stock of a product of this transfer changed afterwards, so this change cannot be undone any more.',
          { what: 'The stock of a product of this transfer', thing: 'transfer_stock' },
        )
    return undefined
  },
  async undo(trx, entry, actor) {
    const user = actor.id === null ? null : { id: actor.id, username: actor.username ?? '' }
    const reversal = await reverseTransfer(trx, entry.entity_id, { note: null, allow_negative: false, user })
    return {
      entity: 'stock_transfer',
      id: reversal.id,
      action: 'create',
      changes: { reverses_id: entry.entity_id, from_location_id: reversal.from.location_id, to_location_id: reversal.to.location_id },
    }
  },
}

/** Undoing a count's application books each of its adjustments back (reverseCount), while nothing later rests on it. */
const appliedCount: Undoer = {
  async refusal(db, entry) {
    if (entry.changes?.status !== 'applied') return new Conflict('UNDO_NOT_POSSIBLE', 'This change cannot be undone here.')
    return reversalRefusal(db, entry.entity_id)
  },
  async undo(trx, entry, actor) {
    const user = actor.id === null ? null : { id: actor.id, username: actor.username ?? '' }
    await reverseCount(trx, entry.entity_id, user)
    return { entity: 'stock_count', id: entry.entity_id, action: 'update', changes: { status: 'reversed' } }
  },
}

/** The receipt a purchase order's entry booked, if it is a receipt's entry. */
const receiptOf = (entry: AuditEntry) =>
  entry.changes?.step === 'receipt' && typeof entry.changes.receipt_id === 'number' ? entry.changes.receipt_id : undefined

/** Undoing a receipt reverses it (reverseReceipt), while nothing later rests on its units. */
const receipt: Undoer = {
  async refusal(db, entry) {
    const receiptId = receiptOf(entry)
    if (receiptId === undefined) return new Conflict('UNDO_NOT_POSSIBLE', 'This change cannot be undone here.')
    return receiptReversalRefusal(db, entry.entity_id, receiptId)
  },
  async undo(trx, entry, actor) {
    const user = actor.id === null ? null : { id: actor.id, username: actor.username ?? '' }
    const receiptId = receiptOf(entry)!
    await reverseReceipt(trx, entry.entity_id, receiptId, user)
    return { entity: 'purchase_order', id: entry.entity_id, action: 'update', changes: { step: 'receipt_reversed', receipt_id: receiptId } }
  },
}

export const undoers: Partial<Record<`${AuditEntityType}:${AuditAction}`, Undoer>> = {
  'purchase_order:update': receipt,
  'stock_count:update': appliedCount,
  'product:update': productEdit,
  'stock_mutation:create': booking,
  'stock_mutation:delete': deletedBooking,
  'stock_transfer:create': transfer,
  'import:create': importUndoer,
}

/** The undoer of an entry, or the refusal that says it has none. */
export function undoerOf(entry: AuditEntry): Undoer {
  const undoer = undoers[`${entry.entity_type}:${entry.action}`]
  // a change an import made is undone with its import; an undo is undone by doing the change again
  if (!undoer || entry.changes?.import_id !== undefined) throw new Conflict('UNDO_NOT_POSSIBLE', 'This change cannot be undone here.')
  return undoer
}
