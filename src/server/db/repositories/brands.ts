// Queries of the brands table.
import type { Selectable } from 'kysely'
import type { BrandCreate, BrandUpdate, ListQuery } from '../../../contract'
import type { DB, Dialect } from '../index'
import type { BrandsTable } from '../schema'
import { now } from '../clock'
import { listPage, orderedRows, type ListShape } from '../lists'

export type BrandRow = Selectable<BrandsTable>

const SHAPE: ListShape = { searched: ['brand_name'], names: ['brand_name'], defaultSort: 'brand_name.asc' }

const list = (dialect: Dialect, db: DB, query: ListQuery) => listPage(dialect, db.selectFrom('brands').selectAll(), query, SHAPE)
/** Every row of the list, in its order (an export) */
const ordered = (dialect: Dialect, db: DB, query: ListQuery) =>
  orderedRows(dialect, db.selectFrom('brands').selectAll(), query, SHAPE).ordered

const find = (db: DB, id: number) => db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst()

function insert(db: DB, values: BrandCreate) {
  const stamp = now()
  return db
    .insertInto('brands')
    .values({ brand_name: values.brand_name.trim(), created_at: stamp, updated_at: stamp })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const update = (db: DB, id: number, values: BrandUpdate) =>
  db
    .updateTable('brands')
    .set({ ...(values.brand_name === undefined ? {} : { brand_name: values.brand_name.trim() }), updated_at: now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()

async function remove(db: DB, id: number) {
  await db.deleteFrom('brands').where('id', '=', id).execute()
}

/** How many products have the brand. */
async function productCount(db: DB, id: number) {
  const { count } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('brand_id', '=', id)
    .executeTakeFirstOrThrow()
  return Number(count)
}

export const brandRepository = Object.freeze({ list, ordered, find, insert, update, remove, productCount })
