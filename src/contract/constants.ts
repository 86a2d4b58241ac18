// Constants of the spec that both halves use; no schema library here so the admin bundle stays small.
import { IMPORTED_PRODUCT_FIELDS } from './product-fields'
export const API_BASE = '/api'
export const REQUEST_TIMEOUT_MS = 1000
/** the header of a write that must be carried out once, however often it is sent (see WriteHeaders) */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
/** the header of an answer given again to a repeated write */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed'
export const CURRENCIES = ['EUR', 'GBP', 'USD'] as const
export type Currency = (typeof CURRENCIES)[number]
export const PAGE_SIZES = [10, 25, 50, 100] as const
/** a page of documents (counts, transfers): what their lists answer without a limit, and what the screens show */
export const DOCUMENT_PAGE_SIZE = 25
export const PRODUCT_SORT_FIELDS = [
  'article_number',
  'stock',
  'created_at',
  'sku',
  'sku_amazon',
  'description',
  'updated_at',
  'id',
] as const
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number]
export const DEFAULT_PRODUCT_SORT = 'created_at.asc'
export const PRODUCT_FILTERS = ['sku', 'sku_amazon', 'article_number', 'description', 'brand_id'] as const
/** A list without `limit` answers at most this many rows. */
export const MAX_LIST_LIMIT = 1000
export const MAX_PRODUCT_LIMIT = 100
export const STOCK_MUTATIONS_DEFAULT_LIMIT = 10
/** Where a stock mutation came from: a plain booking, or a line of a document (the kinds to come are listed already). */
/**
 * What a warehouse does with a booking that takes a location below zero: refuse it, ask first (the booking is refused
 * unless it says allow_negative), or allow it.
 */
export const NEGATIVE_STOCK_POLICIES = ['refuse', 'confirm', 'allow'] as const
export type NegativeStockPolicy = (typeof NEGATIVE_STOCK_POLICIES)[number]
export const SOURCE_KINDS = ['manual', 'transfer', 'count', 'import', 'undo', 'approval', 'receipt', 'shipment', 'return'] as const
export type SourceKind = (typeof SOURCE_KINDS)[number]
export const GENERATED_PASSWORD_LENGTH = 14
export const MIN_PASSWORD_LENGTH = 8

/** A web address: http:// or https:// (the scheme in any case, as browsers accept it) and no spaces. */
export const WEB_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$'
const webUrl = new RegExp(WEB_URL_PATTERN)
/** Only such addresses are stored and put in an <img> or a link: never `javascript:`, `data:` or a relative path. */
export const isWebUrl = (url: string | null | undefined): url is string => typeof url === 'string' && webUrl.test(url)

/** fastapi-users error codes the UI may receive as `detail` (kept with the other codes in errors.ts). */
export { AUTH_ERRORS } from './errors'

/** Lists export in these formats (`?format=`), with column headers in one of these languages (`?lang=`). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
export const LANGUAGES = ['en', 'nl'] as const
export type Language = (typeof LANGUAGES)[number]

/** Imports (issue 14): what a file holds, and the fields its columns can go to, in the order the screen offers them. */
export const IMPORT_KINDS = ['products', 'stock'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]
export const IMPORT_FIELDS = {
  products: [
    ...IMPORTED_PRODUCT_FIELDS,
    'brand',
    'supplier',
    'minimum_order_quantity',
    'pack_size',
    'supplier_sku',
    'purchase_price',
    'purchase_currency',
  ],
  stock: ['sku', 'warehouse', 'location', 'amount', 'note'],
} as const satisfies Record<ImportKind, readonly string[]>
export type ImportField = (typeof IMPORT_FIELDS)[ImportKind][number]
/** valid_only: the rows without problems are imported; all_or_nothing: nothing unless every row is valid */
/** What can be wrong with a row or the header of an import, each said in English and Dutch (i18n `imports.reasons`). */
export const IMPORT_PROBLEM_CODES = [
  'sku_ambiguous',
  'sku_empty',
  'sku_empty_stock',
  'sku_repeated',
  'sku_unknown',
  'barcode_invalid',
  'brand_unknown',
  'supplier_unknown',
  'not_a_supplier',
  'pack_size_invalid',
  'warehouse_empty',
  'warehouse_unknown',
  'location_empty',
  'location_unknown',
  'warehouse_forbidden',
  'column_unknown',
  'field_not_in_kind',
  'column_repeated',
  'field_twice',
  'no_known_columns',
  'columns_missing',
] as const
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number]
export const isImportProblemCode = (code: string | null): code is ImportProblemCode =>
  (IMPORT_PROBLEM_CODES as readonly (string | null)[]).includes(code)

export const IMPORT_MODES = ['valid_only', 'all_or_nothing'] as const
export type ImportMode = (typeof IMPORT_MODES)[number]
/** held: checked, and waiting for a manager's approval before a row is written (its adjustment passes a threshold) */
export const IMPORT_STATUSES = ['checking', 'held', 'importing', 'done', 'refused', 'failed', 'reverted'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]
/**
 * Why an import failed, for the screen to say in the reader's language: the server stopped (or died) while it ran,
 * and nothing of it is kept, or its whole batches through `applied_through` are kept.
 */
export const IMPORT_FAILURE_CODES = ['interrupted_nothing_kept', 'interrupted_batches_kept'] as const
export type ImportFailureCode = (typeof IMPORT_FAILURE_CODES)[number]
/** An upload larger than this is refused while it arrives (413), before it is read whole. */
export const MAX_IMPORT_MB = 50
/**
 * A dry run checks at most this many rows, so that its answer comes within a second or two whatever the file; the
 * import checks every row in its first pass, in the background, before it writes one.
 */
export const MAX_CHECKED_ROWS = 10_000
/** A report lists at most this many problems; the refused rows download has them all. */
export const MAX_LISTED_PROBLEMS = 1000

/** draft -> sent -> partially_received -> received; draft or sent -> cancelled; sent or partially_received -> closed */
export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'partially_received', 'received', 'closed', 'cancelled'] as const
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number]
/** the orders whose open quantities are on their way: they count as incoming */
export const OPEN_PURCHASE_ORDER_STATUSES = ['sent', 'partially_received'] as const satisfies readonly PurchaseOrderStatus[]
