// Purchase orders: ordered from a supplier for one warehouse, sent, received by receipts (each line booked through the
// ledger at a location of that warehouse), and ended received, closed short or cancelled.
import Type, { type Static } from 'typebox'
import { Id, Nullable, Paging, Timestamp } from './common'
import { DOCUMENT_PAGE_SIZE, LANGUAGES, PURCHASE_ORDER_STATUSES } from './constants'
import { CurrencyValue } from './counts'
import { CurrencyCode } from './products'

/** lines of one order, and lines of one receipt */
export const MAX_PURCHASE_ORDER_LINES = 1000

const Quantity = Type.Integer({ minimum: 1, maximum: 1_000_000_000 })
const Price = Type.Number({ minimum: 0, maximum: 1_000_000_000 })
const Note = Nullable(Type.String({ maxLength: 1000 }))
const ExpectedDate = Nullable(Type.String({ format: 'date', description: 'YYYY-MM-DD' }))

export const PurchaseOrderLineInput = Type.Object({
  /** a line kept by a change of the lines (PATCH); left out for a new one */
  id: Type.Optional(Id),
  product_id: Id,
  quantity: Quantity,
  /** the product's purchase price and currency when left out */
  unit_price: Type.Optional(Nullable(Price)),
  currency: Type.Optional(Nullable(CurrencyCode)),
})
export type PurchaseOrderLineInput = Static<typeof PurchaseOrderLineInput>
const Lines = Type.Array(PurchaseOrderLineInput, { maxItems: MAX_PURCHASE_ORDER_LINES, description: 'a product at most once' })

export const PurchaseOrderCreate = Type.Object({
  supplier_id: Id,
  warehouse_id: Id,
  expected_date: Type.Optional(ExpectedDate),
  note: Type.Optional(Note),
  lines: Lines,
})
export type PurchaseOrderCreate = Static<typeof PurchaseOrderCreate>

export const PurchaseOrderUpdate = Type.Object({
  expected_date: Type.Optional(ExpectedDate),
  note: Type.Optional(Note),
  /** replaces the lines: kept ones carry their id, one left out is removed (a draft's only) */
  lines: Type.Optional(Lines),
})
export type PurchaseOrderUpdate = Static<typeof PurchaseOrderUpdate>

export const PurchaseOrderLine = Type.Object({
  id: Id,
  product_id: Id,
  sku: Nullable(Type.String()),
  description: Nullable(Type.String()),
  supplier_sku: Nullable(Type.String()),
  barcode: Nullable(Type.String()),
  sku_amazon: Nullable(Type.String()),
  quantity: Type.Integer(),
  received: Type.Integer(),
  /** quantity - received, never below 0 */
  open: Type.Integer(),
  unit_price: Nullable(Type.Number()),
  currency: Nullable(CurrencyCode),
})
export type PurchaseOrderLine = Static<typeof PurchaseOrderLine>

const orderFields = {
  id: Id,
  number: Type.String(),
  supplier_id: Id,
  supplier_name: Type.String(),
  warehouse_id: Id,
  warehouse_name: Type.String(),
  status: Type.Enum([...PURCHASE_ORDER_STATUSES]),
  expected_date: Nullable(Type.String()),
  note: Nullable(Type.String()),
  /** the value of the lines at their prices, per currency */
  totals: Type.Array(CurrencyValue),
  lines_total: Type.Integer(),
  /** what is still to come, over all lines */
  open_quantity: Type.Integer(),
  user: Nullable(Type.Object({ username: Type.String() })),
  created_at: Timestamp,
  updated_at: Timestamp,
  sent_at: Nullable(Timestamp),
  received_at: Nullable(Timestamp),
  closed_at: Nullable(Timestamp),
  cancelled_at: Nullable(Timestamp),
}
export const PurchaseOrderSummary = Type.Object(orderFields)
export type PurchaseOrderSummary = Static<typeof PurchaseOrderSummary>
export const PurchaseOrder = Type.Object({ ...orderFields, lines: Type.Array(PurchaseOrderLine) })
export type PurchaseOrder = Static<typeof PurchaseOrder>

/** The answer to sending: the order, and where it was mailed (null: the supplier has no e-mail address, nothing was mailed). */
export const PurchaseOrderSent = Type.Object({ ...PurchaseOrder.properties, mailed_to: Nullable(Type.String()) })
export type PurchaseOrderSent = Static<typeof PurchaseOrderSent>
export const PurchaseOrderPdfQuery = Type.Object({
  lang: Type.Optional(Type.Enum([...LANGUAGES], { description: 'the language to print in; the supplier’s by default' })),
})
export type PurchaseOrderPdfQuery = Static<typeof PurchaseOrderPdfQuery>

export const PurchaseOrderListQuery = Type.Object({
  ...Paging({ maxLimit: 100, defaultLimit: DOCUMENT_PAGE_SIZE }),
  supplier_id: Type.Optional(Id),
  warehouse_id: Type.Optional(Id),
  status: Type.Optional(
    Type.Array(Type.Enum([...PURCHASE_ORDER_STATUSES]), { maxItems: PURCHASE_ORDER_STATUSES.length, description: 'repeatable' }),
  ),
  product_id: Type.Optional(Id),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'part of the number or the note' })),
})
export type PurchaseOrderListQuery = Static<typeof PurchaseOrderListQuery>

export const PurchaseOrdersFromReorder = Type.Object({
  warehouse_id: Type.Optional(Id),
  supplier_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 1000 })),
})
export type PurchaseOrdersFromReorder = Static<typeof PurchaseOrdersFromReorder>
export const PurchaseOrdersMade = Type.Object({ purchase_orders: Type.Array(PurchaseOrder) })
export type PurchaseOrdersMade = Static<typeof PurchaseOrdersMade>

export const PurchaseReceiptCreate = Type.Object({
  note: Type.Optional(Note),
  /** take a line past what is open on it (the screen asks first) */
  allow_over_receipt: Type.Optional(Type.Boolean({ default: false })),
  lines: Type.Array(Type.Object({ line_id: Id, location_id: Id, quantity: Quantity }), {
    minItems: 1,
    maxItems: MAX_PURCHASE_ORDER_LINES,
  }),
})
export type PurchaseReceiptCreate = Static<typeof PurchaseReceiptCreate>

export const PurchaseReceiptLine = Type.Object({
  id: Id,
  line_id: Id,
  product_id: Id,
  sku: Nullable(Type.String()),
  description: Nullable(Type.String()),
  location_id: Id,
  location_name: Type.String(),
  quantity: Type.Integer(),
})
export type PurchaseReceiptLine = Static<typeof PurchaseReceiptLine>

export const PurchaseReceipt = Type.Object({
  id: Id,
  purchase_order_id: Id,
  purchase_order_number: Type.String(),
  /** the order's status after this receipt (or its reversal) */
  purchase_order_status: Type.Enum([...PURCHASE_ORDER_STATUSES]),
  note: Nullable(Type.String()),
  lines: Type.Array(PurchaseReceiptLine),
  user: Nullable(Type.Object({ username: Type.String() })),
  created_at: Timestamp,
  reversed_at: Nullable(Timestamp),
})
export type PurchaseReceipt = Static<typeof PurchaseReceipt>

export const PurchaseReceiptParams = Type.Object({ id: Id, receipt_id: Id })
export type PurchaseReceiptParams = Static<typeof PurchaseReceiptParams>
