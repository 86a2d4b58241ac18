// The product's own fields as inputs, the group Add product and Edit product share: one per field of the registry
// (src/contract/product-fields.ts), each as its kind asks (several lines for a text, a checked web address).
import { TextInput } from 'react-admin'
import { isWebUrl } from '../../contract/constants'
import { isBrokenProductBarcode } from '../../contract/barcodes'
import { PRODUCT_FIELD_NAMES, PRODUCT_FIELD_SPECS, type ProductFieldName, type ProductFieldSpec } from '../../contract/product-fields'
import type { MessageKey } from '../common/translate'

/** The fields in the registry's order, `first` leading (the edit form follows the spec's order). */
export const productFieldsInOrder = (first: readonly ProductFieldName[] = []): ProductFieldName[] => [
  ...first,
  ...PRODUCT_FIELD_NAMES.filter((name) => !first.includes(name)),
]

/** The spec's product tab and edit form lead with these; the other fields follow in the registry's order. */
export const DETAIL_ORDER = ['description', 'article_number'] as const

// the server stores only http(s) addresses; saying so before the round trip
const webAddress = (value: string | null) => (value && !isWebUrl(value) ? 'terms.image_url_invalid' : undefined)

// digits only are an EAN or UPC, whole and with its check digit (the import holds the same rule); letters are a Code 128 label's
const productBarcode = (value: string | null) =>
  value && isBrokenProductBarcode(value.trim()) ? { message: 'terms.barcode_wrong', args: { barcode: value.trim() } } : undefined

/** What a field checks beyond its kind */
const FIELD_PROPS: Partial<Record<ProductFieldName, object>> = { barcode: { validate: productBarcode } }

const KIND_PROPS: Record<ProductFieldSpec['kind'], object> = {
  code: {},
  text: { multiline: true, minRows: 2 },
  url: { type: 'url', validate: webAddress },
}

interface ProductFieldsProps {
  first?: readonly ProductFieldName[]
  /** labels other than the field's own (`resources.products.fields.<name>`) */
  labels?: Partial<Record<ProductFieldName, MessageKey>>
  /** the dialog puts the cursor in its first field */
  autoFocus?: boolean
  /** the page's form stretches its fields; the dialog's have no room for help texts */
  layout: 'page' | 'dialog'
}

export function ProductFields({ first, labels = {}, autoFocus = false, layout }: ProductFieldsProps) {
  return productFieldsInOrder(first).map((name, index) => (
    <TextInput
      key={name}
      source={name}
      resource="products"
      label={labels[name]}
      autoFocus={autoFocus && index === 0}
      {...(layout === 'page' ? { fullWidth: true } : { helperText: false })}
      {...KIND_PROPS[PRODUCT_FIELD_SPECS[name].kind]}
      {...FIELD_PROPS[name]}
    />
  ))
}
