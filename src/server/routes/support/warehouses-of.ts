// Where a request's data is, for its access rule (plugins/access.ts): the warehouse it names, or the warehouse of the
// record it concerns. Each answers undefined when that data names nothing, and the route answers as it would anyway.
import type { FastifyRequest } from 'fastify'
import { holds, type PermissionGrant } from '../../../contract/roles'
import type { DB } from '../../db'
import type { NeedsOf, WarehousesOf } from '../../plugins/access'
import { auditRepository } from '../../db/repositories/audit'
import { approvalWarehouses } from '../../domain/approvals'

const numberOf = (part: unknown, name: string): number | undefined => {
  const value = typeof part === 'object' && part !== null ? (part as Record<string, unknown>)[name] : undefined
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined
}
const one = (id: number | undefined) => (id === undefined ? undefined : [id])

/** Reads from a stored record: in a warehouse the user may not read, the record is not found for them. */
function stored<Find extends WarehousesOf | NeedsOf>(find: Find): Find {
  return Object.assign(find, { stored: true })
}

/** The warehouse a path parameter names (`/warehouses/:id`, `/reorder_levels/:warehouse_id`). */
export const warehouseParam =
  (name: string): WarehousesOf =>
  async (request) =>
    one(numberOf(request.params, name))

/** The warehouse the body names (`warehouse_id`). */
export const bodyWarehouse: WarehousesOf = async (request) => one(numberOf(request.body, 'warehouse_id'))

/** The warehouse the query names (`warehouse_id`). */
export const queryWarehouse: WarehousesOf = async (request) => one(numberOf(request.query, 'warehouse_id'))

/** The warehouse the query names, if it names one (without, the route shows the warehouses the user may see). */
export const queryWarehouseIfAny: WarehousesOf = async (request) => [numberOf(request.query, 'warehouse_id')].flatMap((id) => id ?? [])

/** Reading the stock of the warehouse the query names, if it names one (a list's stock column in that warehouse). */
export const stockOfQueryWarehouse: NeedsOf = async (request) =>
  [numberOf(request.query, 'warehouse_id')].flatMap((id) =>
    id === undefined ? [] : [{ permission: 'stock.read' as const, warehouse_id: id }],
  )

/** The warehouses of the locations the body or the query names (a transfer's from and to). */
export const warehousesOfLocations =
  (part: 'body' | 'query', ...names: string[]): WarehousesOf =>
  async (request, db) => {
    const ids = names.map((name) => numberOf(request[part], name))
    if (ids.some((id) => id === undefined)) return undefined
    const rows = await db
      .selectFrom('locations')
      .select(['id', 'warehouse_id'])
      .where('id', 'in', ids as number[])
      .execute()
    return rows.length === new Set(ids).size ? [...new Set(rows.map((row) => row.warehouse_id))] : undefined
  }

/** The warehouse of the count of the path (`/stock_counts/:id`). */
export const countWarehouse = stored(async (request, db) => {
  const id = numberOf(request.params, 'id')
  if (id === undefined) return undefined
  return one((await db.selectFrom('stock_counts').select('warehouse_id').where('id', '=', id).executeTakeFirst())?.warehouse_id)
})

/** The two warehouses of the transfer of the path (`/stock_transfers/:id`). */
export const transferWarehouses = stored(async (request, db) => (await transferOf(request, db))?.warehouses)

/** The warehouse of the mutation of the path (`/products/:id/stock_mutations/:mutation_id`). */
export const mutationWarehouse = stored(async (request, db) => one((await mutationOf(request, db))?.warehouse_id))

async function transferOf(request: FastifyRequest, db: DB) {
  const id = numberOf(request.params, 'id')
  if (id === undefined) return undefined
  const row = await db
    .selectFrom('stock_transfers')
    .select(['from_warehouse_id', 'to_warehouse_id', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  return row && { warehouses: [...new Set([row.from_warehouse_id, row.to_warehouse_id])], user_id: row.user_id }
}

async function mutationOf(request: FastifyRequest, db: DB) {
  const [productId, mutationId] = [numberOf(request.params, 'id'), numberOf(request.params, 'mutation_id')]
  if (productId === undefined || mutationId === undefined) return undefined
  const live = await db
    .selectFrom('stock_mutations')
    .select(['warehouse_id', 'user_id'])
    .where('id', '=', mutationId)
    .where('product_id', '=', productId)
    .executeTakeFirst()
  return live
}

/** What taking back a mutation or a transfer of someone else needs besides `permission`: undo.others there. */
function undoing(
  permission: PermissionGrant['permission'],
  place: { warehouses: number[]; user_id: number | null },
  request: FastifyRequest,
) {
  const others = place.user_id !== request.user.id
  return place.warehouses.flatMap((warehouse_id) => [
    { permission, warehouse_id },
    ...(others ? [{ permission: 'undo.others' as const, warehouse_id }] : []),
  ])
}

/** Deleting a booking: booking in its warehouse, and undo.others there when somebody else booked it. */
export const deletingMutation = stored(async (request, db) => {
  const mutation = await mutationOf(request, db)
  return mutation && undoing('stock.book', { warehouses: [mutation.warehouse_id], user_id: mutation.user_id }, request)
})

/** Restoring a deleted booking: as deleting it, read from the audit trail's record of its deletion. */
export const restoringMutation = stored(async (request, db) => {
  const [productId, mutationId] = [numberOf(request.params, 'id'), numberOf(request.params, 'mutation_id')]
  if (productId === undefined || mutationId === undefined) return undefined
  const { entries } = await auditRepository.list(db, { entity_type: 'stock_mutation', entity_id: mutationId, action: 'delete', limit: 1 })
  // the deletion's record keeps the row as it was under `before`
  const changes = entries[0]?.changes
  const row = changes?.before
  const [warehouseId, userId] = [numberOf(row, 'warehouse_id'), numberOf(row, 'user_id') ?? null]
  if (numberOf(changes, 'product_id') !== productId || warehouseId === undefined) return undefined
  return undoing('stock.book', { warehouses: [warehouseId], user_id: userId }, request)
})

/** Reverting an import: importing, and undo.others in the warehouses it booked in when somebody else ran it. */
export async function revertingImport(request: FastifyRequest, db: DB): Promise<PermissionGrant[] | undefined> {
  const id = numberOf(request.params, 'id')
  if (id === undefined) return undefined
  const importing = { permission: 'imports.run' as const, warehouse_id: null }
  const run = await db.selectFrom('imports').select('user_id').where('id', '=', id).executeTakeFirst()
  if (!run || run.user_id === request.user.id) return [importing]
  const booked = await db
    .selectFrom('stock_mutations')
    .select('warehouse_id')
    .distinct()
    .where('source_kind', '=', 'import')
    .where('source_id', '=', id)
    .execute()
  const places = booked.length === 0 ? [null] : booked.map((row) => row.warehouse_id)
  return [importing, ...places.map((warehouse_id) => ({ permission: 'undo.others' as const, warehouse_id }))]
}

/** Reversing a transfer: transferring in both its warehouses, and undo.others there when somebody else made it. */
export const reversingTransfer = stored(async (request, db) => {
  const transfer = await transferOf(request, db)
  return transfer && undoing('stock.transfer', transfer, request)
})

/** The warehouses of the approval of the path (`/approvals/:id`): its own, and those a held import passes a threshold in. */
export const approvalWarehouse = stored(async (request, db) => {
  const id = numberOf(request.params, 'id')
  return id === undefined ? undefined : approvalWarehouses(db, id)
})

/** Setting a warehouse's booking rules (approval thresholds, negative stock) is an administrator's: a manager must not
 * lift their own. */
export const settingBookingRules: NeedsOf = async (request) => {
  const body = typeof request.body === 'object' && request.body !== null ? request.body : {}
  const setting = [
    'approval_threshold_quantity',
    'approval_threshold_value',
    'negative_stock',
    'count_variance_quantity',
    'count_variance_value',
  ].some((field) => field in body)
  return setting ? [{ permission: 'administer', warehouse_id: null }] : []
}

/** The warehouse of the purchase order of the path (`/purchase_orders/:id`). */
export const purchaseOrderWarehouse = stored(async (request, db) => {
  const id = numberOf(request.params, 'id')
  if (id === undefined) return undefined
  return one((await db.selectFrom('purchase_orders').select('warehouse_id').where('id', '=', id).executeTakeFirst())?.warehouse_id)
})

/** Reading a purchase order: a buyer reads every one; anyone else reads those of the warehouses whose stock they see. */
export const readingPurchaseOrder = stored(async (request, db) => {
  if (holds(request.permissions, 'orders.purchase')) return []
  const warehouses = await purchaseOrderWarehouse(request, db)
  return warehouses?.map((warehouse_id) => ({ permission: 'stock.read' as const, warehouse_id }))
})
