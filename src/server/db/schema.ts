// Row types of the tables, as Kysely sees them. Timestamps are ISO strings on both databases
// (the PostgreSQL pool parses timestamptz to ISO); booleans arrive as 0/1 from SQLite, so mappers use Boolean().
import type { ColumnType, Generated } from 'kysely'
import type {
  ApprovalKind,
  ApprovalStatus,
  AuditAction,
  AuditEntityType,
  Currency,
  ImportFailureCode,
  ImportKind,
  ImportMode,
  ImportStatus,
  Language,
  NegativeStockPolicy,
  ProductFieldName,
  PurchaseOrderStatus,
  Role,
  SourceKind,
} from '../../contract'

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
  language: Generated<Language>
  is_active: Bool
  is_verified: Bool
  is_superuser: Bool
  /** true while the password is one an administrator generated; the first mailed link lets them choose their own */
  needs_password: Bool
  /** confusable skeleton of the username (domain/usernames.ts), unique; null for a look-alike kept from before */
  username_key: string | null
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
  /** the address the token was sent to */
  email: string
  /** the account's state when the token was issued (account-tokens.ts); a token of another state is void */
  fingerprint: string
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
  /** where what is sent to the organization goes (migration 100) */
  email: ColumnType<string | null, string | null | undefined, string | null>
  /** the language of what is sent to it */
  language: Generated<Language>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface WarehousesTable {
  id: Generated<number>
  warehouse_name: string
  /** the delivery address purchase orders print (migration 100) */
  address: ColumnType<string | null, string | null | undefined, string | null>
  approval_threshold_quantity: Generated<number | null>
  approval_threshold_value: Generated<number | null>
  negative_stock: Generated<NegativeStockPolicy>
  count_variance_quantity: Generated<number>
  count_variance_value: Generated<number>
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

/** the product's own fields (src/contract/product-fields.ts), each a text column */
type ProductFieldColumns = Record<ProductFieldName, string | null>

export interface ProductsTable extends ProductFieldColumns {
  id: Generated<number>
  brand_id: number | null
  supplier_id: number | null
  minimum_order_quantity: number | null
  /** units per carton the supplier sells (migration 100) */
  pack_size: Generated<number>
  supplier_sku: ColumnType<string | null, string | null | undefined, string | null>
  purchase_price: Money
  purchase_currency: Currency | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** a role a user holds, in one warehouse or in every one (null) */
export interface UserRolesTable {
  user_id: number
  role: Role
  warehouse_id: number | null
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
  /** the transfer this mutation is half of (migration 030) */
  transfer_id: ColumnType<number | null, number | null | undefined, number | null>
  /** where the mutation came from (migration 060): a plain booking, or a document and its line */
  source_kind: ColumnType<SourceKind, SourceKind | undefined, SourceKind>
  source_id: ColumnType<number | null, number | null | undefined, number | null>
  source_line_id: ColumnType<number | null, number | null | undefined, number | null>
  /** why it was booked: a code of booking_reasons (migration 096), or null */
  reason: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  updated_at: Timestamp
}

/** Why a booking is made: a list administrators keep, each reason named in both languages (migration 096) */
export interface BookingReasonsTable {
  id: Generated<number>
  code: string
  name_en: string
  name_nl: string
  active: ColumnType<boolean | number, boolean | undefined, boolean>
  created_at: Timestamp
  updated_at: Timestamp
}

/** kept stock per product and location: always the sum of the ledger */
export interface StockLevelsTable {
  product_id: number
  location_id: number
  warehouse_id: number
  on_hand: number
  /** when a count of this product here was last applied (migration 031) */
  last_counted_at: ColumnType<string | null, string | null | undefined, string | null>
}

/** kept stock per product and warehouse: always the sum of its locations; with its reorder level (migration 032) */
export interface WarehouseStockTable {
  product_id: number
  warehouse_id: number
  on_hand: number
  min_stock: ColumnType<number | null, number | null | undefined, number | null>
  max_stock: ColumnType<number | null, number | null | undefined, number | null>
  /** the open quantity of the sent purchase orders for this warehouse (migration 101) */
  incoming: ColumnType<number, number | undefined, number>
}

/** kept stock per product in total: always the sum of its warehouses; a row for every product (migration 070) */
export interface ProductStockTable {
  product_id: number
  on_hand: Generated<number>
  /** when a booking last moved it; the product's updated_at is its own last edit */
  moved_at: ColumnType<string | null, string | null | undefined, string | null>
}

/** a transfer: its mutations (out at `from`, in at `to`, per product) carry its id */
export interface StockTransfersTable {
  id: Generated<number>
  from_warehouse_id: number
  from_location_id: number
  to_warehouse_id: number
  to_location_id: number
  note: string | null
  user_id: number | null
  reverses_id: number | null
  created_at: Timestamp
}

export type StockCountStatus = 'open' | 'submitted' | 'applied' | 'cancelled' | 'reversed'

export interface StockCountsTable {
  id: Generated<number>
  warehouse_id: number
  blind: Bool
  status: StockCountStatus
  note: string | null
  user_id: number | null
  created_at: Timestamp
  updated_at: Timestamp
  submitted_at: string | null
  applied_at: string | null
  cancelled_at: string | null
}

export interface ApprovalsTable {
  id: Generated<number>
  kind: ApprovalKind
  status: ApprovalStatus
  warehouse_id: number
  count_id: number | null
  import_id: number | null
  /** JSON: what to carry out on approval */
  request: string
  /** JSON: ApprovalSummary */
  summary: string
  threshold_quantity: number | null
  threshold_value: number | null
  requested_by: number | null
  requested_by_name: string | null
  decided_by: number | null
  decided_by_name: string | null
  reason: string | null
  mutation_id: number | null
  created_at: Timestamp
  updated_at: Timestamp
  decided_at: string | null
}

export interface StockCountLocationsTable {
  count_id: number
  location_id: number
}

export interface StockCountLinesTable {
  id: Generated<number>
  count_id: number
  product_id: number
  location_id: number
  counted: number | null
  expected_at_count: number | null
  counted_at: string | null
  created_at: Timestamp
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
  /** the product the entry concerns: its own, or the one its changes name as product_id (migration 097) */
  product_id: ColumnType<number | null, number | null | undefined, number | null>
  /** the entry that sums this one up with the other changes of one import or revert (migration 098); null: listed itself */
  part_of: ColumnType<number | null, number | null | undefined, number | null>
}

/** the answer to a signed-in write, kept 24 hours with the Idempotency-Key its client sent (migration 013) */
export interface IdempotencyKeysTable {
  user_id: number
  idempotency_key: string
  method: string
  /** the request's path with its query string */
  path: string
  /** sha256 of the request body as parsed, object keys sorted */
  fingerprint: string
  status: number
  /** the answer's body as sent; null for 204 */
  body: string | null
  content_type: string | null
  created_at: Timestamp
  expires_at: Timestamp
}

/** attempts of a limited call (plugins/rate-limits.ts); times in milliseconds since 1970 */
export interface AttemptCountersTable {
  /** the route, what is counted, and a digest of whose attempts */
  key: string
  hits: number
  window_ends: number
  /** no attempt before this time (a growing delay); 0 for none */
  blocked_until: ColumnType<number, number | undefined, number>
}

/** PostgreSQL only: the generated signing secret, shared by every server of the database */
export interface ServerSecretsTable {
  name: string
  value: string
  created_at: Timestamp
}

/** one import of a file (issue 14) and its report */
export interface ImportsTable {
  id: Generated<number>
  /** a CSV upload's delimiter, its refused rows are written with; null for a workbook */
  delimiter: Generated<string | null>
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
  /** the runner (one per server process) running it, while it runs */
  runner_id: ColumnType<string | null, string | null | undefined, string | null>
  /** when its runner last said it is alive: an import running with an old heartbeat was left by a dead server */
  heartbeat_at: ColumnType<string | null, string | null | undefined, string | null>
  /** the uploaded file while the import runs */
  upload_path: ColumnType<string | null, string | null | undefined, string | null>
  /** the spreadsheet row number of the last row written */
  applied_through: ColumnType<number | null, number | null | undefined, number | null>
  failure_code: ColumnType<ImportFailureCode | null, ImportFailureCode | null | undefined, ImportFailureCode | null>
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
  /** what was wrong, as a code of IMPORT_PROBLEM_CODES (migration 051; null for rows kept before, or a schema's message) */
  code: ColumnType<string | null, string | null | undefined, string | null>
  /** JSON: the values the code's sentence names */
  params: ColumnType<string | null, string | null | undefined, string | null>
  /** JSON: header to value */
  cells: string
}

/** counters of human-readable document numbers, per kind and year */
export interface DocumentNumbersTable {
  kind: string
  year: number
  last: number
}

export interface PurchaseOrdersTable {
  id: Generated<number>
  number: string
  supplier_id: number
  warehouse_id: number
  status: PurchaseOrderStatus
  expected_date: string | null
  note: string | null
  user_id: number | null
  created_at: Timestamp
  updated_at: Timestamp
  sent_at: ColumnType<string | null, string | null | undefined, string | null>
  received_at: ColumnType<string | null, string | null | undefined, string | null>
  closed_at: ColumnType<string | null, string | null | undefined, string | null>
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>
}

export interface PurchaseOrderLinesTable {
  id: Generated<number>
  purchase_order_id: number
  product_id: number
  quantity: number
  received: ColumnType<number, number | undefined, number>
  unit_price: number | null
  currency: string | null
}

export interface PurchaseReceiptsTable {
  id: Generated<number>
  purchase_order_id: number
  note: string | null
  user_id: number | null
  created_at: Timestamp
  reversed_at: ColumnType<string | null, string | null | undefined, string | null>
}

export interface PurchaseReceiptLinesTable {
  id: Generated<number>
  receipt_id: number
  line_id: number
  location_id: number
  quantity: number
  mutation_id: number | null
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
  booking_reasons: BookingReasonsTable
  stock_levels: StockLevelsTable
  warehouse_stock: WarehouseStockTable
  product_stock: ProductStockTable
  user_roles: UserRolesTable
  stock_transfers: StockTransfersTable
  stock_counts: StockCountsTable
  stock_count_locations: StockCountLocationsTable
  stock_count_lines: StockCountLinesTable
  approvals: ApprovalsTable
  row_counts: RowCountsTable
  audit_log: AuditLogTable
  text_gram_counts: TextGramCountsTable
  idempotency_keys: IdempotencyKeysTable
  attempt_counters: AttemptCountersTable
  server_secrets: ServerSecretsTable
  imports: ImportsTable
  import_changes: ImportChangesTable
  import_refusals: ImportRefusalsTable
  document_numbers: DocumentNumbersTable
  purchase_orders: PurchaseOrdersTable
  purchase_order_lines: PurchaseOrderLinesTable
  purchase_receipts: PurchaseReceiptsTable
  purchase_receipt_lines: PurchaseReceiptLinesTable
}
