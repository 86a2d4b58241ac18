// The stock of a product at the end of each day (UTC) of a range, per warehouse and in total.
import Type, { type Static } from 'typebox'
import { Id } from './common'

/** At most this many days in one history. */
export const MAX_HISTORY_DAYS = 731
export const DEFAULT_HISTORY_DAYS = 30
const Day = Type.String({ format: 'date', description: 'a date, YYYY-MM-DD' })

export const StockHistoryQuery = Type.Object({
  /** default: 29 days before `to` */
  from: Type.Optional(Day),
  /** default: today (UTC) */
  to: Type.Optional(Day),
  warehouse_id: Type.Optional(Id),
})
export type StockHistoryQuery = Static<typeof StockHistoryQuery>

export const StockHistory = Type.Object({
  product_id: Id,
  from: Day,
  to: Day,
  /** the warehouses that held stock of the product on some day of the range (or the one asked for) */
  warehouses: Type.Array(Type.Object({ warehouse_id: Id, warehouse_name: Type.String() })),
  days: Type.Array(
    Type.Object({
      date: Day,
      /** the level at the end of the day, over the warehouses listed */
      total: Type.Integer(),
      /** the level at the end of the day per warehouse, in the order of `warehouses` */
      levels: Type.Array(Type.Integer()),
    }),
  ),
})
export type StockHistory = Static<typeof StockHistory>
