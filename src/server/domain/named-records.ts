// Brands, organizations and warehouses are the same kind of record: a unique name, a list to pick from, and a
// deletion that is refused while something still uses the record. One set of rules serves all three.
import type { BrandCreate, BrandUpdate, OrganizationCreate, OrganizationUpdate, WarehouseCreate, WarehouseUpdate } from '../../contract'
import type { DB } from '../db'
import { isUniqueViolation } from '../db/errors'
import { explainingForeignKeys, type Trx } from '../db/writes'
import { brandRepository, type BrandRow } from '../db/repositories/brands'
import { organizationRepository, type OrganizationRole, type OrganizationRow } from '../db/repositories/organizations'
import { warehouseRepository, type WarehouseRow } from '../db/repositories/warehouses'
import { Conflict, NotFound } from './errors'

export interface NamedRecords<Row extends { id: number }, Create, Update> {
  /** how a person calls one, for messages: `Brand` */
  label: string
  repository: {
    find(db: DB, id: number): Promise<Row | undefined>
    insert(db: DB, values: Create): Promise<Row>
    update(db: DB, id: number, values: Update): Promise<Row | undefined>
    remove(db: DB, id: number): Promise<void>
  }
  /** the name a write sets, as stored */
  nameIn(values: Create | Update): string | undefined
  /** Why the record may not be deleted, or undefined. */
  refusesDeletion(db: DB, row: Row): Promise<Conflict | undefined>
}

export const duplicateName = (label: string, name: string) => new Conflict('DUPLICATE_NAME', `${label} "${name}" already exists.`, { name })
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export const brandRecords: NamedRecords<BrandRow, BrandCreate, BrandUpdate> = {
  label: 'Brand',
  repository: brandRepository,
  nameIn: (values) => values.brand_name?.trim(),
  async refusesDeletion(db, row) {
    const n = await brandRepository.productCount(db, row.id)
    if (n === 0) return undefined
    return new Conflict('BRAND_IN_USE', `Brand "${row.brand_name}" is used by ${plural(n, 'product')} and cannot be deleted.`, {
      name: row.brand_name,
      count: n,
    })
  },
}

export const organizationRecords: NamedRecords<OrganizationRow, OrganizationCreate, OrganizationUpdate> = {
  label: 'Organization',
  repository: organizationRepository,
  nameIn: (values) => values.org_name?.trim(),
  async refusesDeletion(db, row) {
    const n = await organizationRepository.productCount(db, row.id)
    if (n === 0) return undefined
    return new Conflict(
      'ORGANIZATION_IN_USE',
      `Organization "${row.org_name}" is used by ${plural(n, 'product')} as supplier or seller and cannot be deleted.`,
      { name: row.org_name, count: n },
    )
  },
}

export const warehouseRecords: NamedRecords<WarehouseRow, WarehouseCreate, WarehouseUpdate> = {
  label: 'Warehouse',
  repository: warehouseRepository,
  nameIn: (values) => values.warehouse_name?.trim(),
  async refusesDeletion(db, row) {
    const n = await warehouseRepository.mutationCount(db, 'warehouse_id', row.id)
    if (n === 0) return undefined
    return new Conflict('WAREHOUSE_IN_USE', `Warehouse "${row.warehouse_name}" has ${plural(n, 'stock mutation')} and cannot be deleted.`, {
      name: row.warehouse_name,
      count: n,
    })
  },
}

export async function findNamed<Row extends { id: number }, C, U>(db: DB, records: NamedRecords<Row, C, U>, id: number): Promise<Row> {
  const row = await records.repository.find(db, id)
  if (!row) throw new NotFound(records.label)
  return row
}

/** A unique violation of a write is the name being taken. */
async function namingWrite<Row extends { id: number }, C, U, T>(records: NamedRecords<Row, C, U>, values: C | U, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(records.label, records.nameIn(values) ?? '')
    throw error
  }
}

export const createNamed = <Row extends { id: number }, C, U>(trx: Trx, records: NamedRecords<Row, C, U>, values: C) =>
  namingWrite(records, values, () => records.repository.insert(trx, values))

export async function updateNamed<Row extends { id: number }, C, U>(trx: Trx, records: NamedRecords<Row, C, U>, id: number, values: U) {
  const row = await namingWrite(records, values, () => records.repository.update(trx, id, values))
  if (!row) throw new NotFound(records.label)
  return row
}

/** Deletes the record unless something uses it. */
export async function deleteNamed<Row extends { id: number }, C, U>(trx: Trx, records: NamedRecords<Row, C, U>, id: number) {
  const refuseIfUsed = async (db: DB) => {
    const refusal = await records.refusesDeletion(db, await findNamed(db, records, id))
    if (refusal) throw refusal
  }
  await refuseIfUsed(trx)
  // a reference written between the check and the delete (PostgreSQL reads committed rows) gets the same refusal
  await explainingForeignKeys(() => records.repository.remove(trx, id), refuseIfUsed)
}

/** The organization named `name` (in any case) takes on a role: a supplier or seller that already exists. */
export async function takeOnRole(trx: Trx, name: string, role: OrganizationRole) {
  const row = await organizationRepository.takeOnRole(trx, name, role)
  if (!row) throw new NotFound('Organization')
  return row
}
