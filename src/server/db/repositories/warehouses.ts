// Queries of the warehouses table.
import type { Selectable } from 'kysely'
import type { ListQuery, WarehouseCreate, WarehouseUpdate } from '../../../contract'
import type { DB, Dialect } from '../index'
import type { WarehousesTable } from '../schema'
import { now } from '../clock'
import { listPage, orderedRows, type ListShape } from '../lists'

export type WarehouseRow = Selectable<WarehousesTable>

/** The address as stored: trimmed, and an emptied one is none. */
const cleaned = (address: string | null | undefined) => (typeof address === 'string' ? address.trim() || null : address)

const SHAPE: ListShape = { searched: ['warehouse_name'], names: ['warehouse_name'], defaultSort: 'warehouse_name.asc' }

const list = (dialect: Dialect, db: DB, query: ListQuery) => listPage(dialect, db.selectFrom('warehouses').selectAll(), query, SHAPE)
/** Every row of the list, in its order (an export) */
const ordered = (dialect: Dialect, db: DB, query: ListQuery) =>
  orderedRows(dialect, db.selectFrom('warehouses').selectAll(), query, SHAPE).ordered

const find = (db: DB, id: number) => db.selectFrom('warehouses').selectAll().where('id', '=', id).executeTakeFirst()

function insert(db: DB, values: WarehouseCreate) {
  const stamp = now()
  return db
    .insertInto('warehouses')
    .values({
      warehouse_name: values.warehouse_name.trim(),
      address: cleaned(values.address) ?? null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const update = (db: DB, id: number, values: WarehouseUpdate) =>
  db
    .updateTable('warehouses')
    .set({
      ...(values.warehouse_name === undefined ? {} : { warehouse_name: values.warehouse_name.trim() }),
      ...(values.address === undefined ? {} : { address: cleaned(values.address) }),
      ...(values.approval_threshold_quantity === undefined ? {} : { approval_threshold_quantity: values.approval_threshold_quantity }),
      ...(values.approval_threshold_value === undefined ? {} : { approval_threshold_value: values.approval_threshold_value }),
      ...(values.negative_stock === undefined ? {} : { negative_stock: values.negative_stock }),
      ...(values.count_variance_quantity === undefined ? {} : { count_variance_quantity: values.count_variance_quantity }),
      ...(values.count_variance_value === undefined ? {} : { count_variance_value: values.count_variance_value }),
      updated_at: now(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()

async function remove(db: DB, id: number) {
  await db.deleteFrom('warehouses').where('id', '=', id).execute()
}

/** How many stock mutations the ledger has in a warehouse, or at a location. */
async function mutationCount(db: DB, column: 'warehouse_id' | 'location_id', id: number) {
  const { count } = await db
    .selectFrom('stock_mutations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow()
  return Number(count)
}

export const warehouseRepository = Object.freeze({ list, ordered, find, insert, update, remove, mutationCount })
