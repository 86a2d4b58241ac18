// Undoing an edit of a product: the fields it changed get the values they had before (the entry kept the product
// as it was), unless one of them was changed again since, which the undo would silently overwrite. The product's own
// fields, its brand and its supplier data are columns of the product; a seller entry is not (not undone here).
import { PRODUCT_FIELD_NAMES } from '../../contract/product-fields'
import type { AuditEntry } from '../../contract'
import type { DB } from '../db'
import { now } from '../db/clock'
import { Conflict } from './errors'
import type { Undoer } from './undoer'

const COLUMNS = new Set<string>([
  ...PRODUCT_FIELD_NAMES,
  'brand_id',
  'supplier_id',
  'minimum_order_quantity',
  'pack_size',
  'supplier_sku',
  'purchase_price',
  'purchase_currency',
])
type Values = Record<string, unknown>
const isRecord = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The columns the edit set, with the value each had before it */
function editOf(entry: AuditEntry): { set: Values; before: Values } | undefined {
  const changes = entry.changes
  if (!changes || !isRecord(changes.before) || changes.part === 'seller' || changes.import_id !== undefined) return undefined
  const fields = Object.keys(changes).filter((field) => COLUMNS.has(field) && field in (changes.before as Values))
  if (fields.length === 0) return undefined
  return {
    set: Object.fromEntries(fields.map((field) => [field, changes[field]])),
    before: Object.fromEntries(fields.map((field) => [field, (changes.before as Values)[field]])),
  }
}

/** As the product stores a value: text trimmed (empty is none), numbers as numbers */
const stored = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null))
const same = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 1e-9 : stored(a) === stored(b))

const currentProduct = (db: DB, id: number) => db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst()

export const productEdit: Undoer = {
  async refusal(db, entry) {
    const edit = editOf(entry)
    if (!edit) return new Conflict('UNDO_NOT_POSSIBLE', 'This change cannot be undone here.')
    const product = (await currentProduct(db, entry.entity_id)) as Values | undefined
    if (!product)
      return new Conflict('UNDO_CHANGED_SINCE', 'The product is gone, so this change cannot be undone any more.', {
        what: 'The product',
        thing: 'product',
      })
    if (Object.entries(edit.set).some(([field, value]) => !same(product[field], value)))
      return new Conflict('UNDO_CHANGED_SINCE', 'The product was changed again afterwards, so this change cannot be undone any more.', {
        what: 'The product',
        thing: 'product',
      })
    return undefined
  },
  async undo(trx, entry) {
    const edit = editOf(entry)!
    const before = (await currentProduct(trx, entry.entity_id))!
    await trx
      .updateTable('products')
      .set({ ...edit.before, updated_at: now() })
      .where('id', '=', entry.entity_id)
      .execute()
    return { entity: 'product', id: entry.entity_id, action: 'update', changes: { ...edit.before, before } }
  },
}
