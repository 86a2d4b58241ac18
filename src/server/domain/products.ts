// Reading products: the list (filters, sort, paging, stock per warehouse) and the full record of one product.
// listProducts is its own function so its internals (indexes, search) can change without touching the route.
import { sql, type RawBuilder, type Selectable } from 'kysely'
import {
  DEFAULT_PRODUCT_SORT,
  type Currency,
  type Product,
  type ProductListQuery,
  type ProductPage,
  type ProductSummary,
} from '../../contract'
import type { DB, DatabaseHandle } from '../db'
import type { ProductsTable } from '../db/schema'
import { containsText } from '../db/dialect'
import { notFound } from '../http-errors'
import { paging, parseSort } from '../routes/lists'

type SummaryRow = Omit<Selectable<ProductsTable>, 'supplier_id' | 'minimum_order_quantity' | 'purchase_price' | 'purchase_currency'> & {
  brand_name: string | null
}

const TEXT_FILTERS = ['sku', 'sku_amazon', 'article_number', 'description'] as const
const TEXT_SORTS: readonly string[] = TEXT_FILTERS
// every column of a list row but `stock`, which the list computes
const SUMMARY_COLUMNS = [
  'products.id',
  'products.sku',
  'products.sku_amazon',
  'products.article_number',
  'products.description',
  'products.barcode',
  'products.image_url',
  'products.brand_id',
  'products.created_at',
  'products.updated_at',
] as const

export function toProductSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    sku: row.sku,
    sku_amazon: row.sku_amazon,
    article_number: row.article_number,
    description: row.description,
    barcode: row.barcode,
    image_url: row.image_url,
    brand_id: row.brand_id,
    brand: row.brand_id != null && row.brand_name != null ? { id: row.brand_id, brand_name: row.brand_name } : null,
    stock: Number(row.stock),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/**
 * One page of products and the count of all that match. With `warehouse_id`, `stock` is the stock in that
 * warehouse (0 where it has none) and sorting by stock uses it. Text sorts ignore case; empty values sort last
 * ascending (first descending) on both databases; ties are broken by id.
 */
export async function listProducts(database: Pick<DatabaseHandle, 'db' | 'dialect'>, query: ProductListQuery): Promise<ProductPage> {
  const { db, dialect } = database
  let matching = db.selectFrom('products')
  for (const field of TEXT_FILTERS) {
    const text = query[field]
    if (text) matching = matching.where(containsText(dialect, `products.${field}`, text))
  }
  if (query.brand_id !== undefined) matching = matching.where('products.brand_id', '=', query.brand_id)

  const warehouseId = query.warehouse_id
  const stock: RawBuilder<number> =
    warehouseId === undefined ? sql<number>`products.stock` : sql<number>`coalesce(warehouse_stock.amount, 0)`
  const sort = parseSort(query.sort_by, DEFAULT_PRODUCT_SORT)
  const sortKey =
    sort.field === 'stock' ? stock : TEXT_SORTS.includes(sort.field) ? sql`lower(${sql.ref(`products.${sort.field}`)})` : sql.ref(`products.${sort.field}`)
  const { offset, limit } = paging(query, 10)

  const rows = await matching
    .leftJoin('brands', 'brands.id', 'products.brand_id')
    .$if(warehouseId !== undefined, (qb) =>
      qb.leftJoin('warehouse_stock', (join) =>
        join.onRef('warehouse_stock.product_id', '=', 'products.id').on('warehouse_stock.warehouse_id', '=', warehouseId!),
      ),
    )
    .select(SUMMARY_COLUMNS)
    .select(['brands.brand_name', stock.as('stock')])
    .orderBy(sortKey, (ob) => (sort.direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsFirst()))
    .orderBy('products.id', sort.direction)
    .offset(offset)
    .limit(limit)
    .execute()
  const { count } = await matching.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
  return { items: rows.map((row) => toProductSummary(row)), total: Number(count) }
}

/** 404 unless the product exists. */
export async function assertProductExists(db: DB, id: number): Promise<void> {
  const row = await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('Product')
}

const orgRef = (id: number | null, name: string | null) => (id != null && name != null ? { id, org_name: name } : null)

/** Everything about one product, or undefined. Stock lists leave out zero amounts and follow warehouse and location names. */
export async function loadProduct(db: DB, id: number): Promise<Product | undefined> {
  const row = await db
    .selectFrom('products')
    .leftJoin('brands', 'brands.id', 'products.brand_id')
    .leftJoin('organizations as supplier', 'supplier.id', 'products.supplier_id')
    .selectAll('products')
    .select(['brands.brand_name', 'supplier.org_name as supplier_name'])
    .where('products.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined

  const [warehouses, locations, sellers] = await Promise.all([
    db
      .selectFrom('warehouse_stock')
      .innerJoin('warehouses', 'warehouses.id', 'warehouse_stock.warehouse_id')
      .select(['warehouse_stock.warehouse_id', 'warehouses.warehouse_name', 'warehouse_stock.amount'])
      .where('warehouse_stock.product_id', '=', id)
      .where('warehouse_stock.amount', '<>', 0)
      .orderBy(sql`lower(warehouses.warehouse_name)`)
      .orderBy('warehouses.id')
      .execute(),
    db
      .selectFrom('stock_levels')
      .innerJoin('locations', 'locations.id', 'stock_levels.location_id')
      .innerJoin('warehouses', 'warehouses.id', 'stock_levels.warehouse_id')
      .select(['stock_levels.warehouse_id', 'stock_levels.location_id', 'locations.location_name', 'stock_levels.amount'])
      .where('stock_levels.product_id', '=', id)
      .where('stock_levels.amount', '<>', 0)
      .orderBy(sql`lower(warehouses.warehouse_name)`)
      .orderBy('warehouses.id')
      .orderBy(sql`lower(locations.location_name)`)
      .orderBy('locations.id')
      .execute(),
    db
      .selectFrom('product_sellers')
      .leftJoin('organizations', 'organizations.id', 'product_sellers.seller_id')
      .select(['product_sellers.id', 'product_sellers.seller_id', 'organizations.org_name', 'product_sellers.selling_price', 'product_sellers.selling_currency'])
      .where('product_sellers.product_id', '=', id)
      .orderBy('product_sellers.id')
      .execute(),
  ])

  const hasSupplierData = [row.supplier_id, row.minimum_order_quantity, row.purchase_price, row.purchase_currency].some((v) => v != null)
  return {
    ...toProductSummary(row),
    stock_warehouse_items: warehouses.map((w) => ({
      warehouse_id: w.warehouse_id,
      warehouse: { id: w.warehouse_id, warehouse_name: w.warehouse_name },
      amount: w.amount,
    })),
    stock_items: locations.map((l) => ({
      warehouse_id: l.warehouse_id,
      location_id: l.location_id,
      location: { id: l.location_id, location_name: l.location_name },
      amount: l.amount,
    })),
    supplier_info: hasSupplierData
      ? {
          supplier_id: row.supplier_id,
          supplier: orgRef(row.supplier_id, row.supplier_name),
          minimum_order_quantity: row.minimum_order_quantity,
          purchase_price: row.purchase_price,
          purchase_currency: row.purchase_currency as Currency | null,
        }
      : null,
    sellers_info: sellers.map(toSellerInfo),
  }
}

export function toSellerInfo(s: {
  id: number
  seller_id: number | null
  org_name: string | null
  selling_price: number | null
  selling_currency: string | null
}) {
  return {
    id: s.id,
    seller_id: s.seller_id,
    seller: orgRef(s.seller_id, s.org_name),
    selling_price: s.selling_price,
    selling_currency: s.selling_currency as Currency | null,
  }
}

/** Prices are kept to the cent, rounding the decimal a person typed (1.005 becomes 1.01, not 1.00). */
export function roundPrice<T extends number | null | undefined>(price: T): T {
  if (price == null) return price
  return (Math.round(Number(`${price.toFixed(12)}e2`)) / 100) as T
}
