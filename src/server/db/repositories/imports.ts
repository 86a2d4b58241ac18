// Queries of the imports tables: the kept report of each import, what it changed and what it refused.
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { ImportColumn, ImportListQuery, ImportProblem, ImportProblemCode, ImportReport } from '../../../contract'
import { IMPORT_PROBLEM_CODES, MAX_LISTED_PROBLEMS } from '../../../contract'
import type { DB } from '../index'
import type { ImportChangesTable, ImportRefusalsTable, ImportsTable } from '../schema'
import { paging } from '../lists'

export type ImportRow = Selectable<ImportsTable>
export type ImportChangeRow = Selectable<ImportChangesTable>

const insert = (db: DB, values: Insertable<ImportsTable>) =>
  db.insertInto('imports').values(values).returningAll().executeTakeFirstOrThrow()

const find = (db: DB, id: number) => db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst()

async function update(db: DB, id: number, values: Updateable<ImportsTable>) {
  await db.updateTable('imports').set(values).where('id', '=', id).execute()
}

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

const isProblemCode = (code: string | null): code is ImportProblemCode =>
  (IMPORT_PROBLEM_CODES as readonly (string | null)[]).includes(code)

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
    ...(isProblemCode(r.code) ? { code: r.code, ...(r.params ? { params: JSON.parse(r.params) as ImportProblem['params'] } : {}) } : {}),
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
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    booked: row.booked,
    refused: row.refused,
    problems: listed,
    failure: row.failure,
    user: row.username === null ? null : { id: row.user_id, username: row.username },
    created_at: row.created_at,
    finished_at: row.finished_at,
    reverted_at: row.reverted_at,
  }
}

export const importRepository = Object.freeze({ insert, find, update, list, insertChanges, insertRefusals, changes, problems, refusals })
