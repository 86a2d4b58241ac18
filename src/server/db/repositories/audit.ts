// Queries of the audit_log table.
import type { Insertable } from 'kysely'
import type { AuditEntry, AuditListQuery } from '../../../contract'
import type { DB } from '../index'
import type { AuditLogTable } from '../schema'
import { paging } from '../lists'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** `changes` as stored (JSON text) back to an object. */
function parseChanges(text: string | null): Record<string, unknown> | null {
  if (text === null) return null
  const parsed: unknown = JSON.parse(text)
  return isRecord(parsed) ? parsed : null
}

/** Newest first, narrowed by the filters given, with the count of all that match. */
async function list(db: DB, query: AuditListQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  const { offset, limit } = paging(query, 100)
  let matching = db.selectFrom('audit_log')
  if (query.entity_type) matching = matching.where('entity_type', '=', query.entity_type)
  if (query.entity_id) matching = matching.where('entity_id', '=', query.entity_id)
  if (query.user_id) matching = matching.where('user_id', '=', query.user_id)
  if (query.action) matching = matching.where('action', '=', query.action)
  const [rows, { count }] = await Promise.all([
    matching.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { entries: rows.map((row) => ({ ...row, changes: parseChanges(row.changes) })), total: Number(count) }
}

async function insert(db: DB, entry: Insertable<AuditLogTable>) {
  await db.insertInto('audit_log').values(entry).execute()
}

export const auditRepository = Object.freeze({ list, insert })
