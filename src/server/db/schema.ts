// Row types of the tables, as Kysely sees them. Timestamps are ISO strings on both databases
// (the PostgreSQL pool parses timestamptz to ISO); booleans arrive as 0/1 from SQLite, so mappers use Boolean().
import type { ColumnType, Generated } from 'kysely'
import type { AuditAction, AuditEntityType, Currency, ImportKind, ImportMode, ImportStatus } from '../../contract'

type Timestamp = ColumnType<string, string, string>
type Bool = ColumnType<boolean | number, boolean, boolean>
type Money = ColumnType<number | null, number | null, number | null>

export interface UsersTable {
  id: Generated<number>
  email: string
  username: string
  hashed_password: string
  given_name: string | null
  family_name: string | null
  is_active: Bool
  is_verified: Bool
  is_superuser: Bool
  /** true while the password is one an administrator generated; the first mailed link lets them choose their own */
  needs_password: Bool
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SessionsTable {
  /** the token's jti */
  id: string
  user_id: number
  created_at: Timestamp
  expires_at: Timestamp
}

export interface UserTokensTable {
  /** sha256 of the mailed token; the token itself is never stored */
  token_hash: string
  user_id: number
  purpose: 'verify' | 'reset'
  /** the address the token was sent to; a token for an old address is void */
  email: string
  created_at: Timestamp
  expires_at: Timestamp
}

export interface BrandsTable {
  id: Generated<number>
  brand_name: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OrganizationsTable {
  id: Generated<number>
  org_name: string
  is_seller: Bool
  is_supplier: Bool
  created_at: Timestamp
  updated_at: Timestamp
}

export interface WarehousesTable {
  id: Generated<number>
  warehouse_name: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface LocationsTable {
  id: Generated<number>
  warehouse_id: number
  location_name: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ProductsTable {
  id: Generated<number>
  sku: string | null
  sku_amazon: string | null
  article_number: string | null
  description: string | null
  barcode: string | null
  image_url: string | null
  brand_id: number | null
  supplier_id: number | null
  minimum_order_quantity: number | null
  purchase_price: Money
  purchase_currency: Currency | null
  /** total stock, kept in the same transaction as every ledger change */
  stock: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ProductSellersTable {
  id: Generated<number>
  product_id: number
  seller_id: number | null
  selling_price: Money
  selling_currency: Currency | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface StockMutationsTable {
  id: Generated<number>
  product_id: number
  warehouse_id: number
  location_id: number
  amount: number
  note: string | null
  user_id: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** kept stock per product and location: always the sum of the ledger */
export interface StockLevelsTable {
  product_id: number
  location_id: number
  warehouse_id: number
  amount: number
}

/** kept stock per product and warehouse: always the sum of its locations */
export interface WarehouseStockTable {
  product_id: number
  warehouse_id: number
  amount: number
}

/** counts kept by triggers, so a list of everything needs no count(*) over a large table */
/** how many products contain each text of one or two characters, per searched column (migration 011) */
export interface TextGramCountsTable {
  field: string
  gram: string
  products: number
}

export interface RowCountsTable {
  table_name: string
  row_count: number
  /** changes whenever a row is added or removed, or a column a list filters on changes */
  version: Generated<number>
}

/** one row per successful write; `changes` is JSON without secrets */
export interface AuditLogTable {
  id: Generated<number>
  created_at: Timestamp
  user_id: number | null
  username: string | null
  action: AuditAction
  entity_type: AuditEntityType
  entity_id: number
  changes: string | null
  request_id: string | null
}

/** one import of a file (issue 14) and its report */
export interface ImportsTable {
  id: Generated<number>
  kind: ImportKind
  mode: ImportMode
  status: ImportStatus
  file_name: string
  user_id: number | null
  username: string | null
  /** JSON: the columns of the file and the field each went to */
  columns: string
  rows: number | null
  processed: Generated<number>
  created: Generated<number>
  updated: Generated<number>
  unchanged: Generated<number>
  booked: Generated<number>
  refused: Generated<number>
  failure: string | null
  created_at: Timestamp
  finished_at: Timestamp | null
  reverted_at: Timestamp | null
}

/** a record an import created ('create'), changed ('update') or booked ('book') */
export interface ImportChangesTable {
  id: Generated<number>
  import_id: number
  row_number: number
  action: 'create' | 'update' | 'book'
  product_id: number
  mutation_id: number | null
  /** JSON: the fields the import changed, as they were */
  before: string | null
  /** the updated_at the import wrote on the product */
  stamp: Timestamp
}

/** a row an import refused, with its cells as they were in the file */
export interface ImportRefusalsTable {
  id: Generated<number>
  import_id: number
  row_number: number
  column_name: string | null
  reason: string
  /** JSON: header to value */
  cells: string
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  user_tokens: UserTokensTable
  brands: BrandsTable
  organizations: OrganizationsTable
  warehouses: WarehousesTable
  locations: LocationsTable
  products: ProductsTable
  product_sellers: ProductSellersTable
  stock_mutations: StockMutationsTable
  stock_levels: StockLevelsTable
  warehouse_stock: WarehouseStockTable
  row_counts: RowCountsTable
  audit_log: AuditLogTable
  text_gram_counts: TextGramCountsTable
  imports: ImportsTable
  import_changes: ImportChangesTable
  import_refusals: ImportRefusalsTable
}
