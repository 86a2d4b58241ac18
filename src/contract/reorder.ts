// Reorder levels per product and warehouse, and the report of what to order.
import Type, { type Static } from 'typebox'
import { Id, Nullable } from './common'
import { CurrencyValue } from './counts'
import { CurrencyCode } from './products'

const Level = Type.Integer({ minimum: 0, maximum: 1_000_000_000 })
export const ReorderLevelUpdate = Type.Object({ min_stock: Level, max_stock: Level }, { description: 'max_stock >= min_stock >= 0' })
export type ReorderLevelUpdate = Static<typeof ReorderLevelUpdate>
export const ReorderLevelParams = Type.Object({ id: Id, warehouse_id: Id })
export type ReorderLevelParams = Static<typeof ReorderLevelParams>

export const ReorderReportQuery = Type.Object({ warehouse_id: Type.Optional(Id) })
export type ReorderReportQuery = Static<typeof ReorderReportQuery>

export const ReorderReportLine = Type.Object({
  product_id: Id,
  sku: Nullable(Type.String()),
  article_number: Nullable(Type.String()),
  description: Nullable(Type.String()),
  warehouse_id: Id,
  warehouse_name: Type.String(),
  on_hand: Type.Integer(),
  /** the open quantity of the purchase orders sent for it */
  incoming: Type.Integer(),
  min_stock: Type.Integer(),
  max_stock: Type.Integer(),
  minimum_order_quantity: Nullable(Type.Integer()),
  /** units per carton the supplier sells */
  pack_size: Type.Integer(),
  supplier_sku: Nullable(Type.String()),
  /** max_stock - on_hand - incoming, raised to the minimum order quantity, then up to whole packs; 0 when on order */
  suggested: Type.Integer(),
  purchase_price: Nullable(Type.Number()),
  purchase_currency: Nullable(CurrencyCode),
  /** suggested × purchase price, when the price and currency are known */
  value: Nullable(Type.Number()),
})
export type ReorderReportLine = Static<typeof ReorderReportLine>

export const ReorderReportSupplier = Type.Object({
  supplier_id: Nullable(Id),
  supplier_name: Nullable(Type.String()),
  lines: Type.Array(ReorderReportLine),
  totals: Type.Array(CurrencyValue),
})
export type ReorderReportSupplier = Static<typeof ReorderReportSupplier>

export const ReorderReport = Type.Object({
  warehouse_id: Nullable(Id),
  /** by supplier name, products without a supplier last */
  suppliers: Type.Array(ReorderReportSupplier),
})
export type ReorderReport = Static<typeof ReorderReport>
