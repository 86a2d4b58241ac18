import Type, { type Static } from 'typebox'
import { CURRENCIES, DEFAULT_PRODUCT_SORT, MAX_PRODUCT_LIMIT, PRODUCT_SORT_FIELDS, WEB_URL_PATTERN } from './constants'
import { Id, Nullable, Paging, SortBy, timestamps } from './common'
import { PRODUCT_FIELD_SPECS, productFieldRecord } from './product-fields'

export const CurrencyCode = Type.Enum([...CURRENCIES])
const Price = Type.Number({ minimum: 0, maximum: 1_000_000_000 })
const Text = (maxLength: number) => Nullable(Type.String({ maxLength }))
/** Only http(s) URLs are stored, so no `javascript:` URL can reach an <img> or a link. */
const WebUrl = (maxLength: number) =>
  Nullable(Type.String({ maxLength, pattern: `(${WEB_URL_PATTERN})|^$`, description: 'a web address starting with http:// or https://' }))

export const BrandRef = Type.Object({ id: Id, brand_name: Type.String() })
export const OrganizationRef = Type.Object({ id: Id, org_name: Type.String() })

export const SupplierInfo = Type.Object({
  supplier_id: Nullable(Id),
  supplier: Nullable(OrganizationRef),
  minimum_order_quantity: Nullable(Type.Integer()),
  /** units in a carton the supplier sells (1: sold by the unit) */
  pack_size: Type.Integer(),
  /** the supplier's own article number */
  supplier_sku: Nullable(Type.String()),
  purchase_price: Nullable(Type.Number()),
  purchase_currency: Nullable(CurrencyCode),
})
export type SupplierInfo = Static<typeof SupplierInfo>
export const SupplierInfoUpdate = Type.Partial(
  Type.Object({
    supplier_id: Nullable(Id),
    minimum_order_quantity: Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    pack_size: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    /** stored trimmed; empty is none */
    supplier_sku: Text(100),
    purchase_price: Nullable(Price),
    purchase_currency: Nullable(CurrencyCode),
  }),
)
export type SupplierInfoUpdate = Static<typeof SupplierInfoUpdate>

export const SellerInfo = Type.Object({
  id: Id,
  seller_id: Nullable(Id),
  seller: Nullable(OrganizationRef),
  selling_price: Nullable(Type.Number()),
  selling_currency: Nullable(CurrencyCode),
})
export type SellerInfo = Static<typeof SellerInfo>
export const SellerInfoUpdate = Type.Partial(
  Type.Object({ seller_id: Nullable(Id), selling_price: Nullable(Price), selling_currency: Nullable(CurrencyCode) }),
)
export type SellerInfoUpdate = Static<typeof SellerInfoUpdate>
export const SellerParams = Type.Object({ id: Id, seller_info_id: Id })
export type SellerParams = Static<typeof SellerParams>

export const StockWarehouseItem = Type.Object({
  warehouse_id: Id,
  warehouse: Type.Object({ id: Id, warehouse_name: Type.String() }),
  amount: Type.Integer(),
  /** the open quantity of the purchase orders sent for it */
  incoming: Type.Integer(),
})
export type StockWarehouseItem = Static<typeof StockWarehouseItem>
export const StockItem = Type.Object({
  warehouse_id: Id,
  location_id: Id,
  location: Type.Object({ id: Id, location_name: Type.String() }),
  amount: Type.Integer(),
})
export type StockItem = Static<typeof StockItem>

/** A product's minimum and maximum in one warehouse (PUT /products/{id}/reorder_levels/{warehouse_id}). */
export const ReorderLevel = Type.Object({
  warehouse_id: Id,
  warehouse_name: Type.String(),
  min_stock: Type.Integer(),
  max_stock: Type.Integer(),
  /** the stock in the warehouse now */
  on_hand: Type.Integer(),
  below_min: Type.Boolean(),
})
export type ReorderLevel = Static<typeof ReorderLevel>

/** The product's own fields as the API answers them, and as it takes them (bounded, a web address checked). */
const answeredFields = productFieldRecord(() => Nullable(Type.String()))
const acceptedFields = productFieldRecord((name) => {
  const spec = PRODUCT_FIELD_SPECS[name]
  return spec.kind === 'url' ? WebUrl(spec.maxLength) : Text(spec.maxLength)
})

const productFields = {
  id: Id,
  ...answeredFields,
  brand_id: Nullable(Id),
  brand: Nullable(BrandRef),
  /** Total stock, or the stock in `warehouse_id` when the list was asked for one warehouse. */
  stock: Type.Integer(),
  /** below its minimum in some warehouse (in `warehouse_id` when the list was asked for one warehouse) */
  below_min: Type.Boolean(),
  /** the open quantity of the purchase orders sent for it, over every warehouse (in `warehouse_id` when asked for one) */
  incoming: Type.Integer(),
  ...timestamps,
}
/** A row of the products list: what the table shows. */
export const ProductSummary = Type.Object(productFields)
export type ProductSummary = Static<typeof ProductSummary>
/** GET /products/{id}: everything. */
export const Product = Type.Object({
  ...productFields,
  stock_warehouse_items: Type.Array(StockWarehouseItem),
  stock_items: Type.Array(StockItem),
  supplier_info: Nullable(SupplierInfo),
  sellers_info: Type.Array(SellerInfo),
  reorder_levels: Type.Array(ReorderLevel),
})
export type Product = Static<typeof Product>

export const ProductUpdate = Type.Partial(Type.Object({ ...acceptedFields, brand_id: Nullable(Id) }))
export type ProductUpdate = Static<typeof ProductUpdate>
export const ProductCreate = Type.Partial(Type.Object({ ...ProductUpdate.properties, supplier_id: Nullable(Id) }))
export type ProductCreate = Static<typeof ProductCreate>

const filter = Type.Optional(Type.String({ maxLength: 200 }))
export const ProductListQuery = Type.Object({
  ...Paging({ maxLimit: MAX_PRODUCT_LIMIT, defaultLimit: 10 }),
  sort_by: Type.Optional(SortBy(PRODUCT_SORT_FIELDS, DEFAULT_PRODUCT_SORT)),
  warehouse_id: Type.Optional(Id),
  sku: filter,
  sku_amazon: filter,
  article_number: filter,
  description: filter,
  brand_id: Type.Optional(Id),
  barcode: Type.Optional(
    Type.String({ maxLength: 100, description: 'the exact barcode, as a scanner reads it (EAN-13, UPC-A, a Code 128 text)' }),
  ),
  below_min: Type.Optional(
    Type.Boolean({ description: 'true: only products below their minimum in `warehouse_id`, or in any warehouse without it' }),
  ),
  id: Type.Optional(
    Type.Array(Id, {
      maxItems: MAX_PRODUCT_LIMIT,
      description: 'only the products with these ids (repeat it: `?id=1&id=4`), as react-admin asks for several records at once',
    }),
  ),
})
export type ProductListQuery = Static<typeof ProductListQuery>
export const ProductPage = Type.Object({ items: Type.Array(ProductSummary), total: Type.Integer() })
export type ProductPage = Static<typeof ProductPage>
