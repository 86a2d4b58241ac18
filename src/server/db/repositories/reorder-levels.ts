// Queries of the reorder levels, which live on warehouse_stock (migration 032): a product's minimum and maximum per
// warehouse, read by the product detail and written by the reorder-level routes.
import { sql } from 'kysely'
import type { ReorderLevel } from '../../../contract'
import type { DB } from '../index'

/** The reorder levels of a product, by warehouse name. */
async function ofProduct(db: DB, productId: number): Promise<ReorderLevel[]> {
  const rows = await db
    .selectFrom('warehouse_stock')
    .innerJoin('warehouses', 'warehouses.id', 'warehouse_stock.warehouse_id')
    .select(['warehouse_stock.warehouse_id', 'warehouses.warehouse_name', 'warehouse_stock.on_hand', 'min_stock', 'max_stock'])
    .where('warehouse_stock.product_id', '=', productId)
    .where('min_stock', 'is not', null)
    .orderBy(sql`lower(warehouses.warehouse_name)`)
    .orderBy('warehouses.id')
    .execute()
  return rows.map((row) => toReorderLevel(row))
}

export function toReorderLevel(row: {
  warehouse_id: number
  warehouse_name: string
  on_hand: number
  min_stock: number | null
  max_stock: number | null
}): ReorderLevel {
  const min = Number(row.min_stock)
  return {
    warehouse_id: row.warehouse_id,
    warehouse_name: row.warehouse_name,
    min_stock: min,
    max_stock: Number(row.max_stock),
    on_hand: Number(row.on_hand),
    below_min: Number(row.on_hand) < min,
  }
}

/**
 * `products.id` is below its minimum: in the warehouse given, or in any. Looked up per product through the primary
 * key of warehouse_stock (a product has a row per warehouse at most): a scalar subquery, because PostgreSQL may run
 * an EXISTS for a page of rows by hashing every row below its minimum instead.
 */
export const belowMinimum = (warehouseId?: number) =>
  sql<boolean>`((select 1 from warehouse_stock where warehouse_stock.product_id = products.id${
    warehouseId === undefined ? sql`` : sql` and warehouse_stock.warehouse_id = ${warehouseId}`
  } and warehouse_stock.on_hand < warehouse_stock.min_stock limit 1) is not null)`

export const reorderLevelRepository = { ofProduct }
