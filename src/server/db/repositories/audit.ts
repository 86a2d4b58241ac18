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
  if (query.part_of) matching = matching.where('part_of', '=', query.part_of)
  // the trail lists an import as its one entry; a record's history lists each change made to it
  else if (!query.entity_type && !query.entity_id && !query.product_id) matching = matching.where('part_of', 'is', null)
  if (query.user_id) matching = matching.where('user_id', '=', query.user_id)
  if (query.action) matching = matching.where('action', '=', query.action)
  // stored as ISO text on SQLite: the bounds are written the same way, so text order is time order
  if (query.since) matching = matching.where('created_at', '>=', new Date(query.since).toISOString())
  if (query.until) matching = matching.where('created_at', '<', new Date(query.until).toISOString())
  return { matching, ordered: matching.selectAll().orderBy('id', 'desc') }
}

export const toAuditEntry = ({ product_id: _, part_of: __, ...row }: Selectable<AuditLogTable>): AuditEntry => ({
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
  const parts = query.part_of
    ? new Map<number, number>()
    : await partsOf(
        db,
        rows.map((row) => row.id),
      )
  const entries = rows.map((row) => {
    const count = parts.get(row.id)
    return count ? { ...toAuditEntry(row), parts: count } : toAuditEntry(row)
  })
  return { entries, total: Number(count) }
}

/** How many entries each of `ids` sums up: one grouped query over the page through audit_log_part_of. */
async function partsOf(db: DB, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('audit_log')
    .select(['part_of', (eb) => eb.fn.countAll<number>().as('count')])
    .where('part_of', 'in', ids)
    .groupBy('part_of')
    .execute()
  return new Map(rows.map((row) => [Number(row.part_of), Number(row.count)]))
}

const find = async (db: DB, id: number) => {
  const row = await db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toAuditEntry(row)
}

/** Writes one entry; answers its id (the entry its parts point at). */
async function insert(db: DB, entry: Insertable<AuditLogTable>): Promise<number> {
  const { id } = await db.insertInto('audit_log').values(withProduct(entry)).returning('id').executeTakeFirstOrThrow()
  return Number(id)
}

/** The id of the first entry of `action` on a record (an import's own entry), or undefined. */
async function findId(db: DB, entityType: AuditLogTable['entity_type'], entityId: number, action: AuditLogTable['action']) {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .where('action', '=', action)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row && Number(row.id)
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
  findId,
  insert,
  insertMany,
})
