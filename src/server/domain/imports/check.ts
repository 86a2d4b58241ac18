// Checking rows of an import: each row becomes the body a route would get (brands, suppliers, warehouses and
// locations found by name), checked with the API's own schemas, and planned as a change (create, update, unchanged,
// book) or refused with each problem by column. Reads only: a dry run checks, an import checks again in the
// transaction that writes the chunk.
import { isBrokenProductBarcode } from '../../../contract/barcodes'
import { sql } from 'kysely'
import {
  IMPORTED_PRODUCT_FIELDS,
  ProductCreate,
  StockMutationCreate,
  SupplierInfoUpdate,
  type ImportColumn,
  type ImportField,
  type ImportKind,
  type ImportProblem,
  type ImportProblemCode,
} from '../../../contract'
import type { DB } from '../../db'
import { bodyChecker } from '../validation'
import { roundPrice } from '../products'
import type { FileRow } from './files'

const checkProduct = bodyChecker(ProductCreate)
const checkSupplier = bodyChecker(SupplierInfoUpdate)
const checkBooking = bodyChecker(StockMutationCreate)

/** The product columns an import writes, as the products table holds them. */
export const IMPORTED_COLUMNS = [
  ...IMPORTED_PRODUCT_FIELDS,
  'brand_id',
  'supplier_id',
  'minimum_order_quantity',
  'pack_size',
  'supplier_sku',
  'purchase_price',
  'purchase_currency',
] as const
export type ImportedColumn = (typeof IMPORTED_COLUMNS)[number]
export type ProductValues = Partial<Record<ImportedColumn, string | number | null>>

export type Planned =
  | { action: 'create'; values: ProductValues }
  | { action: 'update'; productId: number; values: ProductValues; before: ProductValues }
  | { action: 'unchanged'; productId: number }
  | {
      action: 'book'
      productId: number
      warehouseId: number
      locationId: number
      amount: number
      note: string | null
      /** the product's purchase price, for the size of the adjustment */
      unitPrice: number | null
    }

export interface CheckedRow {
  row: FileRow
  /** the planned change, or undefined when the row is refused */
  planned?: Planned
  problems: ImportProblem[]
}

/**
 * What the check of the rows so far remembers: the row of each SKU (a products file names each product once); and
 * in which warehouses the one importing may book (left out: every one).
 */
export interface CheckMemory {
  skuRows: Map<string, number>
  mayBookIn?: (warehouseId: number) => boolean
}
export const newMemory = (mayBookIn?: (warehouseId: number) => boolean): CheckMemory => ({ skuRows: new Map(), mayBookIn })

/** A number as a person types it in a spreadsheet (1.5 or 1,5); anything else stays text for the schema to refuse. */
function numeric(text: string): number | string {
  return /^[+-]?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : text
}

/** The column that holds a field, and the field a schema's 422 names. */
const FIELD_OF_ITEM: Record<string, ImportField> = {
  brand_id: 'brand',
  supplier_id: 'supplier',
  warehouse_id: 'warehouse',
  location_id: 'location',
}

class RowCheck {
  readonly problems: ImportProblem[] = []
  constructor(
    readonly row: FileRow,
    private readonly columns: ImportColumn[],
  ) {}

  /** the cell of a field, trimmed; undefined when the file has no such column or the cell is empty */
  cell(field: ImportField): string | undefined {
    const index = this.columns.findIndex((c) => c.field === field)
    const text = index < 0 ? '' : (this.row.cells[index] ?? '')
    return text === '' ? undefined : text
  }
  header(field: ImportField) {
    return this.columns.find((c) => c.field === field)?.header ?? field
  }
  /** a problem of the row: `code` and `params` say it in the reader's language, `reason` in English */
  refuse(field: ImportField | null, reason: string, code?: ImportProblemCode, params?: ImportProblem['params']) {
    this.problems.push({
      row: this.row.number,
      column: field === null ? null : this.header(field),
      reason,
      ...(code ? { code, ...(params ? { params } : {}) } : {}),
    })
  }
  /** the schema's 422 items as problems of the columns they name */
  refuseItems(items: { loc: (string | number)[]; msg: string }[]) {
    for (const item of items) {
      const named = String(item.loc[item.loc.length - 1])
      this.refuse(FIELD_OF_ITEM[named] ?? (named as ImportField), item.msg)
    }
  }
}

const lower = (text: string) => text.toLowerCase()

/** Rows by a lower-cased name, in lookups of a few hundred names at a time. */
async function byLowerName<Row>(names: string[], find: (lowered: string[]) => Promise<(Row & { name: string })[]>) {
  const found = new Map<string, Row[]>()
  const unique = [...new Set(names.map(lower))]
  for (let i = 0; i < unique.length; i += 500)
    for (const row of await find(unique.slice(i, i + 500))) found.set(lower(row.name), [...(found.get(lower(row.name)) ?? []), row])
  return found
}

type ProductRow = { id: number; name: string } & Record<ImportedColumn, string | number | null>

async function productsBySku(db: DB, skus: string[]) {
  return byLowerName<ProductRow>(
    skus,
    (lowered) =>
      db
        .selectFrom('products')
        .select(['id', 'sku as name', ...IMPORTED_COLUMNS])
        .where(sql`lower(sku)`, 'in', lowered)
        .execute() as Promise<ProductRow[]>,
  )
}

/** The one product of a SKU, or the row refused. */
function productOf(check: RowCheck, found: Map<string, ProductRow[]>, sku: string): ProductRow | undefined | null {
  const matches = found.get(lower(sku)) ?? []
  if (matches.length > 1) {
    check.refuse('sku', `${matches.length} products have SKU "${sku}": the row cannot say which one it means.`, 'sku_ambiguous', {
      count: matches.length,
      sku,
    })
    return null
  }
  return matches[0]
}

async function checkProducts(db: DB, columns: ImportColumn[], rows: FileRow[], memory: CheckMemory): Promise<CheckedRow[]> {
  const checks = rows.map((row) => new RowCheck(row, columns))
  const skus = checks.flatMap((c) => c.cell('sku') ?? [])
  const brandNames = checks.flatMap((c) => c.cell('brand') ?? [])
  const supplierNames = checks.flatMap((c) => c.cell('supplier') ?? [])
  const [products, brands, suppliers] = await Promise.all([
    productsBySku(db, skus),
    byLowerName<{ id: number }>(brandNames, (lowered) =>
      db
        .selectFrom('brands')
        .select(['id', 'brand_name as name'])
        .where(sql`lower(brand_name)`, 'in', lowered)
        .execute(),
    ),
    byLowerName<{ id: number; is_supplier: unknown }>(supplierNames, (lowered) =>
      db
        .selectFrom('organizations')
        .select(['id', 'org_name as name', 'is_supplier'])
        .where(sql`lower(org_name)`, 'in', lowered)
        .execute(),
    ),
  ])
  return checks.map((check) => {
    const sku = check.cell('sku')
    if (sku === undefined) {
      check.refuse('sku', 'SKU is empty: products are found and created by their SKU.', 'sku_empty')
      return { row: check.row, problems: check.problems }
    }
    const earlier = memory.skuRows.get(lower(sku))
    if (earlier !== undefined) check.refuse('sku', `SKU "${sku}" is in row ${earlier} already.`, 'sku_repeated', { sku, row: earlier })
    else memory.skuRows.set(lower(sku), check.row.number)

    const body: Record<string, unknown> = {}
    for (const field of IMPORTED_PRODUCT_FIELDS) {
      const text = check.cell(field)
      if (text !== undefined) body[field] = text
    }
    // digits only are an EAN or UPC, whole and with its check digit; a text with letters is a Code 128 label's
    const barcode = check.cell('barcode')
    if (barcode !== undefined && isBrokenProductBarcode(barcode))
      check.refuse('barcode', `Barcode "${barcode}" is no EAN-8, UPC-A or EAN-13: its length or check digit is wrong.`, 'barcode_invalid', {
        barcode,
      })
    const brandName = check.cell('brand')
    if (brandName !== undefined) {
      const brand = brands.get(lower(brandName))?.[0]
      if (brand) body.brand_id = brand.id
      else
        check.refuse('brand', `Brand "${brandName}" does not exist: add it on the Brands page first.`, 'brand_unknown', { name: brandName })
    }
    const supplierBody: Record<string, unknown> = {}
    const supplierName = check.cell('supplier')
    if (supplierName !== undefined) {
      const supplier = suppliers.get(lower(supplierName))?.[0]
      if (!supplier)
        check.refuse('supplier', `Organization "${supplierName}" does not exist: add it as a supplier first.`, 'supplier_unknown', {
          name: supplierName,
        })
      else if (!supplier.is_supplier)
        check.refuse('supplier', `Organization "${supplierName}" is not a supplier.`, 'not_a_supplier', { name: supplierName })
      else supplierBody.supplier_id = supplier.id
    }
    for (const field of ['minimum_order_quantity', 'pack_size', 'purchase_price'] as const) {
      const text = check.cell(field)
      if (text !== undefined) supplierBody[field] = numeric(text)
    }
    const supplierSku = check.cell('supplier_sku')
    if (supplierSku !== undefined) supplierBody.supplier_sku = supplierSku
    const currency = check.cell('purchase_currency')
    if (currency !== undefined) supplierBody.purchase_currency = currency.toUpperCase()
    check.refuseItems(checkProduct(body))
    const supplierItems = checkSupplier(supplierBody)
    const badPackSize = (item: { loc: (string | number)[] }) => item.loc.at(-1) === 'pack_size'
    check.refuseItems(supplierItems.filter((item) => !badPackSize(item)))
    // a pack size the schema refuses is said in the reader's language, with the cell as the file has it
    if (supplierItems.some(badPackSize)) {
      const value = check.cell('pack_size') ?? ''
      check.refuse('pack_size', `Pack size "${value}" should be a whole number from 1 to 1,000,000,000.`, 'pack_size_invalid', { value })
    }
    const existing = productOf(check, products, sku)
    if (check.problems.length > 0) return { row: check.row, problems: check.problems }

    const values: ProductValues = { ...(body as ProductValues), ...(supplierBody as ProductValues) }
    if (typeof values.purchase_price === 'number') values.purchase_price = roundPrice(values.purchase_price)
    if (!existing) return { row: check.row, planned: { action: 'create', values }, problems: [] }
    // the stored SKU keeps its case; only fields that differ are written
    const changed = (Object.keys(values) as ImportedColumn[]).filter((field) => field !== 'sku' && values[field] !== existing[field])
    if (changed.length === 0) return { row: check.row, planned: { action: 'unchanged', productId: existing.id }, problems: [] }
    return {
      row: check.row,
      planned: {
        action: 'update',
        productId: existing.id,
        values: Object.fromEntries(changed.map((field) => [field, values[field]])),
        before: Object.fromEntries(changed.map((field) => [field, existing[field]])),
      },
      problems: [],
    }
  })
}

async function checkStock(db: DB, columns: ImportColumn[], rows: FileRow[], { mayBookIn }: CheckMemory): Promise<CheckedRow[]> {
  const checks = rows.map((row) => new RowCheck(row, columns))
  const [products, places] = await Promise.all([
    productsBySku(
      db,
      checks.flatMap((c) => c.cell('sku') ?? []),
    ),
    // warehouses and their locations are few: all of them, once per chunk
    db
      .selectFrom('locations')
      .innerJoin('warehouses', 'warehouses.id', 'locations.warehouse_id')
      .select(['warehouses.id as warehouse_id', 'warehouses.warehouse_name', 'locations.id as location_id', 'locations.location_name'])
      .execute(),
  ])
  const warehouses = new Map(places.map((p) => [lower(p.warehouse_name), p.warehouse_id]))
  const locations = new Map(places.map((p) => [`${p.warehouse_id}/${lower(p.location_name)}`, p.location_id]))
  return checks.map((check) => {
    const sku = check.cell('sku')
    const product = sku === undefined ? undefined : productOf(check, products, sku)
    if (sku === undefined) check.refuse('sku', 'SKU is empty: it names the product to book.', 'sku_empty_stock')
    else if (product === undefined) check.refuse('sku', `No product has SKU "${sku}".`, 'sku_unknown', { sku })
    const warehouseName = check.cell('warehouse')
    const warehouseId = warehouseName === undefined ? undefined : warehouses.get(lower(warehouseName))
    if (warehouseName === undefined) check.refuse('warehouse', 'Warehouse is empty.', 'warehouse_empty')
    else if (warehouseId === undefined)
      check.refuse('warehouse', `Warehouse "${warehouseName}" does not exist.`, 'warehouse_unknown', { name: warehouseName })
    else if (mayBookIn && !mayBookIn(warehouseId))
      check.refuse('warehouse', `You may not book stock in warehouse "${warehouseName}".`, 'warehouse_forbidden', { name: warehouseName })
    const locationName = check.cell('location')
    const locationId =
      locationName === undefined || warehouseId === undefined ? undefined : locations.get(`${warehouseId}/${lower(locationName)}`)
    if (locationName === undefined) check.refuse('location', 'Location is empty.', 'location_empty')
    else if (warehouseId !== undefined && locationId === undefined)
      check.refuse('location', `Warehouse "${warehouseName}" has no location "${locationName}".`, 'location_unknown', {
        warehouse: warehouseName ?? '',
        location: locationName,
      })
    const amount = check.cell('amount')
    const body = {
      amount: amount === undefined ? undefined : numeric(amount),
      note: check.cell('note') ?? null,
      warehouse_id: warehouseId ?? 1,
      location_id: locationId ?? 1,
    }
    check.refuseItems(checkBooking(body).filter((item) => item.loc[1] === 'amount' || item.loc[1] === 'note'))
    if (check.problems.length > 0 || !product) return { row: check.row, problems: check.problems }
    return {
      row: check.row,
      planned: {
        action: 'book',
        productId: product.id,
        warehouseId: warehouseId!,
        locationId: locationId!,
        amount: body.amount as number,
        note: body.note,
        unitPrice: typeof product.purchase_price === 'number' ? product.purchase_price : null,
      },
      problems: [],
    }
  })
}

/** Checks a chunk of rows of a file of `kind`, reading the database as it is now (or as the transaction sees it). */
export function checkRows(db: DB, kind: ImportKind, columns: ImportColumn[], rows: FileRow[], memory: CheckMemory): Promise<CheckedRow[]> {
  return kind === 'products' ? checkProducts(db, columns, rows, memory) : checkStock(db, columns, rows, memory)
}
