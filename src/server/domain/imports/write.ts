// Writing a checked chunk of an import in the caller's transaction: the products it creates or changes, or the
// mutations it books through the ledger; what it changed (for a revert), what it refused (for the download), and an
// audit row per record, marked with the import and a part of the import's own entry, so each record's History shows
// the import's change while the audit trail lists the import as that one entry.
import type { PermissionGrant } from '../../../contract/roles'
import { sql, type Insertable } from 'kysely'
import type { ImportKind } from '../../../contract'
import { now } from '../../db/clock'
import { importRepository } from '../../db/repositories/imports'
import { auditRepository } from '../../db/repositories/audit'
import type { AuditLogTable, ImportChangesTable, ImportRefusalsTable } from '../../db/schema'
import type { Trx } from '../../db/writes'
import { dialectOfConnection } from '../../db/dialect'
import { bookMutations } from '../ledger'
import type { CheckedRow, ProductValues } from './check'

export interface Actor {
  id: number | null
  username: string | null
}

/** An import as the writing of its chunks needs it. */
export interface ImportJob {
  id: number
  kind: ImportKind
  fileName: string
  /** the header row of the file */
  headers: string[]
  /** who imports: the audit rows name them */
  actor: Actor
  /** what they may do: a stock row books only where they may book, and large bookings wait for approval (left out:
   * everything, unheld: an import a manager approved) */
  permissions?: readonly PermissionGrant[]
  /** the import's own audit entry, which the entries of its rows are parts of */
  partOf?: number
}

export interface Tally {
  created: number
  updated: number
  unchanged: number
  booked: number
  refused: number
}
export const emptyTally = (): Tally => ({ created: 0, updated: 0, unchanged: 0, booked: 0, refused: 0 })

/** Adds the planned changes and refusals of checked rows to a tally (a dry run counts what an import would do). */
export function tally(into: Tally, rows: CheckedRow[]): Tally {
  for (const { planned } of rows) {
    if (!planned) into.refused += 1
    else if (planned.action === 'create') into.created += 1
    else if (planned.action === 'update') into.updated += 1
    else if (planned.action === 'unchanged') into.unchanged += 1
    else into.booked += 1
  }
  return into
}

/** The refused rows as kept: one per problem, with the row's cells by header. */
export function refusalRows(importId: number, headers: string[], rows: CheckedRow[]): Insertable<ImportRefusalsTable>[] {
  return rows.flatMap(({ row, problems }) => {
    const cells = JSON.stringify(Object.fromEntries(headers.map((header, i) => [header, row.cells[i] ?? ''])))
    return problems.map((problem) => ({
      import_id: importId,
      row_number: row.number,
      column_name: problem.column,
      reason: problem.reason,
      code: problem.code ?? null,
      params: problem.params ? JSON.stringify(problem.params) : null,
      cells,
    }))
  })
}

/**
 * Makes the writes of imports of one kind take turns on PostgreSQL (SQLite writes one transaction at a time anyway),
 * held until the transaction commits. A chunk of a products import takes its turn alone before it checks its rows
 * again, so it sees the products an earlier chunk of another import created instead of creating them twice; a
 * product created by hand shares the turn with others like it. Chunks of stock imports share theirs, as bookings
 * overlap each other anyway. A revert takes its kind's turn alone: no chunk locks the products it reverts in its
 * file's order meanwhile.
 */
export async function takeImportTurn(trx: Trx, kind: ImportKind, writer: 'import' | 'revert' | 'by hand'): Promise<void> {
  if (dialectOfConnection(trx) !== 'postgres') return
  const key = `stockroom:import:${kind}`
  const shared = writer === 'by hand' || (writer === 'import' && kind === 'stock')
  if (shared) await sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`.execute(trx)
  else await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx)
}

const columnsOf = (values: ProductValues) => Object.keys(values) as (keyof ProductValues)[]

/** Products created by one statement: a chunk's rows in one round trip, well under the databases' parameter limits. */
const PRODUCTS_PER_STATEMENT = 250

/**
 * Creates products, rows with the same columns in one statement each; answers their ids in the order given (a
 * statement takes its ids in the order of its rows).
 */
async function createProducts(trx: Trx, products: ProductValues[], stamp: string): Promise<number[]> {
  const ids: number[] = new Array<number>(products.length)
  const byColumns = new Map<string, number[]>()
  products.forEach((values, index) => {
    const key = columnsOf(values).join(',')
    byColumns.set(key, [...(byColumns.get(key) ?? []), index])
  })
  for (const indexes of byColumns.values()) {
    const columns = columnsOf(products[indexes[0]])
    for (let start = 0; start < indexes.length; start += PRODUCTS_PER_STATEMENT) {
      const batch = indexes.slice(start, start + PRODUCTS_PER_STATEMENT)
      const values = batch.map((index) => sql`(${sql.join(columns.map((c) => products[index][c]))}, ${stamp}, ${stamp})`)
      const { rows } = await sql<{ id: number }>`insert into products (${sql.join(columns.map((c) => sql.ref(c)))}, created_at, updated_at)
        values ${sql.join(values)} returning id`.execute(trx)
      const created = rows.map((row) => Number(row.id)).sort((a, b) => a - b)
      batch.forEach((index, n) => (ids[index] = created[n]))
    }
  }
  return ids
}

async function updateProduct(trx: Trx, id: number, values: ProductValues, stamp: string) {
  const columns = columnsOf(values)
  await sql`update products set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${values[c]}`))}, updated_at = ${stamp}
    where id = ${id}`.execute(trx)
}

type Planned = NonNullable<CheckedRow['planned']>
type PlannedOf<A extends Planned['action']> = Extract<Planned, { action: A }>

/**
 * Writes the planned changes of checked rows (refused rows are kept as refusals), and answers the tally. `actor`
 * is who imports; the audit rows name them and the import. The chunk's new products are one statement, its
 * bookings one ledger write: a row at a time cost a round trip each, which PostgreSQL made the import's pace.
 */
export async function writeChecked(trx: Trx, job: ImportJob, rows: CheckedRow[]): Promise<Tally> {
  const { id: importId, headers, actor } = job
  const changes: Insertable<ImportChangesTable>[] = []
  const audit: Insertable<AuditLogTable>[] = []
  const audited = (
    action: 'create' | 'update',
    entity: 'product' | 'stock_mutation',
    id: number,
    fields: Record<string, unknown>,
    at: string,
  ) =>
    audit.push({
      created_at: at,
      user_id: actor.id,
      username: actor.username,
      action,
      entity_type: entity,
      entity_id: id,
      changes: JSON.stringify({ ...fields, import_id: importId }),
      request_id: null,
      part_of: job.partOf ?? null,
    })
  const stamp = now()
  const plannedAs = <A extends Planned['action']>(action: A) =>
    rows.flatMap(({ row, planned }) => (planned?.action === action ? [{ row, planned: planned as PlannedOf<A> }] : []))

  const creates = plannedAs('create')
  const created = await createProducts(
    trx,
    creates.map(({ planned }) => planned.values),
    stamp,
  )
  creates.forEach(({ row, planned }, n) => {
    changes.push({ import_id: importId, row_number: row.number, action: 'create', product_id: created[n], stamp })
    audited('create', 'product', created[n], planned.values, stamp)
  })

  for (const { row, planned } of plannedAs('update')) {
    await updateProduct(trx, planned.productId, planned.values, stamp)
    changes.push({
      import_id: importId,
      row_number: row.number,
      action: 'update',
      product_id: planned.productId,
      before: JSON.stringify(planned.before),
      stamp,
    })
    audited('update', 'product', planned.productId, { ...planned.values, before: planned.before }, stamp)
  }

  // the file's opening stock is booked as it says, below zero too; the import is the document, the file's row its line
  const books = plannedAs('book')
  const { rows: booked } = await bookMutations(
    trx,
    books.map(({ row, planned }) => ({
      product_id: planned.productId,
      warehouse_id: planned.warehouseId,
      location_id: planned.locationId,
      amount: planned.amount,
      note: importNote(job, planned.note),
      user_id: actor.id,
      source: { kind: 'import', id: importId, line_id: row.number },
    })),
  )
  books.forEach(({ row }, n) => {
    const mutation = booked[n]
    changes.push({
      import_id: importId,
      row_number: row.number,
      action: 'book',
      product_id: mutation.product_id,
      mutation_id: mutation.id,
      stamp: mutation.created_at,
    })
    const { product_id, warehouse_id, location_id, amount, note } = mutation
    audited('create', 'stock_mutation', mutation.id, { product_id, warehouse_id, location_id, amount, note }, mutation.created_at)
  })

  await importRepository.insertChanges(trx, changes)
  await importRepository.insertRefusals(
    trx,
    refusalRows(
      importId,
      headers,
      rows.filter((r) => !r.planned),
    ),
  )
  await auditRepository.insertMany(trx, audit)
  return tally(emptyTally(), rows)
}

/** The note of a booked opening stock names the import and its file, then the note of its row. */
export const importNote = ({ id, fileName }: Pick<ImportJob, 'id' | 'fileName'>, note: string | null) =>
  `Import #${id} (${fileName})${note ? `: ${note}` : ''}`.slice(0, 1000)
