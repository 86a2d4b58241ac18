// The ledger check: every kept level (per location, per warehouse, per product) against the sum over the ledger, and
// each warehouse's incoming against the open quantities of its sent purchase orders. A read of the tables alone,
// used by npm run check:ledger, the seed and the tests.
import { sql } from 'kysely'
import type { DB } from '../index'

export interface LedgerDiscrepancy {
  /** which kept figure disagrees: a location's level, a warehouse's, the product's total, or a warehouse's incoming */
  level: 'location' | 'warehouse' | 'product' | 'incoming'
  product_id: number
  warehouse_id: number | null
  location_id: number | null
  kept: number
  ledger: number
}

/**
 * Every kept level or product total that differs from the sum over the ledger, and every incoming that differs from
 * the open purchase orders (`ledger` holds what they say); an empty array means consistent.
 */
export async function checkLedger(db: DB): Promise<LedgerDiscrepancy[]> {
  const perLocation = sql`select product_id, warehouse_id, location_id, sum(amount) as total from stock_mutations group by product_id, warehouse_id, location_id`
  const perWarehouse = sql`select product_id, warehouse_id, sum(amount) as total from stock_mutations group by product_id, warehouse_id`
  const perProduct = sql`select product_id, sum(amount) as total from stock_mutations group by product_id`
  const onOrder = sql`select l.product_id, o.warehouse_id, sum(case when l.quantity > l.received then l.quantity - l.received else 0 end) as total
      from purchase_order_lines l join purchase_orders o on o.id = l.purchase_order_id
     where o.status in ('sent', 'partially_received') group by l.product_id, o.warehouse_id`
  const { rows } = await sql<LedgerDiscrepancy>`
    select 'location' as level, k.product_id, k.warehouse_id, k.location_id, k.on_hand as kept, coalesce(s.total, 0) as ledger
      from stock_levels k
      left join (${perLocation}) s on s.product_id = k.product_id and s.location_id = k.location_id and s.warehouse_id = k.warehouse_id
     where k.on_hand <> coalesce(s.total, 0)
    union all
    select 'location', s.product_id, s.warehouse_id, s.location_id, 0, s.total
      from (${perLocation}) s
      left join stock_levels k on k.product_id = s.product_id and k.location_id = s.location_id and k.warehouse_id = s.warehouse_id
     where k.product_id is null and s.total <> 0
    union all
    select 'warehouse', k.product_id, k.warehouse_id, null, k.on_hand, coalesce(s.total, 0)
      from warehouse_stock k
      left join (${perWarehouse}) s on s.product_id = k.product_id and s.warehouse_id = k.warehouse_id
     where k.on_hand <> coalesce(s.total, 0)
    union all
    select 'warehouse', s.product_id, s.warehouse_id, null, 0, s.total
      from (${perWarehouse}) s
      left join warehouse_stock k on k.product_id = s.product_id and k.warehouse_id = s.warehouse_id
     where k.product_id is null and s.total <> 0
    union all
    select 'product', k.product_id, null, null, k.on_hand, coalesce(s.total, 0)
      from product_stock k
      left join (${perProduct}) s on s.product_id = k.product_id
     where k.on_hand <> coalesce(s.total, 0)
    union all
    select 'product', s.product_id, null, null, 0, s.total
      from (${perProduct}) s
      left join product_stock k on k.product_id = s.product_id
     where k.product_id is null and s.total <> 0
    union all
    select 'incoming', k.product_id, k.warehouse_id, null, k.incoming, coalesce(s.total, 0)
      from warehouse_stock k
      left join (${onOrder}) s on s.product_id = k.product_id and s.warehouse_id = k.warehouse_id
     where k.incoming <> coalesce(s.total, 0)
    union all
    select 'incoming', s.product_id, s.warehouse_id, null, 0, s.total
      from (${onOrder}) s
      left join warehouse_stock k on k.product_id = s.product_id and k.warehouse_id = s.warehouse_id
     where k.product_id is null and s.total <> 0
  `.execute(db)
  return rows.map((r) => ({
    level: r.level,
    product_id: Number(r.product_id),
    warehouse_id: r.warehouse_id == null ? null : Number(r.warehouse_id),
    location_id: r.location_id == null ? null : Number(r.location_id),
    kept: Number(r.kept),
    ledger: Number(r.ledger),
  }))
}
