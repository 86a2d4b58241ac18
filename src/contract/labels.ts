// Labels as PDF: GET /labels/products.pdf and /labels/locations.pdf (sizes in label-layouts.ts).
import Type, { type Static } from 'typebox'
import { Id } from './common'
import { DEFAULT_LABEL_LAYOUT, LABEL_LAYOUT_NAMES, MAX_LABEL_COPIES, MAX_LABELS } from './label-layouts'

export * from './label-layouts'

const labelOptions = {
  layout: Type.Optional(Type.Enum([...LABEL_LAYOUT_NAMES], { default: DEFAULT_LABEL_LAYOUT, description: 'the label sheet' })),
  copies: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LABEL_COPIES, default: 1, description: 'labels of each record' })),
}

export const ProductLabelsQuery = Type.Object({
  id: Type.Array(Id, {
    minItems: 1,
    maxItems: MAX_LABELS,
    description: 'the products, repeating the parameter (?id=1&id=4), printed in this order; one named twice is printed twice',
  }),
  ...labelOptions,
})
export type ProductLabelsQuery = Static<typeof ProductLabelsQuery>

export const LocationLabelsQuery = Type.Object({
  warehouse_id: Id,
  id: Type.Optional(
    Type.Array(Id, { maxItems: MAX_LABELS, description: 'only these locations of the warehouse (?id=3&id=7); all of them without it' }),
  ),
  ...labelOptions,
})
export type LocationLabelsQuery = Static<typeof LocationLabelsQuery>
