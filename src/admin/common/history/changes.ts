// An audit entry's change field by field: what each field was before and became after. A creation has only
// after-values, a deletion only before-values (the record as it was), an update both for the fields it set.
import type { AuditEntry, RoleGrant } from '../../../contract'
import { ROLES } from '../../../contract/roles'

/** Keys of `changes` that say how a change came about rather than what it set. */
const ABOUT = new Set(['before', 'import_id', 'undo_of', 'revert', 'part'])
const SECRET = '[redacted]'

export interface FieldChange {
  field: string
  before?: unknown
  after?: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

export function fieldChanges(entry: AuditEntry): FieldChange[] {
  const changes = entry.changes ?? {}
  const before = isRecord(changes.before) ? changes.before : undefined
  if (entry.action === 'delete' && before)
    return Object.entries(before)
      .filter(([field]) => field !== 'id')
      .map(([field, value]) => ({ field, before: value }))
  return Object.entries(changes)
    .filter(([field]) => !ABOUT.has(field))
    .map(([field, value]) =>
      entry.action === 'create' || !before ? { field, after: value } : { field, before: before[field], after: value },
    )
}

/** A value as the change table shows it. */
/** A value of `field` as a person reads it: an id the server named (a product, a location) by its name. */
export function named(entry: AuditEntry, field: string, value: unknown, yes: string, no: string): string {
  const name = typeof value === 'number' ? entry.names?.[`${field}:${value}`] : undefined
  return name ?? shown(value, yes, no)
}

export function shown(value: unknown, yes: string, no: string): string {
  if (value === undefined || value === null || value === '') return '—'
  if (value === SECRET) return '••••••'
  if (typeof value === 'boolean') return value ? yes : no
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return JSON.stringify(value)
}

/** What the change notes about itself: made by an import, or taking back another entry. */
export const importOf = (entry: AuditEntry) => (typeof entry.changes?.import_id === 'number' ? entry.changes.import_id : undefined)
export const undoOf = (entry: AuditEntry) => (typeof entry.changes?.undo_of === 'number' ? entry.changes.undo_of : undefined)

/** The kinds of change the audit trail can take back (domain/undo.ts on the server). */
const UNDOABLE = new Set(['stock_mutation:create', 'stock_mutation:delete', 'stock_transfer:create', 'import:create', 'product:update'])
export const mayUndo = (entry: AuditEntry) =>
  (UNDOABLE.has(`${entry.entity_type}:${entry.action}`) || isCountApplied(entry)) && importOf(entry) === undefined
/** A count's application is taken back by its reversal */
const isCountApplied = (entry: AuditEntry) =>
  entry.entity_type === 'stock_count' && entry.action === 'update' && entry.changes?.status === 'applied'

/** The resource whose field labels name the fields of a kind of record. */
export const RESOURCE_OF: Record<string, string> = {
  product: 'products',
  brand: 'brands',
  organization: 'orgs',
  warehouse: 'warehouses',
  user: 'users',
}

/** Whether a changed value is a list of roles (a user's, PUT /users/{id}/roles) */
export const isRoleList = (value: unknown): value is RoleGrant[] =>
  Array.isArray(value) &&
  value.every((grant) => isRecord(grant) && ROLES.includes(grant.role as RoleGrant['role']) && 'warehouse_id' in grant)
