// Reorder levels (a minimum and a maximum per product and warehouse, kept on warehouse_stock: see migration 032) and
// the reorder report: every product below its minimum, grouped by supplier, with what to order. The report's rows
// come from reorderRows(), which its export reuses (domain/exports/sources.ts).
import { sql } from 'kysely'
import type { ReorderLevel, ReorderLevelUpdate, ReorderReport, ReorderReportLine, ReorderReportSupplier } from '../../contract'
import type { DB } from '../db'
import { toReorderLevel } from '../db/repositories/reorder-levels'
import type { Trx } from '../db/writes'
import { valuesPerCurrency } from './counts'
import { Invalid, NotFound } from './errors'
import { assertProductExists, roundPrice } from './products'
import { visibleIds, type VisibleWarehouses } from './visible-warehouses'

async function assertWarehouse(db: DB, warehouseId: number): Promise<string> {
  const warehouse = await db.selectFrom('warehouses').select('warehouse_name').where('id', '=', warehouseId).executeTakeFirst()
  if (!warehouse) throw new NotFound('Warehouse')
  return warehouse.warehouse_name
}

/** Sets a product's minimum and maximum in a warehouse (a product without stock there gets a level of 0 to compare). */
export async function setReorderLevel(trx: Trx, productId: number, warehouseId: number, level: ReorderLevelUpdate): Promise<ReorderLevel> {
  if (level.max_stock < level.min_stock)
    throw Invalid.rule(['body', 'max_stock'], 'max_below_min', { min_stock: level.min_stock }, 'greater_than_equal')
  await assertProductExists(trx, productId)
  const warehouseName = await assertWarehouse(trx, warehouseId)
  const row = await trx
    .insertInto('warehouse_stock')
    .values({ product_id: productId, warehouse_id: warehouseId, on_hand: 0, min_stock: level.min_stock, max_stock: level.max_stock })
    .onConflict((oc) => oc.columns(['product_id', 'warehouse_id']).doUpdateSet({ min_stock: level.min_stock, max_stock: level.max_stock }))
    .returning(['warehouse_id', 'on_hand', 'min_stock', 'max_stock'])
    .executeTakeFirstOrThrow()
  return toReorderLevel({ ...row, warehouse_name: warehouseName })
}

/** Removes a product's reorder level in a warehouse (404 when it has none there). */
export async function deleteReorderLevel(trx: Trx, productId: number, warehouseId: number): Promise<void> {
  const cleared = await trx
    .updateTable('warehouse_stock')
    .set({ min_stock: null, max_stock: null })
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .where('min_stock', 'is not', null)
    .returning('product_id')
    .executeTakeFirst()
  if (cleared) return
  await assertProductExists(trx, productId)
  await assertWarehouse(trx, warehouseId)
  throw new NotFound('Reorder level')
}

/**
 * What to order: the maximum less what is there and what is on its way, raised to the supplier's minimum order
 * quantity, then up to whole cartons of `packSize`; nothing when what is on its way fills it already.
 */
export function suggestedQuantity(onHand: number, incoming: number, max: number, minimumOrder: number | null, packSize: number | null) {
  const short = max - onHand - incoming
  if (short <= 0) return 0
  const pack = Math.max(packSize ?? 1, 1)
  return Math.ceil(Math.max(short, minimumOrder ?? 0) / pack) * pack
}

export interface ReorderRow extends ReorderReportLine {
  supplier_id: number | null
  supplier_name: string | null
}

/**
 * Every product below its minimum (per warehouse, or in the one given), read through the partial index of the stock
 * rows below their minimum, ordered by supplier name (none last), then product.
 */
export async function reorderRows(db: DB, warehouseId?: number, visible: VisibleWarehouses = 'all'): Promise<ReorderRow[]> {
  const seen = visibleIds(visible)
  const rows = await db
    .selectFrom('warehouse_stock')
    .innerJoin('products', 'products.id', 'warehouse_stock.product_id')
    .innerJoin('warehouses', 'warehouses.id', 'warehouse_stock.warehouse_id')
    .leftJoin('organizations', 'organizations.id', 'products.supplier_id')
    .select([
      'products.id as product_id',
      'products.sku',
      'products.article_number',
      'products.description',
      'products.supplier_id',
      'organizations.org_name as supplier_name',
      'products.minimum_order_quantity',
      'products.pack_size',
      'products.supplier_sku',
      'products.purchase_price',
      'products.purchase_currency',
      'warehouse_stock.warehouse_id',
      'warehouses.warehouse_name',
      'warehouse_stock.on_hand',
      'warehouse_stock.incoming',
      'warehouse_stock.min_stock',
      'warehouse_stock.max_stock',
    ])
    .where(sql<boolean>`warehouse_stock.on_hand < warehouse_stock.min_stock`)
    .$if(warehouseId !== undefined, (qb) => qb.where('warehouse_stock.warehouse_id', '=', warehouseId!))
    .$if(seen !== undefined, (qb) => qb.where('warehouse_stock.warehouse_id', 'in', seen!))
    .orderBy(sql`organizations.org_name is null`)
    .orderBy(sql`lower(organizations.org_name)`)
    .orderBy('products.supplier_id')
    .orderBy(sql`lower(coalesce(products.article_number, products.sku, products.description))`)
    .orderBy('products.id')
    .orderBy(sql`lower(warehouses.warehouse_name)`)
    .execute()
  return rows.map((row) => {
    const suggested = suggestedQuantity(
      Number(row.on_hand),
      Number(row.incoming),
      Number(row.max_stock),
      row.minimum_order_quantity,
      row.pack_size,
    )
    const priced = row.purchase_price !== null && row.purchase_currency !== null
    return {
      ...row,
      on_hand: Number(row.on_hand),
      incoming: Number(row.incoming),
      min_stock: Number(row.min_stock),
      max_stock: Number(row.max_stock),
      suggested,
      value: priced ? roundPrice(suggested * row.purchase_price!) : null,
    }
  })
}

/** The reorder report: the rows grouped by supplier, with the total per currency of each supplier. */
export async function reorderReport(db: DB, warehouseId?: number, visible: VisibleWarehouses = 'all'): Promise<ReorderReport> {
  const suppliers: ReorderReportSupplier[] = []
  for (const { supplier_id, supplier_name, ...line } of await reorderRows(db, warehouseId, visible)) {
    let group = suppliers.at(-1)
    if (!group || group.supplier_id !== supplier_id) suppliers.push((group = { supplier_id, supplier_name, lines: [], totals: [] }))
    group.lines.push(line)
  }
  for (const group of suppliers)
    group.totals = valuesPerCurrency(group.lines.map((l) => ({ currency: l.purchase_currency, value: l.value })))
  return { warehouse_id: warehouseId ?? null, suppliers }
}
