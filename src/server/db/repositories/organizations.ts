// Queries of the organizations table: sellers and suppliers are organizations with a role.
import { sql, type Selectable } from 'kysely'
import type { ListQuery, OrganizationCreate, OrganizationUpdate } from '../../../contract'
import type { DB, Dialect } from '../index'
import type { OrganizationsTable } from '../schema'
import { now } from '../clock'
import { listPage, orderedRows, type ListShape } from '../lists'

export type OrganizationRow = Selectable<OrganizationsTable>
export type OrganizationRole = 'is_supplier' | 'is_seller'

const SHAPE: ListShape = { searched: ['org_name'], names: ['org_name'], defaultSort: 'org_name.asc' }
const all = (db: DB, role?: OrganizationRole) =>
  role === undefined ? db.selectFrom('organizations').selectAll() : db.selectFrom('organizations').selectAll().where(role, '=', true)

/** All organizations, or those with `role`. */
const list = (dialect: Dialect, db: DB, query: ListQuery, role?: OrganizationRole) => listPage(dialect, all(db, role), query, SHAPE)
/** Every row of the list, in its order (an export) */
const ordered = (dialect: Dialect, db: DB, query: ListQuery) => orderedRows(dialect, all(db), query, SHAPE).ordered

const find = (db: DB, id: number) => db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst()

function insert(db: DB, values: OrganizationCreate) {
  const stamp = now()
  return db
    .insertInto('organizations')
    .values({
      org_name: values.org_name.trim(),
      is_seller: values.is_seller ?? false,
      is_supplier: values.is_supplier ?? false,
      email: values.email ?? null,
      language: values.language ?? 'en',
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const update = (db: DB, id: number, values: OrganizationUpdate) =>
  db
    .updateTable('organizations')
    .set({ ...values, ...(values.org_name === undefined ? {} : { org_name: values.org_name.trim() }), updated_at: now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()

async function remove(db: DB, id: number) {
  await db.deleteFrom('organizations').where('id', '=', id).execute()
}

/** The organization named `name`, in any case. */
const findByName = (db: DB, name: string) =>
  db
    .selectFrom('organizations')
    .selectAll()
    .where(sql`lower(org_name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst()

/** Gives the organization named `name` (in any case) the role; undefined when there is none of that name. */
const takeOnRole = (db: DB, name: string, role: OrganizationRole) =>
  db
    .updateTable('organizations')
    .set({ [role]: true, updated_at: now() })
    .where(sql`lower(org_name)`, '=', name.trim().toLowerCase())
    .returningAll()
    .executeTakeFirst()

/** How many products have the organization as supplier or as seller (a product with both counts once). */
async function productCount(db: DB, id: number) {
  const { count } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) =>
      eb.or([
        eb('supplier_id', '=', id),
        eb('id', 'in', eb.selectFrom('product_sellers').select('product_id').where('seller_id', '=', id)),
      ]),
    )
    .executeTakeFirstOrThrow()
  return Number(count)
}

export const organizationRepository = Object.freeze({ list, ordered, find, findByName, insert, update, remove, takeOnRole, productCount })
