// Which field each column of a file goes to: the mapping the person chose, else a guess from the header in English
// or Dutch (the field names of the import screen and the headers of our own exports, from the i18n files, so a
// file exported here imports again). Problems with the header row are problems of row 1.
import {
  IMPORT_FIELDS,
  IMPORTED_PRODUCT_FIELDS,
  LANGUAGES,
  type ImportColumn,
  type ImportField,
  type ImportKind,
  type ImportProblem,
  type ImportProblemCode,
} from '../../../contract'
import { textAt, type DomainRule } from '../texts'

/** Headers each field also answers to: the labels of our export columns. */
const EXPORT_LABELS: Partial<Record<ImportField, string[]>> = {
  ...Object.fromEntries(IMPORTED_PRODUCT_FIELDS.map((field) => [field, [`resources.products.fields.${field}`]])),
  brand: ['resources.products.fields.brand'],
  supplier: ['resources.products.fields.supplier_id'],
  minimum_order_quantity: ['resources.products.fields.minimum_order_quantity'],
  pack_size: ['resources.products.fields.pack_size'],
  supplier_sku: ['resources.products.fields.supplier_sku'],
  purchase_price: ['resources.products.fields.purchase_price'],
  purchase_currency: ['resources.products.fields.purchase_currency'],
  warehouse: ['stock.mutations.warehouse'],
  location: ['stock.mutations.location'],
  amount: ['stock.mutations.amount'],
  note: ['stock.mutations.note'],
}
/** Headers suppliers' files use for a field, beside its names in English and Dutch. */
const SUPPLIERS_HEADERS: Partial<Record<ImportField, string[]>> = {
  barcode: ['ean', 'ean13', 'ean 13', 'ean8', 'ean 8', 'gtin', 'gtin13', 'gtin 13', 'upc', 'upc a', 'barcode', 'streepjescode', 'ean code'],
}
/** Columns our exports have that an import reads nothing from: ignored without asking. */
const READ_ONLY: Record<ImportKind, string[]> = {
  products: ['resources.products.fields.stock', 'id', 'stock', 'created_at', 'updated_at'],
  stock: ['stock.mutations.date', 'stock.mutations.user', 'id', 'created_at'],
}
/** The fields a file of each kind must have. */
export const REQUIRED_FIELDS: Record<ImportKind, ImportField[]> = {
  products: ['sku'],
  stock: ['sku', 'warehouse', 'location', 'amount'],
}

const normal = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
const names = (keys: string[]) => keys.flatMap((key) => [key, ...LANGUAGES.map((lang) => textAt(lang, key))]).map(normal)

function guessField(kind: ImportKind, header: string): ImportField | '' | undefined {
  const wanted = normal(header)
  for (const field of IMPORT_FIELDS[kind] as readonly ImportField[])
    if (
      [...names([field, `imports.fields.${field}`, ...(EXPORT_LABELS[field] ?? [])]), ...(SUPPLIERS_HEADERS[field] ?? [])].includes(wanted)
    )
      return field
  return names(READ_ONLY[kind]).includes(wanted) ? '' : undefined
}

/** A problem of the header row: its code is a rule of the domain too, so the 422 of an import names it (stockroom.errors.domain). */
export type HeaderProblem = ImportProblem & { code: Extract<ImportProblemCode, DomainRule> }

export interface Mapped {
  columns: ImportColumn[]
  /** problems of the header row (row 1): nothing can be imported while there are any */
  problems: HeaderProblem[]
}

/** The field of each column: `mapping` (header to field, '' to ignore) where given, else the guess. */
export function mapColumns(kind: ImportKind, headers: string[], mapping: Record<string, string> = {}): Mapped {
  const problems: HeaderProblem[] = []
  const header = (reason: string, column: string | null, code: HeaderProblem['code'], params?: ImportProblem['params']) =>
    problems.push({ row: 1, column, reason, code, ...(params ? { params } : {}) })
  const columns: ImportColumn[] = headers.map((name) => {
    const chosen = Object.hasOwn(mapping, name) ? mapping[name] : guessField(kind, name)
    const field = chosen === '' || chosen === undefined ? null : (chosen as ImportField)
    if (name !== '' && chosen === undefined)
      header(`Unknown column "${name}": choose the field it holds, or ignore it.`, name, 'column_unknown', { name })
    else if (field && !(IMPORT_FIELDS[kind] as readonly string[]).includes(field))
      header(`A ${kind} import has no field "${field}".`, name, 'field_not_in_kind', { kind, field })
    return { header: name, field }
  })
  const seen = new Set<string>()
  for (const { header: name } of columns) {
    if (name !== '' && seen.has(name)) header(`Two columns are called "${name}": rename one of them.`, name, 'column_repeated', { name })
    seen.add(name)
  }
  for (const field of IMPORT_FIELDS[kind]) {
    const holding = columns.filter((c) => c.field === field)
    if (holding.length > 1) {
      const names = holding.map((c) => `"${c.header}"`)
      header(`Columns ${names.join(' and ')} both go to ${field}: choose one.`, null, 'field_twice', { columns: names.join(', '), field })
    }
  }
  const missing = REQUIRED_FIELDS[kind].filter((field) => !columns.some((c) => c.field === field))
  if (columns.every((c) => c.field === null))
    header(
      `The first row should name the columns (such as ${REQUIRED_FIELDS[kind].join(', ')}); none of it is a column this import knows.`,
      null,
      'no_known_columns',
      { fields: REQUIRED_FIELDS[kind].join(', ') },
    )
  else if (missing.length > 0)
    header(`A ${kind} import needs a column for ${missing.join(', ')}.`, null, 'columns_missing', { kind, fields: missing.join(', ') })
  return { columns, problems }
}
