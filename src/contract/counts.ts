// Stock counts: open a count of a warehouse's locations, count each product's line (by hand or by scanning), review
// the differences, then apply them to the ledger once.
import Type, { type Static } from 'typebox'
import { Id, Nullable, Paging, Timestamp } from './common'
import { DOCUMENT_PAGE_SIZE } from './constants'
import { CurrencyCode } from './products'
import { ProductRef } from './transfers'

/** reversed: applied, and then taken back by booking each adjustment's opposite */
export const STOCK_COUNT_STATUSES = ['open', 'submitted', 'applied', 'cancelled', 'reversed'] as const
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number]
const Counted = Type.Integer({ minimum: 0, maximum: 1_000_000_000 })

export const StockCountCreate = Type.Object({
  warehouse_id: Id,
  /** the locations to count; all of the warehouse's when left out */
  location_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 1000 })),
  /** the expected amounts stay hidden until the count is submitted */
  blind: Type.Optional(Type.Boolean({ default: false })),
  note: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
})
export type StockCountCreate = Static<typeof StockCountCreate>

export const StockCountLineUpdate = Type.Object({ counted: Nullable(Counted) })
export type StockCountLineUpdate = Static<typeof StockCountLineUpdate>
export const StockCountLineCreate = Type.Object({ product_id: Id, location_id: Id, counted: Counted })
export type StockCountLineCreate = Static<typeof StockCountLineCreate>
/** One scan: the product with this barcode, at this location of the count, gets one more. */
export const StockCountScan = Type.Object({
  barcode: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  location_id: Id,
})
export type StockCountScan = Static<typeof StockCountScan>
export const StockCountLineParams = Type.Object({ id: Id, line_id: Id })
export type StockCountLineParams = Static<typeof StockCountLineParams>

export const CurrencyValue = Type.Object({ currency: CurrencyCode, value: Type.Number() })
export type CurrencyValue = Static<typeof CurrencyValue>

export const StockCountLine = Type.Object({
  id: Id,
  product_id: Id,
  product: Type.Object({ ...ProductRef.properties, barcode: Nullable(Type.String()) }),
  location_id: Id,
  location_name: Type.String(),
  /** the level this line is measured against: the level when counted, else the level now; null while blind */
  expected: Nullable(Type.Integer()),
  counted: Nullable(Type.Integer()),
  /** counted - expected; null until counted (and while blind) */
  difference: Nullable(Type.Integer()),
  counted_at: Nullable(Timestamp),
  purchase_price: Nullable(Type.Number()),
  purchase_currency: Nullable(CurrencyCode),
  /** difference × purchase price, when both are known */
  difference_value: Nullable(Type.Number()),
  /** the difference passes the warehouse's count variance (units or value): applying asks about it first */
  flagged: Type.Boolean(),
})
export type StockCountLine = Static<typeof StockCountLine>

const countFields = {
  id: Id,
  warehouse_id: Id,
  warehouse_name: Type.String(),
  blind: Type.Boolean(),
  status: Type.Enum([...STOCK_COUNT_STATUSES]),
  note: Nullable(Type.String()),
  user: Nullable(Type.Object({ username: Type.String() })),
  lines_total: Type.Integer(),
  lines_counted: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
  submitted_at: Nullable(Timestamp),
  applied_at: Nullable(Timestamp),
  cancelled_at: Nullable(Timestamp),
}
export const StockCountSummary = Type.Object(countFields)
export type StockCountSummary = Static<typeof StockCountSummary>
export const StockCount = Type.Object({
  ...countFields,
  locations: Type.Array(Type.Object({ location_id: Id, location_name: Type.String() })),
  lines: Type.Array(StockCountLine),
  /** lines with a difference (null while blind) */
  lines_different: Nullable(Type.Integer()),
  /** the value of the differences at the purchase prices, per currency (empty while blind) */
  difference_values: Type.Array(CurrencyValue),
})
export type StockCount = Static<typeof StockCount>

export const StockCountListQuery = Type.Object({
  ...Paging({ maxLimit: 100, defaultLimit: DOCUMENT_PAGE_SIZE }),
  status: Type.Optional(Type.Enum([...STOCK_COUNT_STATUSES])),
  warehouse_id: Type.Optional(Id),
})
export type StockCountListQuery = Static<typeof StockCountListQuery>
