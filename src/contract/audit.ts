import Type, { type Static } from 'typebox'
import { MAX_LIST_LIMIT } from './constants'
import { Id, Nullable, Paging, Timestamp } from './common'

/** What the audit trail records changes of. */
export const AUDIT_ENTITY_TYPES = [
  'product',
  'brand',
  'organization',
  'warehouse',
  'location',
  'user',
  'stock_mutation',
  'stock_transfer',
  'stock_count',
  'import',
  'approval',
  'booking_reason',
  'purchase_order',
] as const
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number]
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** One successful write: who did what to which record, and when. */
export const AuditEntry = Type.Object({
  id: Id,
  created_at: Timestamp,
  /** who: the signed-in user; for registration, verification and password reset the person themselves */
  user_id: Nullable(Id),
  /** their username at the time, kept when the account is gone */
  username: Nullable(Type.String()),
  action: Type.Enum([...AUDIT_ACTIONS]),
  entity_type: Type.Enum([...AUDIT_ENTITY_TYPES]),
  entity_id: Id,
  /**
   * The fields the request set (passwords and tokens as "[redacted]"), the path ids that place the record
   * (e.g. product_id of a stock mutation), `part` for a product's supplier or seller data, and for a change or a
   * deletion `before`: the record as it was. `import_id` marks a change an import made; `undo_of` the id of the
   * entry whose change this one takes back.
   */
  changes: Nullable(Type.Record(Type.String(), Type.Unknown())),
  /** the request id of the log lines of the same call */
  request_id: Nullable(Type.String()),
  /** in the list: what the entry concerns, in words (a product's article number, a location with its warehouse) */
  subject: Type.Optional(Nullable(Type.String())),
  /** in the list: the names of the records the changes point at, keyed `field:id` (`location_id:4`: "Main / A-01") */
  names: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** in the list: how many changes this entry sums up (an import's or a revert's rows), listed with ?part_of=<its id> */
  parts: Type.Optional(Type.Integer({ minimum: 1 })),
})
export type AuditEntry = Static<typeof AuditEntry>

export const AuditListQuery = Type.Object({
  ...Paging({ maxLimit: MAX_LIST_LIMIT, defaultLimit: 100 }),
  entity_type: Type.Optional(Type.Enum([...AUDIT_ENTITY_TYPES])),
  entity_id: Type.Optional(Id),
  /** everything about one product: its own changes, its bookings, its seller entries and reorder levels */
  product_id: Type.Optional(Id),
  /**
   * the changes one entry sums up (an import's or a revert's rows). Left out, and with no record asked for
   * (entity_type, entity_id, product_id), the list holds only entries that are no part of another.
   */
  part_of: Type.Optional(Id),
  user_id: Type.Optional(Id),
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  since: Type.Optional(Type.String({ format: 'date-time', description: 'only entries at or after this moment (ISO 8601)' })),
  until: Type.Optional(Type.String({ format: 'date-time', description: 'only entries before this moment (ISO 8601)' })),
})
export type AuditListQuery = Static<typeof AuditListQuery>

export const AuditUndoParams = Type.Object({ id: Id })
/** Whether an entry's change can be taken back now, and if not why (`code` as in a 409). */
export const UndoCheck = Type.Object({
  possible: Type.Boolean(),
  code: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
})
export type UndoCheck = Static<typeof UndoCheck>
