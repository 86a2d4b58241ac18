// Writing products: the record itself, its supplier data and its seller entries. Each runs in the caller's write
// transaction and answers what the API shows after the change.
import {
  productFieldRecord,
  type Product,
  type ProductCreate,
  type ProductUpdate,
  type SellerInfo,
  type SellerInfoUpdate,
  type SellerParams,
  type SupplierInfoUpdate,
} from '../../contract'
import type { DB } from '../db'
import { now } from '../db/clock'
import type { Trx } from '../db/writes'
import { NotFound } from './errors'
import { assertProductExists, loadProduct, roundPrice, toSellerInfo } from './products'
import { writeWithReferences } from './references'
import { takeImportTurn } from './imports/write'

/** Text is stored trimmed, and an emptied field is no value at all. */
const cleaned = <T extends string | null | undefined>(text: T) => (typeof text === 'string' ? text.trim() || null : text)
const withCleanText = <T extends ProductUpdate>(body: T) => ({ ...body, ...productFieldRecord((name) => cleaned(body[name])) })

async function productOr404(db: DB, id: number): Promise<Product> {
  const product = await loadProduct(db, id)
  if (!product) throw new NotFound('Product')
  return product
}

/** Bumps the product's updated_at because its visible data changes; 404 when it is gone. Locks the row on PostgreSQL. */
async function touchProduct(trx: Trx, id: number): Promise<void> {
  const row = await trx.updateTable('products').set({ updated_at: now() }).where('id', '=', id).returning('id').executeTakeFirst()
  if (!row) throw new NotFound('Product')
}

export async function createProduct(trx: Trx, body: ProductCreate): Promise<Product> {
  // a products import running meanwhile finds this SKU once this commits, instead of creating it a second time
  await takeImportTurn(trx, 'products', 'by hand')
  const stamp = now()
  const { id } = await writeWithReferences(trx, { brand_id: body.brand_id, supplier_id: body.supplier_id }, () =>
    trx
      .insertInto('products')
      .values({ ...withCleanText(body), created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return productOr404(trx, id)
}

export async function updateProduct(trx: Trx, id: number, body: ProductUpdate): Promise<Product> {
  await assertProductExists(trx, id)
  const updated = await writeWithReferences(trx, { brand_id: body.brand_id }, () =>
    trx
      .updateTable('products')
      .set({ ...withCleanText(body), updated_at: now() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst(),
  )
  if (!updated) throw new NotFound('Product')
  return productOr404(trx, id)
}

/** Deletes the product with its ledger, stock levels and seller entries. */
export async function deleteProduct(trx: Trx, id: number): Promise<void> {
  const { numDeletedRows } = await trx.deleteFrom('products').where('id', '=', id).executeTakeFirstOrThrow()
  if (Number(numDeletedRows) === 0) throw new NotFound('Product')
}

export async function changeSupplierInfo(trx: Trx, id: number, body: SupplierInfoUpdate): Promise<Product> {
  await assertProductExists(trx, id)
  const values = {
    ...body,
    ...(body.supplier_sku === undefined ? {} : { supplier_sku: cleaned(body.supplier_sku) }),
    ...(body.purchase_price === undefined ? {} : { purchase_price: roundPrice(body.purchase_price) }),
  }
  await writeWithReferences(trx, { supplier_id: body.supplier_id }, async () => {
    await touchProduct(trx, id)
    if (Object.keys(values).length > 0) await trx.updateTable('products').set(values).where('id', '=', id).execute()
  })
  return productOr404(trx, id)
}

const sellerValues = (body: SellerInfoUpdate) => ({
  ...body,
  ...(body.selling_price === undefined ? {} : { selling_price: roundPrice(body.selling_price) }),
})

const sellerInfo = (db: DB, id: number): Promise<SellerInfo> =>
  db
    .selectFrom('product_sellers')
    .leftJoin('organizations', 'organizations.id', 'product_sellers.seller_id')
    .select([
      'product_sellers.id',
      'product_sellers.seller_id',
      'organizations.org_name',
      'product_sellers.selling_price',
      'product_sellers.selling_currency',
    ])
    .where('product_sellers.id', '=', id)
    .executeTakeFirstOrThrow()
    .then(toSellerInfo)

/** Adds a seller entry (an empty body adds an empty entry to fill in later). */
export async function addSeller(trx: Trx, productId: number, body: SellerInfoUpdate): Promise<SellerInfo> {
  await assertProductExists(trx, productId)
  const stamp = now()
  const created = await writeWithReferences(trx, { seller_id: body.seller_id }, async () => {
    await touchProduct(trx, productId)
    return trx
      .insertInto('product_sellers')
      .values({ product_id: productId, ...sellerValues(body), created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow()
  })
  return sellerInfo(trx, created.id)
}

export async function changeSeller(trx: Trx, { id, seller_info_id }: SellerParams, body: SellerInfoUpdate): Promise<SellerInfo> {
  await assertProductExists(trx, id)
  const updated = await writeWithReferences(trx, { seller_id: body.seller_id }, async () => {
    await touchProduct(trx, id)
    const row = await trx
      .updateTable('product_sellers')
      .set({ ...sellerValues(body), updated_at: now() })
      .where('id', '=', seller_info_id)
      .where('product_id', '=', id)
      .returning('id')
      .executeTakeFirst()
    if (!row) throw new NotFound('Seller entry')
    return row
  })
  return sellerInfo(trx, updated.id)
}

export async function removeSeller(trx: Trx, { id, seller_info_id }: SellerParams): Promise<void> {
  await assertProductExists(trx, id)
  await touchProduct(trx, id)
  const { numDeletedRows } = await trx
    .deleteFrom('product_sellers')
    .where('id', '=', seller_info_id)
    .where('product_id', '=', id)
    .executeTakeFirstOrThrow()
  if (Number(numDeletedRows) === 0) throw new NotFound('Seller entry')
}
