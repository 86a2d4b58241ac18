// Queries of the imports tables: the kept report of each import, what it changed and what it refused.
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { ImportColumn, ImportListQuery, ImportProblem, ImportReport, ImportStatus } from '../../../contract'
import { IMPORT_FAILURE_CODES, isImportProblemCode, MAX_LISTED_PROBLEMS } from '../../../contract'
import type { DB } from '../index'
import type { ImportChangesTable, ImportRefusalsTable, ImportsTable } from '../schema'
import { paging } from '../lists'
import { now } from '../clock'

export type ImportRow = Selectable<ImportsTable>
export type ImportChangeRow = Selectable<ImportChangesTable>

const insert = (db: DB, values: Insertable<ImportsTable>) =>
  db.insertInto('imports').values(values).returningAll().executeTakeFirstOrThrow()

const find = (db: DB, id: number) => db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst()

async function update(db: DB, id: number, values: Updateable<ImportsTable>) {
  await db.updateTable('imports').set(values).where('id', '=', id).execute()
}

/** The statuses of an import that a runner is working on. */
export const RUNNING_STATUSES: readonly ImportStatus[] = ['checking', 'importing']
export const isRunning = (status: ImportStatus) => RUNNING_STATUSES.includes(status)

/**
 * Updates the import only while it runs under `runnerId` (renewing its heartbeat); answers it, or undefined when
 * it has ended or another server has taken it for dead. On PostgreSQL the update locks the row until the commit.
 */
const updateRunning = (db: DB, id: number, runnerId: string, values: Updateable<ImportsTable>) =>
  db
    .updateTable('imports')
    .set({ ...values, heartbeat_at: now() })
    .where('id', '=', id)
    .where('runner_id', '=', runnerId)
    .where('status', 'in', RUNNING_STATUSES)
    .returningAll()
    .executeTakeFirst()

/** Renews the heartbeat of the imports `runnerId` runs. */
async function heartbeat(db: DB, runnerId: string, ids: number[]) {
  if (ids.length === 0) return
  await db
    .updateTable('imports')
    .set({ heartbeat_at: now() })
    .where('id', 'in', ids)
    .where('runner_id', '=', runnerId)
    .where('status', 'in', RUNNING_STATUSES)
    .execute()
}

/** Running imports whose runner last said it is alive before `staleBefore` (or never: imports from before migration 061). */
const abandoned = (db: DB, staleBefore: string) =>
  db
    .selectFrom('imports')
    .select('id')
    .where('status', 'in', RUNNING_STATUSES)
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore)]))
    .orderBy('id')
    .execute()

/**
 * Makes `runnerId` the runner of an abandoned import, if it still is abandoned; answers it, or undefined. Two
 * servers claiming at once: PostgreSQL's row lock makes the second see the first's claim and claim nothing.
 */
const claimAbandoned = (db: DB, id: number, runnerId: string, staleBefore: string) =>
  db
    .updateTable('imports')
    .set({ runner_id: runnerId, heartbeat_at: now() })
    .where('id', '=', id)
    .where('status', 'in', RUNNING_STATUSES)
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore)]))
    .returningAll()
    .executeTakeFirst()

/** The import whose upload is `file`, if any. */
const byUpload = (db: DB, file: string) =>
  db.selectFrom('imports').select(['id', 'status']).where('upload_path', '=', file).executeTakeFirst()

const hasChanges = async (db: DB, importId: number) =>
  (await db.selectFrom('import_changes').select('id').where('import_id', '=', importId).limit(1).executeTakeFirst()) !== undefined

/** Newest first, with the count of all. */
async function list(db: DB, query: ImportListQuery) {
  const { offset, limit } = paging(query, 25)
  const [rows, { count }] = await Promise.all([
    db.selectFrom('imports').selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    db
      .selectFrom('imports')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count) }
}

/** Rows of a few hundred to a statement (an import writes thousands). */
async function insertInChunks<T extends 'import_changes' | 'import_refusals'>(
  db: DB,
  table: T,
  rows: Insertable<ImportChangesTable | ImportRefusalsTable>[],
) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute()
}
const insertChanges = (db: DB, rows: Insertable<ImportChangesTable>[]) => insertInChunks(db, 'import_changes', rows)
const insertRefusals = (db: DB, rows: Insertable<ImportRefusalsTable>[]) => insertInChunks(db, 'import_refusals', rows)

const changes = (db: DB, importId: number) =>
  db.selectFrom('import_changes').selectAll().where('import_id', '=', importId).orderBy('id').execute()

/** The first problems of an import, by row. */
const problems = async (db: DB, importId: number, limit = MAX_LISTED_PROBLEMS): Promise<ImportProblem[]> =>
  (
    await db
      .selectFrom('import_refusals')
      .select(['row_number', 'column_name', 'reason', 'code', 'params'])
      .where('import_id', '=', importId)
      .orderBy('row_number')
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((r) => ({
    row: r.row_number,
    column: r.column_name,
    reason: r.reason,
    // a code this version no longer knows is left out: the screen then shows the sentence
    ...(isImportProblemCode(r.code)
      ? { code: r.code, ...(r.params ? { params: JSON.parse(r.params) as ImportProblem['params'] } : {}) }
      : {}),
  }))

/** Every refused row with its cells and reasons (a row refused for several reasons comes once per reason), by row. */
const refusals = (db: DB, importId: number) =>
  db.selectFrom('import_refusals').selectAll().where('import_id', '=', importId).orderBy('row_number').orderBy('id')

export function toImportReport(row: ImportRow, listed: ImportProblem[]): ImportReport {
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    status: row.status,
    file_name: row.file_name,
    columns: JSON.parse(row.columns) as ImportColumn[],
    rows: row.rows,
    processed: row.processed,
    more_rows: false,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    booked: row.booked,
    refused: row.refused,
    problems: listed,
    applied_through: row.applied_through,
    failure: row.failure,
    // a code this version no longer knows is left out: the screen then shows the sentence
    ...(row.failure_code && IMPORT_FAILURE_CODES.includes(row.failure_code) ? { failure_code: row.failure_code } : {}),
    user: row.username === null ? null : { id: row.user_id, username: row.username },
    created_at: row.created_at,
    finished_at: row.finished_at,
    reverted_at: row.reverted_at,
  }
}

export const importRepository = Object.freeze({
  insert,
  find,
  update,
  updateRunning,
  heartbeat,
  abandoned,
  claimAbandoned,
  byUpload,
  hasChanges,
  list,
  insertChanges,
  insertRefusals,
  changes,
  problems,
  refusals,
})
