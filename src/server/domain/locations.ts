// The locations of a warehouse: unique names within it, and none deleted while the ledger refers to it.
import type { LocationParams } from '../../contract'
import type { DB } from '../db'
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors'
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

export async function createLocation(db: DB, warehouseId: number, name: string) {
  await assertWarehouseExists(db, warehouseId)
  return naming(name, () => locationRepository.insert(db, warehouseId, name))
}

export async function updateLocation(db: DB, params: LocationParams, name: string | undefined) {
  const row = await naming(name, () => locationRepository.update(db, params, name))
  if (!row) throw new NotFound('Location')
  return row
}

/** Why the location may not be deleted (404 when it is not the warehouse's), or undefined. */
async function refusesDeletion(db: DB, params: LocationParams) {
  const location = await locationRepository.find(db, params)
  if (!location) return new NotFound('Location')
  const n = await warehouseRepository.mutationCount(db, 'location_id', location.id)
  if (n === 0) return undefined
  return new Conflict(
    'LOCATION_IN_USE',
    `Location "${location.location_name}" has ${n} stock mutation${n === 1 ? '' : 's'} and cannot be deleted.`,
    {
      name: location.location_name,
      count: n,
    },
  )
}

export async function deleteLocation(db: DB, params: LocationParams) {
  try {
    await db.transaction().execute(async (trx) => {
      const refused = await refusesDeletion(trx, params)
      if (refused) throw refused
      await locationRepository.remove(trx, params.location_id)
    })
  } catch (error) {
    // a booking written between the check and the delete (PostgreSQL reads committed rows): the same refusal
    if (!isForeignKeyViolation(error)) throw error
    throw (await refusesDeletion(db, params)) ?? error
  }
}
