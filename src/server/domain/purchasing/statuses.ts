// The life of a purchase order, and the two rules that follow a line's receipts: the order's status, and what of the
// line is still on its way (incoming). Both are worked out from the lines alone, so every change says them the same.
import { OPEN_PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../../contract'
import type { DocumentStatuses } from '../documents/status'
import { Conflict } from '../errors'

/** Why an order in `status` may not do what was asked: 409 INVALID_STATUS naming the status it is in. */
export const invalidStatus = (id: number, status: PurchaseOrderStatus) =>
  new Conflict('INVALID_STATUS', `Purchase order ${id} is ${status.replace('_', ' ')}: it cannot do this now.`, {
    id,
    status,
    document: 'purchase_orders',
  })

export const PURCHASE_ORDER_MOVES: DocumentStatuses<PurchaseOrderStatus> = {
  table: 'purchase_orders',
  name: 'Purchase order',
  next: {
    draft: ['sent', 'cancelled'],
    sent: ['partially_received', 'received', 'closed', 'cancelled'],
    partially_received: ['sent', 'received', 'closed'],
    // a reversed receipt opens a received order again
    received: ['partially_received', 'sent'],
    closed: [],
    cancelled: [],
  },
  stamps: { sent: 'sent_at', received: 'received_at', closed: 'closed_at', cancelled: 'cancelled_at' },
  refusal: invalidStatus,
}

export interface LineState {
  product_id: number
  quantity: number
  received: number
}

export const isOpen = (status: PurchaseOrderStatus) => (OPEN_PURCHASE_ORDER_STATUSES as readonly string[]).includes(status)

/** What of a line is still to come: ordered less received, never below nothing. */
export const openOf = (line: Pick<LineState, 'quantity' | 'received'>) => Math.max(line.quantity - line.received, 0)

/** A sent order's status after its receipts: received once every line is, partly once any unit came, else sent. */
export function statusAfterReceipts(lines: readonly LineState[]): 'sent' | 'partially_received' | 'received' {
  if (lines.length > 0 && lines.every((line) => openOf(line) === 0)) return 'received'
  return lines.some((line) => line.received > 0) ? 'partially_received' : 'sent'
}

/** What an order adds to its warehouse's incoming, per product: its open quantities while it is sent, else nothing. */
export function incomingOf(status: PurchaseOrderStatus, lines: readonly LineState[]): Map<number, number> {
  const incoming = new Map<number, number>()
  if (!isOpen(status)) return incoming
  for (const line of lines) incoming.set(line.product_id, (incoming.get(line.product_id) ?? 0) + openOf(line))
  return incoming
}
