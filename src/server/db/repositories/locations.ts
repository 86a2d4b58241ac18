// Queries of the locations table: the places in a warehouse.
import { sql, type Selectable } from 'kysely'
import { locationCode, locationIdOfCode, type ListQuery, type LocationParams } from '../../../contract'
import type { DB, Dialect } from '../index'
import type { LocationsTable } from '../schema'
import { now } from '../clock'
import { listPage } from '../lists'

export type LocationRow = Selectable<LocationsTable> & { code: string }

/** A row as answered: with its scannable code (derived from the id, so it needs no column). */
const withCode = <T extends Selectable<LocationsTable>>(row: T): T & { code: string } => ({ ...row, code: locationCode(row.id) })
const coded = <T extends Selectable<LocationsTable>>(row: T | undefined) => row && withCode(row)

async function list(dialect: Dialect, db: DB, warehouseId: number, query: ListQuery) {
  const page = await listPage(dialect, db.selectFrom('locations').selectAll().where('warehouse_id', '=', warehouseId), query, {
    searched: ['location_name'],
    names: ['location_name'],
    defaultSort: 'location_name.asc',
  })
  return { ...page, rows: page.rows.map(withCode) }
}

/** The location, if it is one of the warehouse's. */
const find = async (db: DB, { id, location_id }: LocationParams) =>
  coded(await db.selectFrom('locations').selectAll().where('id', '=', location_id).where('warehouse_id', '=', id).executeTakeFirst())

/** The location a scanned code names, in whichever warehouse. */
async function findByCode(db: DB, code: string) {
  const id = locationIdOfCode(code)
  if (id === undefined) return undefined
  return coded(await db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst())
}

/** Locations of a warehouse for labels, by name; only `ids` when given. */
const forLabels = async (db: DB, warehouseId: number, ids?: number[]) =>
  (
    await db
      .selectFrom('locations')
      .selectAll()
      .where('warehouse_id', '=', warehouseId)
      .$if(ids !== undefined, (qb) => qb.where('id', 'in', ids!.length > 0 ? ids! : [0]))
      .orderBy(sql`lower(location_name)`)
      .orderBy('id')
      .execute()
  ).map(withCode)

async function insert(db: DB, warehouseId: number, name: string) {
  const stamp = now()
  return withCode(
    await db
      .insertInto('locations')
      .values({ warehouse_id: warehouseId, location_name: name.trim(), created_at: stamp, updated_at: stamp })
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
}

const update = async (db: DB, { id, location_id }: LocationParams, name: string | undefined) =>
  coded(
    await db
      .updateTable('locations')
      .set({ ...(name === undefined ? {} : { location_name: name.trim() }), updated_at: now() })
      .where('id', '=', location_id)
      .where('warehouse_id', '=', id)
      .returningAll()
      .executeTakeFirst(),
  )

async function remove(db: DB, locationId: number) {
  await db.deleteFrom('locations').where('id', '=', locationId).execute()
}

export const locationRepository = Object.freeze({ list, find, findByCode, forLabels, insert, update, remove })
