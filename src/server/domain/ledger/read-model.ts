// The ledger as it is read: a product's mutations as the API answers them (with their places, the transfer's two
// sides and a receipt's purchase order), the newest first, and the later mutation an undo looks for.
import type { SourceDocument, StockMutation, StockPlace } from '../../../contract'
import type { DB } from '../../db'
import { assertProductExists } from '../products'
import type { MutationRow, PlaceNames } from './booking'
import { visibleIds, type VisibleWarehouses } from '../visible-warehouses'

/**
 * The newest mutation booked after `mutationId` for the same product at the same location, if any: a later change
 * of that stock, which may rest on this one (an undo is then refused).
 */
export async function laterMutationAt(db: DB, row: Pick<MutationRow, 'id' | 'product_id' | 'location_id'>) {
  return db
    .selectFrom('stock_mutations')
    .select(['id', 'created_at'])
    .where('product_id', '=', row.product_id)
    .where('location_id', '=', row.location_id)
    .where('id', '>', row.id)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/**
 * Mutations as the API answers them: with warehouse, location, booking user, (for a transfer) both its places named,
 * and (for a receipt) its purchase order, each joined by primary key (source_id is a receipt's only where the kind says so).
 */
export function mutationsQuery(db: DB) {
  return db
    .selectFrom('stock_mutations')
    .innerJoin('warehouses', 'warehouses.id', 'stock_mutations.warehouse_id')
    .innerJoin('locations', 'locations.id', 'stock_mutations.location_id')
    .leftJoin('users', 'users.id', 'stock_mutations.user_id')
    .leftJoin('stock_transfers as transfer', 'transfer.id', 'stock_mutations.transfer_id')
    .leftJoin('warehouses as from_warehouse', 'from_warehouse.id', 'transfer.from_warehouse_id')
    .leftJoin('locations as from_location', 'from_location.id', 'transfer.from_location_id')
    .leftJoin('warehouses as to_warehouse', 'to_warehouse.id', 'transfer.to_warehouse_id')
    .leftJoin('locations as to_location', 'to_location.id', 'transfer.to_location_id')
    .leftJoin('purchase_receipts as receipt', (join) =>
      join.onRef('receipt.id', '=', 'stock_mutations.source_id').on('stock_mutations.source_kind', '=', 'receipt'),
    )
    .leftJoin('purchase_orders as purchase_order', 'purchase_order.id', 'receipt.purchase_order_id')
    .selectAll('stock_mutations')
    .select([
      'warehouses.warehouse_name',
      'locations.location_name',
      'users.username',
      'transfer.from_warehouse_id',
      'from_warehouse.warehouse_name as from_warehouse_name',
      'transfer.from_location_id',
      'from_location.location_name as from_location_name',
      'transfer.to_warehouse_id',
      'to_warehouse.warehouse_name as to_warehouse_name',
      'transfer.to_location_id',
      'to_location.location_name as to_location_name',
      'purchase_order.id as purchase_order_id',
      'purchase_order.number as purchase_order_number',
    ])
}

/** Both places of a transfer, as the mutation rows of mutationsQuery carry them. */
export interface TransferPlaces {
  from_warehouse_id: number | null
  from_warehouse_name: string | null
  from_location_id: number | null
  from_location_name: string | null
  to_warehouse_id: number | null
  to_warehouse_name: string | null
  to_location_id: number | null
  to_location_name: string | null
}

/** The purchase order of a receipt's mutation, as mutationsQuery carries it (null for every other source). */
export interface SourceDocumentColumns {
  purchase_order_id: number | null
  purchase_order_number: string | null
}

type MutationView = MutationRow & PlaceNames & { username: string | null } & Partial<TransferPlaces> & Partial<SourceDocumentColumns>

/** The document of the mutation's source: a receipt's purchase order, else null. */
function documentOf(row: Partial<SourceDocumentColumns>): SourceDocument | null {
  if (row.purchase_order_id == null || row.purchase_order_number == null) return null
  return { kind: 'purchase_order', id: row.purchase_order_id, number: row.purchase_order_number }
}

/** The place a transfer names, from the columns `from_*` or `to_*`. */
export function placeOf(row: Partial<TransferPlaces>, side: 'from' | 'to'): StockPlace | null {
  const [warehouseId, warehouseName, locationId, locationName] =
    side === 'from'
      ? [row.from_warehouse_id, row.from_warehouse_name, row.from_location_id, row.from_location_name]
      : [row.to_warehouse_id, row.to_warehouse_name, row.to_location_id, row.to_location_name]
  if (warehouseId == null || warehouseName == null || locationId == null || locationName == null) return null
  return { warehouse_id: warehouseId, warehouse_name: warehouseName, location_id: locationId, location_name: locationName }
}

/** The ledger of one product as the stock tab lists it, newest first (its pages, and its export). */
export const productMutations = (db: DB, productId: number) =>
  mutationsQuery(db).where('stock_mutations.product_id', '=', productId).orderBy('stock_mutations.id', 'desc')

export function toStockMutation(row: MutationView): StockMutation {
  const [from, to] = [placeOf(row, 'from'), placeOf(row, 'to')]
  return {
    id: row.id,
    amount: row.amount,
    note: row.note,
    product_id: row.product_id,
    warehouse_id: row.warehouse_id,
    location_id: row.location_id,
    warehouse: { warehouse_name: row.warehouse_name },
    location: { location_name: row.location_name },
    user: row.username == null ? null : { username: row.username },
    transfer_id: row.transfer_id ?? null,
    transfer: row.transfer_id != null && from && to ? { id: row.transfer_id, from, to } : null,
    source: { kind: row.source_kind, id: row.source_id ?? null, line_id: row.source_line_id ?? null, document: documentOf(row) },
    reason: row.reason ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/** A page of a product's ledger, newest first, and the count of all its mutations (404 for an unknown product). */
export async function recentMutations(
  db: DB,
  productId: number,
  page: { offset: number; limit: number },
  visible: VisibleWarehouses = 'all',
  reason?: string,
): Promise<{ items: StockMutation[]; total: number }> {
  const seen = visibleIds(visible)
  // read side by side (one round trip on PostgreSQL); a product with mutations exists, so only an empty ledger asks
  const [rows, { count }] = await Promise.all([
    productMutations(db, productId)
      .$if(seen !== undefined, (qb) => qb.where('stock_mutations.warehouse_id', 'in', seen!))
      .$if(reason !== undefined, (qb) => qb.where('stock_mutations.reason', '=', reason!))
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('stock_mutations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('product_id', '=', productId)
      .$if(seen !== undefined, (qb) => qb.where('warehouse_id', 'in', seen!))
      .$if(reason !== undefined, (qb) => qb.where('reason', '=', reason!))
      .executeTakeFirstOrThrow(),
  ])
  if (Number(count) === 0) await assertProductExists(db, productId)
  return { items: rows.map(toStockMutation), total: Number(count) }
}
