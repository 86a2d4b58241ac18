// A product's own fields, described once: the contract's schemas, the columns of the products table, the import's
// fields and the export's columns, the product tab and the fields of Add product and Edit product derive from this.
// Each is a text, stored trimmed, an emptied one as no value. No schema library here: the admin imports the names.

export interface ProductFieldSpec {
  /** code: one line, kept on one line in tables; text: several lines; url: a web address (http or https only) */
  kind: 'code' | 'text' | 'url'
  maxLength: number
  /** a column of the products export (the list's columns) */
  exported: boolean
  /** a field an import file may fill */
  imported: boolean
}

/** In the order of the spec's product; the label of each is i18n `resources.products.fields.<name>`. */
export const PRODUCT_FIELD_SPECS = {
  sku: { kind: 'code', maxLength: 100, exported: true, imported: true },
  sku_amazon: { kind: 'code', maxLength: 100, exported: true, imported: true },
  article_number: { kind: 'code', maxLength: 100, exported: true, imported: true },
  description: { kind: 'text', maxLength: 2000, exported: true, imported: true },
  barcode: { kind: 'code', maxLength: 100, exported: false, imported: true },
  image_url: { kind: 'url', maxLength: 2048, exported: true, imported: true },
} as const satisfies Record<string, ProductFieldSpec>

export type ProductFieldName = keyof typeof PRODUCT_FIELD_SPECS
export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FIELD_SPECS) as ProductFieldName[]

type Flagged<Flag extends 'exported' | 'imported'> = {
  [K in ProductFieldName]: (typeof PRODUCT_FIELD_SPECS)[K][Flag] extends true ? K : never
}[ProductFieldName]
export type ImportedProductField = Flagged<'imported'>
export type ExportedProductField = Flagged<'exported'>

const flagged = <Flag extends 'exported' | 'imported'>(flag: Flag) =>
  PRODUCT_FIELD_NAMES.filter((name): name is Flagged<Flag> => PRODUCT_FIELD_SPECS[name][flag])
export const IMPORTED_PRODUCT_FIELDS = flagged('imported')
export const EXPORTED_PRODUCT_FIELDS = flagged('exported')

/** One value per field, typed by name: `productFieldRecord(() => null)` */
export const productFieldRecord = <T>(value: (name: ProductFieldName) => T): Record<ProductFieldName, T> =>
  Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, value(name)])) as Record<ProductFieldName, T>
