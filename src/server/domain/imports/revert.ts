// Reverting an import: the products it created are removed, the fields it changed get their earlier values back,
// and the mutations it booked are deleted through the ledger; each as a change of its own in the audit trail, a part
// of the revert's entry (which the caller writes first).
// Refused with a sentence when a later change rests on the import: a product edited (or booked) since, or stock at
// a place where the import booked, booked again since.
import { sql } from 'kysely'
import type { AuditEntry } from '../../../contract'
import type { DB } from '../../db'
import { now } from '../../db/clock'
import { importRepository, type ImportRow } from '../../db/repositories/imports'
import type { Trx } from '../../db/writes'
import { dialectOfConnection } from '../../db/dialect'
import { Conflict, NotFound } from '../errors'
import { deleteMutations } from '../ledger'
import type { Compensation, Undoer } from '../undoer'
import { takeImportTurn, type Actor } from './write'

const REVERTIBLE = new Set(['done', 'failed'])

/** The first later change that rests on the import: a sentence's subject (`Product "ABC-1"`) and its named thing. */
async function laterChange(db: DB, importId: number): Promise<{ what: string; thing: string; sku: string; location?: string } | undefined> {
  const product = await db
    .selectFrom('import_changes')
    .innerJoin('products', 'products.id', 'import_changes.product_id')
    .innerJoin('product_stock', 'product_stock.product_id', 'products.id')
    .select(['products.sku', 'products.id'])
    .where('import_changes.import_id', '=', importId)
    .where('import_changes.action', 'in', ['create', 'update'])
    // edited since, or its stock moved since (a booking leaves updated_at alone)
    .where((eb) =>
      eb.or([
        eb('products.updated_at', '<>', eb.ref('import_changes.stamp')),
        eb('product_stock.moved_at', '>', eb.ref('import_changes.stamp')),
      ]),
    )
    .executeTakeFirst()
  if (product) {
    const sku = product.sku ?? `#${product.id}`
    return { what: `Product "${sku}"`, thing: 'product_named', sku }
  }
  const { rows } = await sql<{ sku: string | null; location_name: string }>`
    select p.sku, l.location_name from import_changes c
      join stock_mutations m on m.id = c.mutation_id
      join products p on p.id = m.product_id
      join locations l on l.id = m.location_id
     where c.import_id = ${importId} and exists (
       select 1 from stock_mutations later
        where later.product_id = m.product_id and later.location_id = m.location_id and later.id > m.id
          and not exists (select 1 from import_changes mine where mine.import_id = ${importId} and mine.mutation_id = later.id))
     limit 1`.execute(db)
  if (!rows[0]) return undefined
  const { sku, location_name: location } = rows[0]
  return { what: `The stock of "${sku}" at ${location}`, thing: 'stock_named', sku: sku ?? '', location }
}

/** Why the import cannot be reverted now, or undefined. */
export async function revertRefusal(db: DB, row: ImportRow): Promise<Conflict | undefined> {
  if (row.status === 'reverted') return new Conflict('IMPORT_REVERTED', `Import #${row.id} is already reverted.`)
  if (!REVERTIBLE.has(row.status))
    return new Conflict('IMPORT_NOT_DONE', `Only a finished import can be reverted; import #${row.id} is ${row.status}.`, {
      status: row.status,
    })
  const later = await laterChange(db, row.id)
  if (later)
    return new Conflict('IMPORT_CHANGED_SINCE', `${later.what} changed after the import, so the import cannot be reverted any more.`, later)
  return undefined
}

/**
 * Locks the products the import created, updated or booked (PostgreSQL; SQLite writes one transaction at a time),
 * in id order, before the revert looks for later changes. Every booking holds its product `for key share`: one in
 * flight makes the revert wait for it and then meet it as a later change; one arriving later waits for the revert.
 */
async function lockImportedProducts(trx: Trx, importId: number): Promise<void> {
  if (dialectOfConnection(trx) !== 'postgres') return
  await trx
    .selectFrom('products')
    .select('id')
    .where('id', 'in', (eb) => eb.selectFrom('import_changes').select('product_id').where('import_id', '=', importId))
    .orderBy('id')
    .forUpdate()
    .execute()
}

const chunks = <T>(items: T[], size = 500) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

/**
 * Reverts the import in the caller's write transaction, or throws why not. Answers the revert's audit entry, with the
 * entries of what it changed as its parts (not written yet: they point at the revert's entry, written before them).
 * `failing`: the import is still running and fails (all or nothing); its status is left to the runner.
 */
export async function revertImport(trx: Trx, importId: number, actor: Actor, { failing = false } = {}): Promise<Compensation> {
  const kind = (await importRepository.find(trx, importId))?.kind
  // an import of the kind writing meanwhile would lock the same products in its file's order: one waits for the other
  if (kind) await takeImportTurn(trx, kind, 'revert')
  await lockImportedProducts(trx, importId)
  const row = await importRepository.find(trx, importId)
  if (!row) throw new NotFound('Import')
  // an all-or-nothing import that fails half-way takes back what it wrote, running as it is
  const refusal = await revertRefusal(trx, failing ? { ...row, status: 'failed' } : row)
  if (refusal) throw refusal
  const changes = await importRepository.changes(trx, importId)
  const parts: NonNullable<Compensation['parts']> = []
  const audited = (action: 'update' | 'delete', entity: 'product' | 'stock_mutation', id: number, fields: Record<string, unknown>) =>
    parts.push({
      created_at: now(),
      user_id: actor.id,
      username: actor.username,
      action,
      entity_type: entity,
      entity_id: id,
      changes: JSON.stringify({ ...fields, import_id: importId, revert: true }),
      request_id: null,
    })

  // bookings first: a product it created may hold them; a booking deleted since is gone already
  const bookings = changes.flatMap((c) => (c.action === 'book' && c.mutation_id !== null ? [c.mutation_id] : []))
  for (const booked of await deleteMutations(trx, bookings))
    audited('delete', 'stock_mutation', booked.id, { product_id: booked.product_id, before: booked })
  for (const change of changes.filter((c) => c.action === 'update')) {
    const before = JSON.parse(change.before ?? '{}') as Record<string, unknown>
    const current = await trx.selectFrom('products').selectAll().where('id', '=', change.product_id).executeTakeFirst()
    if (!current) continue
    const fields = Object.keys(before)
    await sql`update products set ${sql.join(fields.map((f) => sql`${sql.ref(f)} = ${before[f]}`))}, updated_at = ${now()}
      where id = ${change.product_id}`.execute(trx)
    audited('update', 'product', change.product_id, {
      ...before,
      before: Object.fromEntries(fields.map((f) => [f, (current as Record<string, unknown>)[f]])),
    })
  }
  for (const batch of chunks(changes.filter((c) => c.action === 'create').map((c) => c.product_id))) {
    const removed = await trx.deleteFrom('products').where('id', 'in', batch).returningAll().execute()
    for (const product of removed) audited('delete', 'product', product.id, { before: product })
  }
  await importRepository.update(trx, importId, failing ? { reverted_at: now() } : { status: 'reverted', reverted_at: now() })
  return {
    entity: 'import',
    id: importId,
    action: 'delete',
    changes: { status: 'reverted', before: { status: row.status, created: row.created, updated: row.updated, booked: row.booked } },
    parts,
  }
}

/** Undo of an import from the audit trail: its revert. */
export const importUndoer: Undoer = {
  async refusal(db: DB, entry: AuditEntry) {
    const row = await importRepository.find(db, entry.entity_id)
    return row ? revertRefusal(db, row) : new Conflict('UNDO_NOT_POSSIBLE', 'This import is gone.')
  },
  undo: (trx, entry, actor) => revertImport(trx, entry.entity_id, actor),
}
