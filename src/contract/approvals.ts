// Approvals: a booking, a count's application or a stock import whose adjustment passes its warehouse's threshold is
// not booked but held, answered 202 with the approval; a manager of the warehouse approves it (then it is booked, once) or rejects it.
import Type, { type Static } from 'typebox'
import { Id, Nullable, Paging, Timestamp } from './common'
import { DOCUMENT_PAGE_SIZE } from './constants'
import { ProductRef } from './transfers'

export const APPROVAL_KINDS = ['booking', 'count', 'import'] as const
export type ApprovalKind = (typeof APPROVAL_KINDS)[number]
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

const UserRef = Type.Object({ id: Id, username: Type.String() })

/** What the approval would book, in figures a manager decides on. */
export const ApprovalSummary = Type.Object({
  /** the units the adjustment moves, in and out together */
  quantity: Type.Integer(),
  /** those units at purchase price; null when no product of it has one */
  value: Nullable(Type.Number()),
  /** a booking's product, location and amount; null for a count */
  product: Nullable(ProductRef),
  location_id: Nullable(Id),
  location_name: Nullable(Type.String()),
  amount: Nullable(Type.Integer()),
  note: Nullable(Type.String()),
  /** a count's number and its lines that change the stock, or an import's and its rows that book; null for a booking */
  count_id: Nullable(Id),
  import_id: Nullable(Id),
  lines: Nullable(Type.Integer()),
})
export type ApprovalSummary = Static<typeof ApprovalSummary>

export const Approval = Type.Object({
  id: Id,
  kind: Type.Enum([...APPROVAL_KINDS]),
  status: Type.Enum([...APPROVAL_STATUSES]),
  warehouse_id: Id,
  warehouse_name: Type.String(),
  summary: ApprovalSummary,
  /** the threshold it passed, as the warehouse had it when asked */
  threshold_quantity: Nullable(Type.Integer()),
  threshold_value: Nullable(Type.Number()),
  requested_by: Nullable(UserRef),
  requested_at: Timestamp,
  decided_by: Nullable(UserRef),
  decided_at: Nullable(Timestamp),
  /** why it was rejected */
  reason: Nullable(Type.String()),
  /** what approving booked: the mutation of a booking (a count's are sourced to its lines) */
  mutation_id: Nullable(Id),
})
export type Approval = Static<typeof Approval>

export const ApprovalListQuery = Type.Object({
  ...Paging({ maxLimit: 100, defaultLimit: DOCUMENT_PAGE_SIZE }),
  status: Type.Optional(Type.Array(Type.Enum([...APPROVAL_STATUSES]), { maxItems: APPROVAL_STATUSES.length })),
  requested_by: Type.Optional(Id),
  warehouse_id: Type.Optional(Id),
})
export type ApprovalListQuery = Static<typeof ApprovalListQuery>

export const ApprovalReject = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }) })
export type ApprovalReject = Static<typeof ApprovalReject>
