// The locations of a warehouse: unique names within it, and none deleted while the ledger refers to it.
import type { LocationParams } from '../../contract'
import type { DB } from '../db'
import { isUniqueViolation } from '../db/errors'
import { explainingForeignKeys, type Trx } from '../db/writes'
import { locationRepository } from '../db/repositories/locations'
import { warehouseRepository } from '../db/repositories/warehouses'
import { duplicateName } from './named-records'
import { Conflict, NotFound } from './errors'

export async function assertWarehouseExists(db: DB, id: number) {
  if (!(await warehouseRepository.find(db, id))) throw new NotFound('Warehouse')
}

export async function findLocation(db: DB, params: LocationParams) {
  const location = await locationRepository.find(db, params)
  if (!location) throw new NotFound('Location')
  return location
}

async function naming<T>(name: string | undefined, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName('Location', name?.trim() ?? '')
    throw error
  }
}

export async function createLocation(trx: Trx, warehouseId: number, name: string) {
  await assertWarehouseExists(trx, warehouseId)
  return naming(name, () => locationRepository.insert(trx, warehouseId, name))
}

export async function updateLocation(trx: Trx, params: LocationParams, name: string | undefined) {
  const row = await naming(name, () => locationRepository.update(trx, params, name))
  if (!row) throw new NotFound('Location')
  return row
}

/** Throws why the location may not be deleted: 404 when it is not the warehouse's, 409 while the ledger refers to it. */
async function refuseIfUsed(db: DB, params: LocationParams) {
  const location = await findLocation(db, params)
  const n = await warehouseRepository.mutationCount(db, 'location_id', location.id)
  if (n > 0)
    throw new Conflict(
      'LOCATION_IN_USE',
      `Location "${location.location_name}" has ${n} stock mutation${n === 1 ? '' : 's'} and cannot be deleted.`,
      {
        name: location.location_name,
        count: n,
      },
    )
}

export async function deleteLocation(trx: Trx, params: LocationParams) {
  await refuseIfUsed(trx, params)
  // a booking written between the check and the delete (PostgreSQL reads committed rows) gets the same refusal
  await explainingForeignKeys(
    () => locationRepository.remove(trx, params.location_id),
    (db) => refuseIfUsed(db, params),
  )
}
