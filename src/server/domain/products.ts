// Reading products: the full record of one product, and the shape of a list row (the list is in product-list.ts).
import { sql, type Selectable } from 'kysely'
import {
  productFieldRecord,
  type Currency,
  type Product,
  type ProductListQuery,
  type ProductPage,
  type ProductSummary,
  type SellerInfo,
} from '../../contract'
import type { DB } from '../db'
import type { ProductsTable } from '../db/schema'
import { reorderLevelRepository } from '../db/repositories/reorder-levels'
import { stockOnHand } from '../db/repositories/product-stock'
import { Invalid, NotFound } from './errors'
import { isVisible, visibleIds, type VisibleWarehouses } from './visible-warehouses'

type SupplierColumns = 'supplier_id' | 'minimum_order_quantity' | 'pack_size' | 'supplier_sku' | 'purchase_price' | 'purchase_currency'
type SummaryRow = Omit<Selectable<ProductsTable>, SupplierColumns> & {
  brand_name: string | null
  stock: number | string
  /** 0/1 from SQLite; left out by a read that does not ask */
  below_min?: boolean | number | null
  /** a bigint's text from PostgreSQL's sum; left out by a read that does not ask (the export) */
  incoming?: number | string | null
}

export function toProductSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    ...productFieldRecord((name) => row[name]),
    brand_id: row.brand_id,
    brand: row.brand_id != null && row.brand_name != null ? { id: row.brand_id, brand_name: row.brand_name } : null,
    stock: Number(row.stock),
    below_min: Boolean(row.below_min),
    incoming: Number(row.incoming ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/** 404 unless the product exists. */
export async function assertProductExists(db: DB, id: number): Promise<void> {
  const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound('Product')
}

const orgRef = (id: number | null, name: string | null) => (id != null && name != null ? { id, org_name: name } : null)

/** Everything about one product, or undefined. Stock lists leave out zero amounts and follow warehouse and location names. */
export async function loadProduct(db: DB, id: number): Promise<Product | undefined> {
  // the reads go side by side (one round trip on PostgreSQL); the lists are empty for an unknown product
  const [row, warehouses, locations, sellers, reorderLevels] = await Promise.all([
    db
      .selectFrom('products')
      .leftJoin('brands', 'brands.id', 'products.brand_id')
      .leftJoin('organizations as supplier', 'supplier.id', 'products.supplier_id')
      .selectAll('products')
      .select(['brands.brand_name', 'supplier.org_name as supplier_name', stockOnHand().as('stock')])
      .where('products.id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('warehouse_stock')
      .innerJoin('warehouses', 'warehouses.id', 'warehouse_stock.warehouse_id')
      .select(['warehouse_stock.warehouse_id', 'warehouses.warehouse_name', 'warehouse_stock.on_hand', 'warehouse_stock.incoming'])
      .where('warehouse_stock.product_id', '=', id)
      .where((eb) => eb.or([eb('warehouse_stock.on_hand', '<>', 0), eb('warehouse_stock.incoming', '<>', 0)]))
      .orderBy(sql`lower(warehouses.warehouse_name)`)
      .orderBy('warehouses.id')
      .execute(),
    db
      .selectFrom('stock_levels')
      .innerJoin('locations', 'locations.id', 'stock_levels.location_id')
      .innerJoin('warehouses', 'warehouses.id', 'stock_levels.warehouse_id')
      .select(['stock_levels.warehouse_id', 'stock_levels.location_id', 'locations.location_name', 'stock_levels.on_hand'])
      .where('stock_levels.product_id', '=', id)
      .where('stock_levels.on_hand', '<>', 0)
      .orderBy(sql`lower(warehouses.warehouse_name)`)
      .orderBy('warehouses.id')
      .orderBy(sql`lower(locations.location_name)`)
      .orderBy('locations.id')
      .execute(),
    db
      .selectFrom('product_sellers')
      .leftJoin('organizations', 'organizations.id', 'product_sellers.seller_id')
      .select([
        'product_sellers.id',
        'product_sellers.seller_id',
        'organizations.org_name',
        'product_sellers.selling_price',
        'product_sellers.selling_currency',
      ])
      .where('product_sellers.product_id', '=', id)
      .orderBy('product_sellers.id')
      .execute(),
    reorderLevelRepository.ofProduct(db, id),
  ])
  if (!row) return undefined

  // a pack of 1 is the default, no data of a supplier
  const hasSupplierData =
    row.pack_size !== 1 ||
    [row.supplier_id, row.minimum_order_quantity, row.supplier_sku, row.purchase_price, row.purchase_currency].some((v) => v != null)
  return {
    ...toProductSummary({
      ...row,
      below_min: reorderLevels.some((level) => level.below_min),
      incoming: warehouses.reduce((sum, w) => sum + w.incoming, 0),
    }),
    stock_warehouse_items: warehouses.map((w) => ({
      warehouse_id: w.warehouse_id,
      warehouse: { id: w.warehouse_id, warehouse_name: w.warehouse_name },
      amount: w.on_hand,
      incoming: w.incoming,
    })),
    stock_items: locations.map((l) => ({
      warehouse_id: l.warehouse_id,
      location_id: l.location_id,
      location: { id: l.location_id, location_name: l.location_name },
      amount: l.on_hand,
    })),
    supplier_info: hasSupplierData
      ? {
          supplier_id: row.supplier_id,
          supplier: orgRef(row.supplier_id, row.supplier_name),
          minimum_order_quantity: row.minimum_order_quantity,
          pack_size: row.pack_size,
          supplier_sku: row.supplier_sku,
          purchase_price: row.purchase_price,
          purchase_currency: row.purchase_currency,
        }
      : null,
    sellers_info: sellers.map(toSellerInfo),
    reorder_levels: reorderLevels,
  }
}

export function toSellerInfo(s: {
  id: number
  seller_id: number | null
  org_name: string | null
  selling_price: number | null
  selling_currency: Currency | null
}): SellerInfo {
  return {
    id: s.id,
    seller_id: s.seller_id,
    seller: orgRef(s.seller_id, s.org_name),
    selling_price: s.selling_price,
    selling_currency: s.selling_currency,
  }
}

/** Prices are kept to the cent, rounding the decimal a person typed (1.005 becomes 1.01, not 1.00). */
export function roundPrice(price: number): number
export function roundPrice(price: number | null): number | null
export function roundPrice(price: number | null): number | null {
  if (price === null) return price
  return Math.round(Number(`${price.toFixed(12)}e2`)) / 100
}

/**
 * The product as a user who may see the stock of `visible` warehouses reads it: the levels of those, and its stock
 * as their sum, so that nothing of another warehouse shows (its reorder levels included).
 */
export function withVisibleStock(product: Product, visible: VisibleWarehouses): Product {
  if (visible === 'all') return product
  const warehouses = product.stock_warehouse_items.filter((item) => isVisible(visible, item.warehouse_id))
  const levels = product.reorder_levels.filter((level) => isVisible(visible, level.warehouse_id))
  return {
    ...product,
    stock: warehouses.reduce((sum, item) => sum + item.amount, 0),
    incoming: warehouses.reduce((sum, item) => sum + item.incoming, 0),
    below_min: levels.some((level) => level.below_min),
    stock_warehouse_items: warehouses,
    stock_items: product.stock_items.filter((item) => isVisible(visible, item.warehouse_id)),
    reorder_levels: levels,
  }
}

/**
 * A page of the product list as a user who may see the stock of `visible` warehouses reads it: each product's stock
 * and incoming are their sums over those, and it is below its minimum only in one of those (one read of the page's
 * products). Such a list is neither sorted nor filtered by stock (listQueryOf refuses it), so its order tells nothing
 * of the others.
 */
export async function withVisibleTotals(db: DB, page: ProductPage, visible: VisibleWarehouses): Promise<ProductPage> {
  const ids = visibleIds(visible)
  if (ids === undefined || page.items.length === 0) return page
  const levels = await levelsIn(
    db,
    page.items.map((item) => item.id),
    ids,
  )
  return {
    ...page,
    items: page.items.map((item) => ({ ...item, ...(levels.get(item.id) ?? { stock: 0, incoming: 0, below_min: false }) })),
  }
}

/**
 * Each product's stock and incoming summed over `warehouses`, and whether it is below its minimum in one of them
 * (none: absent).
 */
export async function levelsIn(
  db: DB,
  productIds: number[],
  warehouses: readonly number[],
): Promise<Map<number, { stock: number; incoming: number; below_min: boolean }>> {
  if (productIds.length === 0) return new Map()
  const sums = await db
    .selectFrom('warehouse_stock')
    .select([
      'product_id',
      (eb) => eb.fn.sum<number | string>('on_hand').as('stock'),
      (eb) => eb.fn.sum<number | string>('incoming').as('incoming'),
      sql<number>`max(case when on_hand < min_stock then 1 else 0 end)`.as('below'),
    ])
    .where('product_id', 'in', productIds)
    .where('warehouse_id', 'in', warehouses)
    .groupBy('product_id')
    .execute()
  return new Map(
    sums.map((row) => [row.product_id, { stock: Number(row.stock), incoming: Number(row.incoming), below_min: Number(row.below) === 1 }]),
  )
}

/**
 * The list query a user who may see the stock of `visible` warehouses asks: one warehouse is their list of that
 * warehouse (its stock, its order by stock, its products below minimum); over several of all, stock is neither
 * sorted nor filtered, which only the company's totals could answer at a million products.
 */
export function listQueryOf(query: ProductListQuery, visible: VisibleWarehouses): ProductListQuery {
  if (visible === 'all' || query.warehouse_id !== undefined) return query
  if (visible.length === 1) return { ...query, warehouse_id: visible[0] }
  const bystock = query.sort_by?.startsWith('stock.')
  if (bystock || query.below_min) throw Invalid.rule(['query', bystock ? 'sort_by' : 'below_min'], 'stock_sort_needs_warehouse')
  return query
}

/** How a person recognises a product in a sentence. */
export const productName = (product: Pick<ProductSummary, 'id' | 'sku' | 'article_number' | 'description'>) =>
  product.article_number ?? product.sku ?? product.description ?? `#${product.id}`
