// The dashboard: the day at a glance. A tile list on the screen; each figure here.
import Type, { type Static } from 'typebox'
import { Nullable, Timestamp } from './common'
import { CurrencyCode } from './products'
import { AuditEntry } from './audit'

export const DashboardQuery = Type.Object({
  /** the start of today where the person is (their midnight), so "today" and the days of the chart are theirs */
  day_start: Type.Optional(Type.String({ format: 'date-time', description: 'the start of today in the reader’s time zone (ISO 8601)' })),
})
export type DashboardQuery = Static<typeof DashboardQuery>

export const Dashboard = Type.Object({
  products: Type.Integer(),
  /** stock times purchase price, per purchase currency, of products with both */
  stock_value: Type.Array(Type.Object({ currency: CurrencyCode, value: Type.Number(), products: Type.Integer() })),
  /** products below their minimum in at least one warehouse (the reorder report's products) */
  below_minimum: Type.Integer(),
  bookings_today: Type.Integer(),
  /** bookings per day over the last 30 days, oldest first, today last; `day` is the start of that day */
  bookings_per_day: Type.Array(Type.Object({ day: Timestamp, bookings: Type.Integer() })),
  /** purchase orders on their way (sent, partly received), and those of them past their expected date */
  purchase_orders: Type.Object({ open: Type.Integer(), late: Type.Integer() }),
  /** approvals pending: asked by the reader, and waiting for the reader to decide */
  approvals: Type.Object({ mine: Type.Integer(), to_decide: Type.Integer() }),
  /** the ten newest entries of the audit trail; null for a reader who is no super-user */
  last_changes: Nullable(Type.Array(AuditEntry)),
})
export type Dashboard = Static<typeof Dashboard>

/** The ledger check (the code of `npm run check:ledger`), run in the background and kept. */
export const LedgerStatus = Type.Object({
  state: Type.Enum(['checking', 'done', 'failed']),
  /** when the last finished check started; null before the first */
  checked_at: Nullable(Timestamp),
  seconds: Nullable(Type.Number()),
  /** kept figures that differ from the ledger in the last finished check */
  discrepancies: Nullable(Type.Integer()),
  mutations: Nullable(Type.Integer()),
  failure: Nullable(Type.String()),
})
export type LedgerStatus = Static<typeof LedgerStatus>
