// What each list exports: its rows, read by the list's own query in the list's order over every page, and its
// columns as the screen shows them (an i18n key as header, a type for typed XLSX cells). A new list (the reorder
// report, ...) registers here: a name, its columns and its rows. Rows are plain values so that they can
// cross from a worker thread (db/row-streams.ts); timestamps are ISO text.
import type { Language, ListQuery, ProductListQuery, PurchaseOrderListQuery } from '../../../contract'
import { EXPORTED_PRODUCT_FIELDS, PRODUCT_FIELD_SPECS } from '../../../contract/product-fields'
import type { DB, Dialect } from '../../db'
import { auditRepository, type AuditFilter } from '../../db/repositories/audit'
import { brandRepository } from '../../db/repositories/brands'
import { organizationRepository } from '../../db/repositories/organizations'
import { userRepository } from '../../db/repositories/users'
import { warehouseRepository } from '../../db/repositories/warehouses'
import { checkLedger, productMutations } from '../ledger'
import { productRows } from '../product-list'
import { ordersMatching } from '../purchasing/orders'
import { reorderRows } from '../reorder'
import { visibleIds, type VisibleWarehouses } from '../visible-warehouses'
import { levelsIn, toProductSummary } from '../products'
import type { MessageKey } from '../../../../i18n/keys'

export type Cell = string | number | boolean | null
export type Row = Record<string, Cell>

export interface Column {
  key: string
  /** i18n key of the header: the screen's own label where the screen has one */
  label: MessageKey
  type: 'text' | 'number' | 'date' | 'boolean'
  /** i18n key prefix that names each value (`audit.actions` for create, update, delete) */
  values?: string
}

export interface ExportSource<Params> {
  /** the start of the file name */
  file: string
  columns: readonly Column[]
  rows(database: { db: DB; dialect: Dialect }, params: Params): AsyncIterable<Row>
}

/** Rows streamed in chunks of this many (PostgreSQL fetches them through a cursor). */
const CHUNK = 1000

const text = (key: string, label: MessageKey): Column => ({ key, label, type: 'text' })
const number = (key: string, label: MessageKey): Column => ({ key, label, type: 'number' })
const date = (key: string, label: MessageKey): Column => ({ key, label, type: 'date' })
const flag = (key: string, label: MessageKey): Column => ({ key, label, type: 'boolean' })
const bool = (value: unknown) => Boolean(value)

const EXPORTED_FIELDS = [...EXPORTED_PRODUCT_FIELDS].sort(
  (a, b) => Number(PRODUCT_FIELD_SPECS[b].kind === 'url') - Number(PRODUCT_FIELD_SPECS[a].kind === 'url'),
)

const products: ExportSource<ProductListQuery & { visible?: VisibleWarehouses }> = {
  file: 'products',
  // the columns of the products list, the thumbnail (as its address) first
  columns: [
    ...EXPORTED_FIELDS.map((field) => text(field, `resources.products.fields.${field}`)),
    text('brand', 'resources.products.fields.brand'),
    number('stock', 'resources.products.fields.stock'),
  ],
  // a reader who sees some warehouses (and asked for none) gets the stock summed over those, a chunk at a time
  async *rows(database, { visible = 'all', ...query }) {
    const some = query.warehouse_id === undefined ? visibleIds(visible) : undefined
    const toRow = (product: ReturnType<typeof toProductSummary>, stock: number) => ({
      ...Object.fromEntries(EXPORTED_FIELDS.map((field) => [field, product[field]])),
      brand: product.brand?.brand_name ?? null,
      stock,
    })
    let chunk: ReturnType<typeof toProductSummary>[] = []
    const flush = async () => {
      const levels = some
        ? await levelsIn(
            database.db,
            chunk.map((product) => product.id),
            some,
          )
        : undefined
      const rows = chunk.map((product) => toRow(product, levels ? (levels.get(product.id)?.stock ?? 0) : product.stock))
      chunk = []
      return rows
    }
    for await (const row of (await productRows(database, query)).stream(CHUNK)) {
      chunk.push(toProductSummary(row))
      if (chunk.length === CHUNK) yield* await flush()
    }
    yield* await flush()
  },
}

const brands: ExportSource<ListQuery> = {
  file: 'brands',
  columns: [
    text('brand_name', 'resources.brands.fields.brand_name'),
    date('created_at', 'resources.brands.fields.created_at'),
    date('updated_at', 'resources.brands.fields.updated_at'),
  ],
  async *rows({ db, dialect }, query) {
    for await (const { brand_name, created_at, updated_at } of brandRepository.ordered(dialect, db, query).stream(CHUNK))
      yield { brand_name, created_at, updated_at }
  },
}

const organizations: ExportSource<ListQuery> = {
  file: 'organizations',
  columns: [
    text('org_name', 'resources.orgs.fields.org_name'),
    flag('is_seller', 'resources.orgs.fields.is_seller'),
    flag('is_supplier', 'resources.orgs.fields.is_supplier'),
    text('email', 'resources.orgs.fields.email'),
    { key: 'language', label: 'resources.orgs.fields.language', type: 'text', values: 'resources.orgs.languages' },
    date('updated_at', 'resources.orgs.fields.updated_at'),
  ],
  async *rows({ db, dialect }, query) {
    for await (const org of organizationRepository.ordered(dialect, db, query).stream(CHUNK))
      yield {
        org_name: org.org_name,
        is_seller: bool(org.is_seller),
        is_supplier: bool(org.is_supplier),
        email: org.email,
        language: org.language,
        updated_at: org.updated_at,
      }
  },
}

/** One row per location, a warehouse without locations once with none; warehouses are few, so read whole. */
const warehouses: ExportSource<ListQuery> = {
  file: 'warehouses',
  columns: [text('warehouse', 'stock.mutations.warehouse'), text('location', 'stock.mutations.location')],
  async *rows({ db, dialect }, query) {
    const found = await warehouseRepository.ordered(dialect, db, query).execute()
    const locations =
      found.length === 0
        ? []
        : await db
            .selectFrom('locations')
            .select(['warehouse_id', 'location_name'])
            .where(
              'warehouse_id',
              'in',
              found.map((w) => w.id),
            )
            .orderBy((eb) => eb.fn('lower', ['location_name']))
            .orderBy('id')
            .execute()
    for (const warehouse of found) {
      const its = locations.filter((l) => l.warehouse_id === warehouse.id)
      if (its.length === 0) yield { warehouse: warehouse.warehouse_name, location: null }
      for (const location of its) yield { warehouse: warehouse.warehouse_name, location: location.location_name }
    }
  },
}

const users: ExportSource<ListQuery> = {
  file: 'users',
  columns: [
    text('username', 'resources.users.fields.username'),
    text('email', 'resources.users.fields.email'),
    text('given_name', 'resources.users.fields.given_name'),
    text('family_name', 'resources.users.fields.family_name'),
    flag('is_active', 'resources.users.fields.is_active'),
    flag('is_verified', 'resources.users.fields.is_verified'),
    flag('is_superuser', 'resources.users.fields.is_superuser'),
  ],
  async *rows({ db, dialect }, query) {
    for await (const user of userRepository.ordered(dialect, db, query).stream(CHUNK))
      yield {
        username: user.username,
        email: user.email,
        given_name: user.given_name,
        family_name: user.family_name,
        is_active: bool(user.is_active),
        is_verified: bool(user.is_verified),
        is_superuser: bool(user.is_superuser),
      }
  },
}

/** The ledger of one product, as its stock tab lists it. */
const mutations: ExportSource<{ product_id: number; visible: VisibleWarehouses; reason?: string; lang: Language }> = {
  file: 'stock-mutations',
  columns: [
    date('created_at', 'stock.mutations.date'),
    number('amount', 'stock.mutations.amount'),
    text('warehouse', 'stock.mutations.warehouse'),
    text('location', 'stock.mutations.location'),
    text('reason', 'stock.mutations.reason'),
    text('note', 'stock.mutations.note'),
    text('user', 'stock.mutations.user'),
  ],
  async *rows({ db }, { product_id, visible, reason, lang }) {
    const ids = visibleIds(visible)
    const seen = productMutations(db, product_id)
      .leftJoin('booking_reasons', 'booking_reasons.code', 'stock_mutations.reason')
      .select(lang === 'nl' ? 'booking_reasons.name_nl as reason_name' : 'booking_reasons.name_en as reason_name')
      .$if(ids !== undefined, (qb) => qb.where('stock_mutations.warehouse_id', 'in', ids!))
      .$if(reason !== undefined, (qb) => qb.where('stock_mutations.reason', '=', reason!))
    for await (const m of seen.stream(CHUNK))
      yield {
        created_at: m.created_at,
        amount: m.amount,
        warehouse: m.warehouse_name,
        location: m.location_name,
        reason: m.reason_name ?? null,
        note: m.note,
        user: m.username,
      }
  },
}

const audit: ExportSource<AuditFilter> = {
  file: 'audit',
  columns: [
    date('created_at', 'terms.date'),
    text('username', 'terms.user'),
    { key: 'action', label: 'terms.action', type: 'text', values: 'audit.actions' },
    { key: 'entity_type', label: 'terms.kind_of_record', type: 'text', values: 'audit.kinds' },
    number('entity_id', 'audit.columns.record'),
    text('changes', 'audit.columns.changes'),
  ],
  async *rows({ db }, query) {
    for await (const entry of auditRepository.ordered(db, query).stream(CHUNK))
      yield {
        created_at: entry.created_at,
        username: entry.username,
        action: entry.action,
        entity_type: entry.entity_type,
        entity_id: entry.entity_id,
        changes: entry.changes,
      }
  },
}

/** The reorder report as its screen groups it: by supplier (none last), then product and warehouse. */
const reorder: ExportSource<{ warehouse_id?: number; visible: VisibleWarehouses }> = {
  file: 'reorder-report',
  columns: [
    text('supplier', 'reorder.columns.supplier'),
    text('sku', 'resources.products.fields.sku'),
    text('article_number', 'resources.products.fields.article_number'),
    text('description', 'resources.products.fields.description'),
    text('warehouse', 'reorder.columns.warehouse'),
    number('on_hand', 'reorder.columns.on_hand'),
    number('min_stock', 'reorder.columns.min_stock'),
    number('max_stock', 'reorder.columns.max_stock'),
    number('minimum_order_quantity', 'resources.products.fields.minimum_order_quantity'),
    number('pack_size', 'resources.products.fields.pack_size'),
    text('supplier_sku', 'resources.products.fields.supplier_sku'),
    number('suggested', 'reorder.columns.suggested'),
    number('purchase_price', 'resources.products.fields.purchase_price'),
    text('purchase_currency', 'resources.products.fields.purchase_currency'),
    number('value', 'reorder.columns.value'),
  ],
  // below-minimum rows are few (one per product and warehouse short of stock), so read at once
  async *rows({ db }, { warehouse_id, visible }) {
    for (const row of await reorderRows(db, warehouse_id, visible))
      yield {
        supplier: row.supplier_name,
        sku: row.sku,
        article_number: row.article_number,
        description: row.description,
        warehouse: row.warehouse_name,
        on_hand: row.on_hand,
        min_stock: row.min_stock,
        max_stock: row.max_stock,
        minimum_order_quantity: row.minimum_order_quantity,
        pack_size: row.pack_size,
        supplier_sku: row.supplier_sku,
        suggested: row.suggested,
        purchase_price: row.purchase_price,
        purchase_currency: row.purchase_currency,
        value: row.value,
      }
  },
}

/**
 * The ledger check of `npm run check:ledger` (checkLedger): each kept figure that differs from the ledger, then a
 * `total` row with the number of mutations checked. The dashboard reads it on the long reads' path.
 */
const ledger: ExportSource<Record<string, never>> = {
  file: 'ledger-check',
  columns: [
    text('level', 'terms.ledger_check'),
    number('product_id', 'resources.products.name'),
    number('warehouse_id', 'stock.mutations.warehouse'),
    number('location_id', 'stock.mutations.location'),
    number('kept', 'terms.total_stock'),
    number('ledger', 'terms.ledger_check'),
  ],
  async *rows({ db }) {
    for (const difference of await checkLedger(db)) yield { ...difference }
    const { count } = await db
      .selectFrom('stock_mutations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    yield { level: 'total', product_id: null, warehouse_id: null, location_id: null, kept: Number(count), ledger: null }
  },
}

type OrdersFilter = Omit<PurchaseOrderListQuery, 'skip' | 'limit'> & { visible: VisibleWarehouses }
const orderColumns = [
  text('number', 'purchase_orders.fields.number'),
  text('supplier', 'purchase_orders.fields.supplier'),
  text('warehouse', 'purchase_orders.fields.warehouse'),
  { key: 'status', label: 'purchase_orders.fields.status', type: 'text', values: 'purchase_orders.status' },
] as const satisfies readonly Column[]

/** The orders the list shows, newest first, a row per line. */
const purchaseOrders: ExportSource<OrdersFilter> = {
  file: 'purchase-orders',
  columns: [
    ...orderColumns,
    text('expected_date', 'purchase_orders.fields.expected_date'),
    text('sku', 'resources.products.fields.sku'),
    text('supplier_sku', 'resources.products.fields.supplier_sku'),
    text('description', 'resources.products.fields.description'),
    number('quantity', 'purchase_orders.fields.quantity'),
    number('received', 'purchase_orders.fields.received'),
    number('open', 'purchase_orders.fields.open'),
    number('unit_price', 'purchase_orders.fields.unit_price'),
    text('currency', 'resources.products.fields.purchase_currency'),
    date('sent_at', 'purchase_orders.fields.sent_at'),
  ],
  async *rows({ db }, { visible, ...query }) {
    const lines = db
      .selectFrom('purchase_order_lines as l')
      .innerJoin('purchase_orders as o', 'o.id', 'l.purchase_order_id')
      .innerJoin('organizations', 'organizations.id', 'o.supplier_id')
      .innerJoin('warehouses', 'warehouses.id', 'o.warehouse_id')
      .innerJoin('products', 'products.id', 'l.product_id')
      .select(['o.number', 'organizations.org_name', 'warehouses.warehouse_name', 'o.status', 'o.expected_date', 'o.sent_at'])
      .select(['products.sku', 'products.supplier_sku', 'products.description', 'l.quantity', 'l.received', 'l.unit_price', 'l.currency'])
      .where('o.id', 'in', ordersMatching(db, query, visible).clearSelect().select('po.id'))
      .orderBy('o.id', 'desc')
      .orderBy('l.id')
    for await (const line of lines.stream(CHUNK))
      yield {
        number: line.number,
        supplier: line.org_name,
        warehouse: line.warehouse_name,
        status: line.status,
        expected_date: line.expected_date,
        sku: line.sku,
        supplier_sku: line.supplier_sku,
        description: line.description,
        quantity: line.quantity,
        received: line.received,
        open: Math.max(line.quantity - line.received, 0),
        unit_price: line.unit_price === null ? null : Number(line.unit_price),
        currency: line.currency,
        sent_at: line.sent_at,
      }
  },
}

/** The receipts of the orders the list shows, newest first, a row per line received (a reversed one says when). */
const purchaseReceipts: ExportSource<OrdersFilter> = {
  file: 'purchase-receipts',
  columns: [
    ...orderColumns,
    number('receipt', 'purchase_orders.fields.receipt'),
    date('created_at', 'terms.date'),
    text('username', 'terms.user'),
    text('sku', 'resources.products.fields.sku'),
    text('description', 'resources.products.fields.description'),
    text('location', 'stock.mutations.location'),
    number('quantity', 'purchase_orders.fields.quantity'),
    date('reversed_at', 'purchase_orders.fields.reversed_at'),
  ],
  async *rows({ db }, { visible, ...query }) {
    const lines = db
      .selectFrom('purchase_receipt_lines as rl')
      .innerJoin('purchase_receipts as r', 'r.id', 'rl.receipt_id')
      .innerJoin('purchase_orders as o', 'o.id', 'r.purchase_order_id')
      .innerJoin('organizations', 'organizations.id', 'o.supplier_id')
      .innerJoin('warehouses', 'warehouses.id', 'o.warehouse_id')
      .innerJoin('purchase_order_lines as l', 'l.id', 'rl.line_id')
      .innerJoin('products', 'products.id', 'l.product_id')
      .innerJoin('locations', 'locations.id', 'rl.location_id')
      .leftJoin('users', 'users.id', 'r.user_id')
      .select(['o.number', 'organizations.org_name', 'warehouses.warehouse_name', 'o.status', 'r.id as receipt', 'r.created_at'])
      .select(['users.username', 'products.sku', 'products.description', 'locations.location_name', 'rl.quantity', 'r.reversed_at'])
      .where('o.id', 'in', ordersMatching(db, query, visible).clearSelect().select('po.id'))
      .orderBy('r.id', 'desc')
      .orderBy('rl.id')
    for await (const line of lines.stream(CHUNK))
      yield {
        number: line.number,
        supplier: line.org_name,
        warehouse: line.warehouse_name,
        status: line.status,
        receipt: line.receipt,
        created_at: line.created_at,
        username: line.username,
        sku: line.sku,
        description: line.description,
        location: line.location_name,
        quantity: line.quantity,
        reversed_at: line.reversed_at,
      }
  },
}

export const exportSources = {
  products,
  brands,
  organizations,
  warehouses,
  users,
  mutations,
  audit,
  reorder,
  ledger,
  purchase_orders: purchaseOrders,
  purchase_receipts: purchaseReceipts,
}
export type ExportSourceName = keyof typeof exportSources
export type ExportParams<Name extends ExportSourceName> = Parameters<(typeof exportSources)[Name]['rows']>[1]
