// The audit trail in words: each entry of a page gets the name of what it concerns (a product by its article number,
// SKU or description; a location with its warehouse) and the names of the records its changes point at
// (product_id, warehouse_id, location_id...), read in one query per kind for the whole page. A record deleted since
// is named from what the entry kept of it.
import type { AuditEntry } from '../../contract'
import type { DB } from '../db'
import { productName } from './products'

type Kind = 'products' | 'warehouses' | 'locations' | 'brands' | 'organizations' | 'users' | 'purchase_orders'
/** which kind of record an entry's own id names, and which kind each id field of its changes names */
const KIND_OF_ENTITY: Partial<Record<AuditEntry['entity_type'], Kind>> = {
  product: 'products',
  warehouse: 'warehouses',
  location: 'locations',
  brand: 'brands',
  organization: 'organizations',
  user: 'users',
  purchase_order: 'purchase_orders',
}
const KIND_OF_FIELD: Record<string, Kind> = {
  product_id: 'products',
  warehouse_id: 'warehouses',
  location_id: 'locations',
  brand_id: 'brands',
  supplier_id: 'organizations',
  seller_id: 'organizations',
  user_id: 'users',
  purchase_order_id: 'purchase_orders',
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const idOf = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined)

/** The id fields of an entry's changes (and of the record it kept as `before`) */
function referencedIds(changes: Record<string, unknown> | null): [string, number][] {
  if (!changes) return []
  const found: [string, number][] = []
  for (const source of [changes, isRecord(changes.before) ? changes.before : {}])
    for (const [field, value] of Object.entries(source)) {
      const id = idOf(value)
      if (id !== undefined && KIND_OF_FIELD[field]) found.push([field, id])
    }
  return found
}

const NAME_COLUMNS = {
  warehouses: ['warehouses', 'warehouse_name'],
  brands: ['brands', 'brand_name'],
  organizations: ['organizations', 'org_name'],
  users: ['users', 'username'],
  purchase_orders: ['purchase_orders', 'number'],
} as const

async function namesOf(db: DB, kind: Kind, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  switch (kind) {
    case 'products': {
      const rows = await db.selectFrom('products').select(['id', 'sku', 'article_number', 'description']).where('id', 'in', ids).execute()
      return new Map(rows.map((row) => [row.id, productName(row)]))
    }
    case 'locations': {
      const rows = await db
        .selectFrom('locations')
        .innerJoin('warehouses', 'warehouses.id', 'locations.warehouse_id')
        .select(['locations.id', 'locations.location_name', 'warehouses.warehouse_name'])
        .where('locations.id', 'in', ids)
        .execute()
      return new Map(rows.map((row) => [row.id, `${row.warehouse_name} / ${row.location_name}`]))
    }
    default: {
      // a record named by one column of its own table
      const [table, column] = NAME_COLUMNS[kind]
      const rows = await db
        .selectFrom(table)
        .select(['id', `${column} as name`])
        .where('id', 'in', ids)
        .execute()
      return new Map(rows.map((row) => [row.id, String(row.name)]))
    }
  }
}

/** A deleted record's name from what its entry kept: the record as it was, or the fields the entry set */
function keptName(entry: AuditEntry): string | null {
  const before = isRecord(entry.changes?.before) ? entry.changes.before : (entry.changes ?? undefined)
  if (!before) return null
  if (entry.entity_type === 'product')
    return productName({
      id: entry.entity_id,
      sku: (before.sku as string | null) ?? null,
      article_number: (before.article_number as string | null) ?? null,
      description: (before.description as string | null) ?? null,
    })
  const name = before.warehouse_name ?? before.location_name ?? before.brand_name ?? before.org_name ?? before.username
  return typeof name === 'string' ? name : null
}

/** The entries with `subject` (what each concerns, in words) and `names` (the names of the ids its changes hold). */
export async function withNames(db: DB, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const wanted = new Map<Kind, Set<number>>()
  const want = (kind: Kind, id: number) => wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id))
  for (const entry of entries) {
    const kind = KIND_OF_ENTITY[entry.entity_type]
    if (kind) want(kind, entry.entity_id)
    for (const [field, id] of referencedIds(entry.changes)) want(KIND_OF_FIELD[field], id)
  }
  const found = new Map(await Promise.all([...wanted].map(async ([kind, ids]) => [kind, await namesOf(db, kind, [...ids])] as const)))
  const nameOf = (kind: Kind, id: number) => found.get(kind)?.get(id)
  return entries.map((entry) => {
    const names = Object.fromEntries(
      referencedIds(entry.changes).flatMap(([field, id]) => {
        const name = nameOf(KIND_OF_FIELD[field], id)
        return name === undefined ? [] : [[`${field}:${id}`, name]]
      }),
    )
    const kind = KIND_OF_ENTITY[entry.entity_type]
    const own = kind ? (nameOf(kind, entry.entity_id) ?? keptName(entry)) : null
    // a booking is named by its product and place
    const mutation =
      entry.entity_type === 'stock_mutation'
        ? [names[`product_id:${idOf(entry.changes?.product_id)}`], names[`location_id:${idOf(entry.changes?.location_id)}`]]
            .filter(Boolean)
            .join(' · ') || null
        : null
    return { ...entry, subject: own ?? mutation, names }
  })
}
