import Type, { type Static } from 'typebox'
import { SOURCE_KINDS, STOCK_MUTATIONS_DEFAULT_LIMIT } from './constants'
import { Id, Name, Nullable, Paging, Timestamp } from './common'

/** A place as a transfer names it: the location with its warehouse. */
export const StockPlace = Type.Object({
  warehouse_id: Id,
  warehouse_name: Type.String(),
  location_id: Id,
  location_name: Type.String(),
})
export type StockPlace = Static<typeof StockPlace>

/** The transfer a mutation is half of, with both its places, so one line can say "A-01 -> B-07". */
export const TransferRef = Type.Object({ id: Id, from: StockPlace, to: StockPlace })
export type TransferRef = Static<typeof TransferRef>

/** The document (and its line) a mutation was booked from; id and line_id are null where they do not apply. */
export const MutationSource = Type.Object({
  kind: Type.Enum([...SOURCE_KINDS]),
  id: Nullable(Id),
  line_id: Nullable(Id),
})
export type MutationSource = Static<typeof MutationSource>

/** The numbered document a mutation's source belongs to, so the ledger can name and link it (a receipt's purchase order). */
export const SourceDocument = Type.Object({
  kind: Type.Enum(['purchase_order']),
  id: Id,
  number: Type.String({ description: 'as people say it, like PO-2026-00042' }),
})
export type SourceDocument = Static<typeof SourceDocument>

/** A reason's code: lower-case letters, digits and underscores, as a spreadsheet or an API client writes it. */
export const BookingReasonCode = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,31}$',
  description: 'a code of /booking_reasons/, like damaged',
})

/** Why a booking is made (received, damaged, found...): a list administrators keep, named in each language. */
export const BookingReason = Type.Object({
  id: Id,
  code: BookingReasonCode,
  name_en: Type.String(),
  name_nl: Type.String(),
  /** a retired reason stays on the bookings that have it, but is no longer offered */
  active: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type BookingReason = Static<typeof BookingReason>
export const BookingReasonCreate = Type.Object({ code: BookingReasonCode, name_en: Name(100), name_nl: Name(100) })
export type BookingReasonCreate = Static<typeof BookingReasonCreate>
export const BookingReasonUpdate = Type.Partial(Type.Object({ name_en: Name(100), name_nl: Name(100), active: Type.Boolean() }))
export type BookingReasonUpdate = Static<typeof BookingReasonUpdate>

export const StockMutation = Type.Object({
  id: Id,
  amount: Type.Integer(),
  note: Nullable(Type.String()),
  product_id: Id,
  warehouse_id: Id,
  location_id: Id,
  warehouse: Type.Object({ warehouse_name: Type.String() }),
  location: Type.Object({ location_name: Type.String() }),
  /** null once the booking user has been deleted */
  user: Nullable(Type.Object({ username: Type.String() })),
  /** null for a plain booking; a transfer's two mutations share it */
  transfer_id: Nullable(Id),
  transfer: Nullable(TransferRef),
  /** with the document it belongs to, null where it has none */
  source: Type.Object({ ...MutationSource.properties, document: Nullable(SourceDocument) }),
  /** why it was booked: a code of /booking_reasons/, or null */
  reason: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type StockMutation = Static<typeof StockMutation>

export const StockMutationCreate = Type.Object({
  amount: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000, not: { const: 0 } }),
  note: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  warehouse_id: Id,
  location_id: Id,
  /** Optional: the path names the product; when given it must match. */
  product_id: Type.Optional(Id),
  /** taking the location below zero, where the warehouse asks first (negative_stock: confirm) */
  allow_negative: Type.Optional(Type.Boolean({ default: false })),
  /** why: an active code of /booking_reasons/ */
  reason: Type.Optional(Nullable(BookingReasonCode)),
})
export type StockMutationCreate = Static<typeof StockMutationCreate>

export const StockMutationListQuery = Type.Object({
  ...Paging({ maxLimit: 1000, defaultLimit: STOCK_MUTATIONS_DEFAULT_LIMIT }),
  /** only the mutations booked with this reason */
  reason: Type.Optional(BookingReasonCode),
})
export type StockMutationListQuery = Static<typeof StockMutationListQuery>
export const StockMutationParams = Type.Object({ id: Id, mutation_id: Id })
export type StockMutationParams = Static<typeof StockMutationParams>
