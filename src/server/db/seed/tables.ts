// The tables the seed fills, with their columns in the order the generated rows use.
import type { Database } from '../schema'

export type ColumnType = 'int' | 'text' | 'float' | 'timestamp' | 'bool'

export interface TableSpec {
  name: keyof Database
  columns: readonly string[]
  types: readonly ColumnType[]
}

const table = (name: keyof Database, columns: [string, ColumnType][]): TableSpec => ({
  name,
  columns: columns.map(([c]) => c),
  types: columns.map(([, t]) => t),
})
const stamps: [string, ColumnType][] = [
  ['created_at', 'timestamp'],
  ['updated_at', 'timestamp'],
]

export const BRANDS = table('brands', [['id', 'int'], ['brand_name', 'text'], ...stamps])
export const ORGANIZATIONS = table('organizations', [
  ['id', 'int'],
  ['org_name', 'text'],
  ['is_seller', 'bool'],
  ['is_supplier', 'bool'],
  ...stamps,
])
export const WAREHOUSES = table('warehouses', [['id', 'int'], ['warehouse_name', 'text'], ...stamps])
export const LOCATIONS = table('locations', [['id', 'int'], ['warehouse_id', 'int'], ['location_name', 'text'], ...stamps])
export const PRODUCTS = table('products', [
  ['id', 'int'],
  ['sku', 'text'],
  ['sku_amazon', 'text'],
  ['article_number', 'text'],
  ['description', 'text'],
  ['barcode', 'text'],
  ['image_url', 'text'],
  ['brand_id', 'int'],
  ['supplier_id', 'int'],
  ['minimum_order_quantity', 'int'],
  ['pack_size', 'int'],
  ['supplier_sku', 'text'],
  ['purchase_price', 'float'],
  ['purchase_currency', 'text'],
  ...stamps,
])
export const PRODUCT_SELLERS = table('product_sellers', [
  ['id', 'int'],
  ['product_id', 'int'],
  ['seller_id', 'int'],
  ['selling_price', 'float'],
  ['selling_currency', 'text'],
  ...stamps,
])
export const STOCK_MUTATIONS = table('stock_mutations', [
  ['id', 'int'],
  ['product_id', 'int'],
  ['warehouse_id', 'int'],
  ['location_id', 'int'],
  ['amount', 'int'],
  ['note', 'text'],
  ['user_id', 'int'],
  ...stamps,
])
export const STOCK_LEVELS = table('stock_levels', [
  ['product_id', 'int'],
  ['location_id', 'int'],
  ['warehouse_id', 'int'],
  ['on_hand', 'int'],
])
export const WAREHOUSE_STOCK = table('warehouse_stock', [
  ['product_id', 'int'],
  ['warehouse_id', 'int'],
  ['on_hand', 'int'],
])
export const PRODUCT_STOCK = table('product_stock', [
  ['product_id', 'int'],
  ['on_hand', 'int'],
  ['moved_at', 'timestamp'],
])

/** Parents before children, so foreign keys hold at every step. */
export const REFERENCE_TABLES = [BRANDS, ORGANIZATIONS, WAREHOUSES, LOCATIONS] as const
export const PRODUCT_TABLES = [PRODUCTS, PRODUCT_SELLERS, STOCK_MUTATIONS, STOCK_LEVELS, WAREHOUSE_STOCK, PRODUCT_STOCK] as const
export const SEEDED_TABLES = [...REFERENCE_TABLES, ...PRODUCT_TABLES] as const
