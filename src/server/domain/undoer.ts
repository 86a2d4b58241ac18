// What an undoer is: the refusal that says why a change cannot be taken back now, and the compensating change that
// takes it back. Each kind of record that can be undone defines one; undo.ts keeps the registry.
import type { AuditAction, AuditEntityType, AuditEntry } from '../../contract'
import type { Insertable } from 'kysely'
import type { DB } from '../db'
import type { AuditLogTable } from '../db/schema'
import type { Trx } from '../db/writes'
import type { Conflict } from './errors'
import type { Actor } from './imports/write'

/** The compensating change as the audit trail records it. */
export interface Compensation {
  entity: AuditEntityType
  id: number
  action: AuditAction
  changes: Record<string, unknown>
  /** the entries of the rows it changed (an import's revert), written after its own entry as parts of it */
  parts?: Insertable<AuditLogTable>[]
}

export interface Undoer {
  /** why the change cannot be taken back now (a later change rests on it, it was taken back already), or undefined */
  refusal(db: DB, entry: AuditEntry): Promise<Conflict | undefined>
  /** takes the change back in the caller's write transaction (after refusal() found nothing) */
  undo(trx: Trx, entry: AuditEntry, actor: Actor): Promise<Compensation>
}
