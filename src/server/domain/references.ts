// Ids a request names in its body or query must exist; a 422 naming each missing field says which record is unknown.
import type { ValidationErrorItem } from '../../contract'
import type { DB } from '../db'
import { explainingForeignKeys, type Trx } from '../db/writes'
import { Invalid, ruleItem } from './errors'
import type { DomainRule } from './texts'

const REFERENCES = {
  brand_id: { table: 'brands', rule: 'brand_missing' },
  supplier_id: { table: 'organizations', rule: 'organization_missing' },
  seller_id: { table: 'organizations', rule: 'organization_missing' },
  warehouse_id: { table: 'warehouses', rule: 'warehouse_missing' },
  location_id: { table: 'locations', rule: 'location_missing' },
} as const satisfies Record<string, { table: string; rule: DomainRule }>

export type ReferenceField = keyof typeof REFERENCES
export type References = Partial<Record<ReferenceField, number | null | undefined>>
type Part = 'body' | 'query'

export const missingReference = (part: Part, field: ReferenceField, id: number): ValidationErrorItem =>
  ruleItem([part, field], REFERENCES[field].rule, { id })

/** Throws one 422 naming every referenced id that does not exist; null and undefined refer to nothing. */
export async function assertReferencesExist(db: DB, references: References, part: Part = 'body'): Promise<void> {
  const missing: ValidationErrorItem[] = []
  for (const [field, id] of Object.entries(references) as [ReferenceField, number | null | undefined][]) {
    if (id == null) continue
    const found = await db.selectFrom(REFERENCES[field].table).select('id').where('id', '=', id).executeTakeFirst()
    if (!found) missing.push(missingReference(part, field, id))
  }
  if (missing.length > 0) throw new Invalid(missing)
}

/**
 * Checks the references, then writes. A record deleted between the check and the write makes the foreign key
 * refuse it; then the check runs again so the client hears which reference is gone, not a bare 409.
 */
export async function writeWithReferences<T>(trx: Trx, references: References, write: () => Promise<T>, part: Part = 'body'): Promise<T> {
  await assertReferencesExist(trx, references, part)
  return explainingForeignKeys(write, (db) => assertReferencesExist(db, references, part))
}
