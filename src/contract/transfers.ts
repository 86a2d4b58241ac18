// Transfers: stock moved from one location to another (any warehouses) as two mutations of one transaction.
import Type, { type Static } from 'typebox'
import { Id, Nullable, Paging, Timestamp } from './common'
import { DOCUMENT_PAGE_SIZE } from './constants'
import { StockMutation, StockPlace } from './stock'

const Amount = Type.Integer({ minimum: 1, maximum: 1_000_000_000 })
const Note = Type.Optional(Nullable(Type.String({ maxLength: 1000 })))
/** A transfer that would take the source below zero is refused unless this is true. */
const AllowNegative = Type.Optional(Type.Boolean({ default: false }))
export const MAX_TRANSFER_LINES = 500

export const StockTransferLineCreate = Type.Object({ product_id: Id, amount: Amount })
export type StockTransferLineCreate = Static<typeof StockTransferLineCreate>

export const StockTransferCreate = Type.Object(
  {
    from_location_id: Id,
    to_location_id: Id,
    /** one product: product_id and amount; several: lines (all or nothing) */
    product_id: Type.Optional(Id),
    amount: Type.Optional(Amount),
    lines: Type.Optional(Type.Array(StockTransferLineCreate, { minItems: 1, maxItems: MAX_TRANSFER_LINES })),
    note: Note,
    allow_negative: AllowNegative,
  },
  { description: 'Either product_id with amount, or lines; the locations may be in different warehouses.' },
)
export type StockTransferCreate = Static<typeof StockTransferCreate>

export const StockTransferReverse = Type.Object({ note: Note, allow_negative: AllowNegative })
export type StockTransferReverse = Static<typeof StockTransferReverse>

export const ProductRef = Type.Object({
  id: Id,
  sku: Nullable(Type.String()),
  article_number: Nullable(Type.String()),
  description: Nullable(Type.String()),
})
export type ProductRef = Static<typeof ProductRef>

export const StockTransferLine = Type.Object({
  product_id: Id,
  product: ProductRef,
  amount: Type.Integer(),
  /** [out at `from`, in at `to`] */
  mutations: Type.Array(StockMutation),
})
export type StockTransferLine = Static<typeof StockTransferLine>

export const StockTransfer = Type.Object({
  id: Id,
  /** the product and amount when the transfer has one line, else null */
  product_id: Nullable(Id),
  amount: Nullable(Type.Integer()),
  note: Nullable(Type.String()),
  from: StockPlace,
  to: StockPlace,
  lines: Type.Array(StockTransferLine),
  /** every mutation of the transfer: out and in per line */
  mutations: Type.Array(StockMutation),
  /** the transfer this one books the way back of, and the one that booked this one's way back */
  reverses_id: Nullable(Id),
  reversed_by_id: Nullable(Id),
  created_at: Timestamp,
  user: Nullable(Type.Object({ username: Type.String() })),
})
export type StockTransfer = Static<typeof StockTransfer>

export const StockTransferListQuery = Type.Object({
  ...Paging({ maxLimit: 100, defaultLimit: DOCUMENT_PAGE_SIZE }),
  product_id: Type.Optional(Id),
  location_id: Type.Optional(Id),
})
export type StockTransferListQuery = Static<typeof StockTransferListQuery>

/** What a location holds, for "fill the lines from everything at location X" and the available amounts. */
export const LocationStockQuery = Type.Object({
  location_id: Id,
  product_id: Type.Optional(Id),
})
export type LocationStockQuery = Static<typeof LocationStockQuery>
export const LocationStockItem = Type.Object({
  product_id: Id,
  product: ProductRef,
  warehouse_id: Id,
  location_id: Id,
  amount: Type.Integer(),
})
export type LocationStockItem = Static<typeof LocationStockItem>
