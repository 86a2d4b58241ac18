// Queries of the locations table: the places in a warehouse.
import type { Selectable } from 'kysely'
import type { ListQuery, LocationParams } from '../../../contract'
import type { DB, Dialect } from '../index'
import type { LocationsTable } from '../schema'
import { now } from '../clock'
import { listPage } from '../lists'

export type LocationRow = Selectable<LocationsTable>

const list = (dialect: Dialect, db: DB, warehouseId: number, query: ListQuery) =>
  listPage(dialect, db.selectFrom('locations').selectAll().where('warehouse_id', '=', warehouseId), query, {
    searched: ['location_name'],
    names: ['location_name'],
    defaultSort: 'location_name.asc',
  })

/** The location, if it is one of the warehouse's. */
const find = (db: DB, { id, location_id }: LocationParams) =>
  db.selectFrom('locations').selectAll().where('id', '=', location_id).where('warehouse_id', '=', id).executeTakeFirst()

function insert(db: DB, warehouseId: number, name: string) {
  const stamp = now()
  return db
    .insertInto('locations')
    .values({ warehouse_id: warehouseId, location_name: name.trim(), created_at: stamp, updated_at: stamp })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const update = (db: DB, { id, location_id }: LocationParams, name: string | undefined) =>
  db
    .updateTable('locations')
    .set({ ...(name === undefined ? {} : { location_name: name.trim() }), updated_at: now() })
    .where('id', '=', location_id)
    .where('warehouse_id', '=', id)
    .returningAll()
    .executeTakeFirst()

async function remove(db: DB, locationId: number) {
  await db.deleteFrom('locations').where('id', '=', locationId).execute()
}

export const locationRepository = Object.freeze({ list, find, insert, update, remove })
