// Queries of the audit_log table.
import type { Insertable, Selectable } from 'kysely'
import type { AuditEntry, AuditListQuery } from '../../../contract'
import type { DB } from '../index'
import type { AuditLogTable } from '../schema'
import { paging } from '../lists'

export type AuditFilter = Omit<AuditListQuery, 'skip' | 'limit'>

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** `changes` as stored (JSON text) back to an object. */
function parseChanges(text: string | null): Record<string, unknown> | null {
  if (text === null) return null
  const parsed: unknown = JSON.parse(text)
  return isRecord(parsed) ? parsed : null
}

/** The entries the filters select, newest first. */
function ordered(db: DB, query: AuditFilter) {
  let matching = db.selectFrom('audit_log')
  if (query.entity_type) matching = matching.where('entity_type', '=', query.entity_type)
  if (query.entity_id) matching = matching.where('entity_id', '=', query.entity_id)
  if (query.product_id) matching = matching.where('product_id', '=', query.product_id)
  if (query.user_id) matching = matching.where('user_id', '=', query.user_id)
  if (query.action) matching = matching.where('action', '=', query.action)
  // stored as ISO text on SQLite: the bounds are written the same way, so text order is time order
  if (query.since) matching = matching.where('created_at', '>=', new Date(query.since).toISOString())
  if (query.until) matching = matching.where('created_at', '<', new Date(query.until).toISOString())
  return { matching, ordered: matching.selectAll().orderBy('id', 'desc') }
}

export const toAuditEntry = ({ product_id: _, ...row }: Selectable<AuditLogTable>): AuditEntry => ({
  ...row,
  changes: parseChanges(row.changes),
})

/** The product an entry concerns: the product itself, or the product_id its changes name (a booking, a seller entry). */
function productOf(entry: Insertable<AuditLogTable>): number | null {
  if (entry.entity_type === 'product') return entry.entity_id
  const named = entry.changes ? parseChanges(entry.changes)?.product_id : undefined
  return typeof named === 'number' && Number.isSafeInteger(named) ? named : null
}
const withProduct = (entry: Insertable<AuditLogTable>) => ({ ...entry, product_id: entry.product_id ?? productOf(entry) })

/** Newest first, narrowed by the filters given, with the count of all that match. */
async function list(db: DB, query: AuditListQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  const { offset, limit } = paging(query, 100)
  const { matching, ordered: newestFirst } = ordered(db, query)
  const [rows, { count }] = await Promise.all([
    newestFirst.offset(offset).limit(limit).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { entries: rows.map(toAuditEntry), total: Number(count) }
}

const find = async (db: DB, id: number) => {
  const row = await db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toAuditEntry(row)
}

async function insert(db: DB, entry: Insertable<AuditLogTable>) {
  await db.insertInto('audit_log').values(withProduct(entry)).execute()
}

/** Many rows at once (an import's changes), a few hundred to a statement. */
async function insertMany(db: DB, entries: Insertable<AuditLogTable>[]) {
  for (let i = 0; i < entries.length; i += 500)
    await db
      .insertInto('audit_log')
      .values(entries.slice(i, i + 500).map(withProduct))
      .execute()
}

export const auditRepository = Object.freeze({
  list,
  ordered: (db: DB, query: AuditFilter) => ordered(db, query).ordered,
  find,
  insert,
  insertMany,
})
