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
import { bookMutation } from '../ledger'
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
 * Makes the writes of imports of one kind take turns on PostgreSQL (SQLite writes one transaction at a time anyway).
 * A chunk takes its turn before it checks its rows again and holds it until it commits, so it sees the products an
 * earlier chunk of another import created instead of creating them twice. `shared`: a write that must not overlap
 * an import's chunk but may overlap others like it (a product created by hand).
 */
export async function takeImportTurn(trx: Trx, kind: ImportKind, { shared = false } = {}): Promise<void> {
  if (dialectOfConnection(trx) !== 'postgres') return
  const key = `stockroom:import:${kind}`
  if (shared) await sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`.execute(trx)
  else await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx)
}

const columnsOf = (values: ProductValues) => Object.keys(values) as (keyof ProductValues)[]

async function createProduct(trx: Trx, values: ProductValues, stamp: string): Promise<number> {
  const columns = columnsOf(values)
  const {
    rows: [row],
  } = await sql<{ id: number }>`insert into products (${sql.join(columns.map((c) => sql.ref(c)))}, created_at, updated_at)
    values (${sql.join(columns.map((c) => values[c]))}, ${stamp}, ${stamp}) returning id`.execute(trx)
  return Number(row.id)
}

async function updateProduct(trx: Trx, id: number, values: ProductValues, stamp: string) {
  const columns = columnsOf(values)
  await sql`update products set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${values[c]}`))}, updated_at = ${stamp}
    where id = ${id}`.execute(trx)
}

/**
 * Writes the planned changes of checked rows (refused rows are kept as refusals), and answers the tally. `actor`
 * is who imports; the audit rows name them and the import.
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
  for (const { row, planned } of rows) {
    if (!planned || planned.action === 'unchanged') continue
    const stamp = now()
    if (planned.action === 'create') {
      const id = await createProduct(trx, planned.values, stamp)
      changes.push({ import_id: importId, row_number: row.number, action: 'create', product_id: id, stamp })
      audited('create', 'product', id, planned.values, stamp)
    } else if (planned.action === 'update') {
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
    } else {
      const { productId, warehouseId, locationId, amount, note } = planned
      const booking = { product_id: productId, warehouse_id: warehouseId, location_id: locationId, amount }
      const booked = await bookMutation(
        trx,
        {
          ...booking,
          note: importNote(job, note),
          user_id: actor.id,
          // the import is the document, the file's row its line
          source: { kind: 'import', id: importId, line_id: row.number },
        },
        // the file's opening stock is booked as it says, below zero too
        { policy: 'skip' },
      )
      changes.push({
        import_id: importId,
        row_number: row.number,
        action: 'book',
        product_id: productId,
        mutation_id: booked.id,
        stamp: booked.created_at,
      })
      audited('create', 'stock_mutation', booked.id, { ...booking, note: booked.note }, booked.created_at)
    }
  }
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
