// Products: the list, the full record, its writes, and the supplier and seller data that belong to a product.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Transaction } from 'kysely'
import Type from 'typebox'
import {
  IdParams,
  Product,
  ProductCreate,
  ProductListQuery,
  ProductPage,
  ProductUpdate,
  SellerInfo,
  SellerInfoUpdate,
  SellerParams,
  SupplierInfoUpdate,
} from '../../contract'
import type { Database } from '../db/schema'
import { assertProductExists, loadProduct, roundPrice, toSellerInfo } from '../domain/products'
import { listProducts } from '../domain/product-list'
import { assertReferencesExist, writeWithReferences } from '../domain/references'
import { now } from '../db/clock'
import { withTotalCount } from './lists'
import { NotFound } from '../domain/errors'

/** Text is stored trimmed, and an emptied field is no value at all. */
const cleaned = <T extends string | null | undefined>(text: T) => (typeof text === 'string' ? text.trim() || null : text)
const cleanText = <T extends ProductUpdate>(body: T) => ({
  ...body,
  sku: cleaned(body.sku),
  sku_amazon: cleaned(body.sku_amazon),
  article_number: cleaned(body.article_number),
  description: cleaned(body.description),
  barcode: cleaned(body.barcode),
  image_url: cleaned(body.image_url),
})

/** Bumps the product's updated_at because its visible data changes; 404 when it is gone. Locks the row on PostgreSQL. */
async function touchProduct(trx: Transaction<Database>, id: number): Promise<void> {
  const row = await trx.updateTable('products').set({ updated_at: now() }).where('id', '=', id).returning('id').executeTakeFirst()
  if (!row) throw new NotFound('Product')
}

const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['products']
  const productOr404 = async (id: number) => {
    const product = await loadProduct(app.db, id)
    if (!product) throw new NotFound('Product')
    return product
  }

  app.get(
    '/products/',
    {
      schema: {
        tags,
        description: 'A page of products with the count of all that match (also in x-total-count).',
        querystring: ProductListQuery,
        response: { 200: ProductPage },
      },
    },
    async (request, reply) => {
      const query = request.query
      await assertReferencesExist(app.db, { warehouse_id: query.warehouse_id }, 'query')
      const page = await listProducts(app.database, query)
      withTotalCount(reply, page.total)
      return page
    },
  )

  app.get('/products/:id', { schema: { tags, params: IdParams, response: { 200: Product } } }, (request) => productOr404(request.params.id))

  app.post('/products/', { schema: { tags, body: ProductCreate, response: { 201: Product } } }, async (request, reply) => {
    const body = cleanText(request.body)
    const stamp = now()
    const { id } = await writeWithReferences(app.db, { brand_id: body.brand_id, supplier_id: body.supplier_id }, () =>
      app.db
        .insertInto('products')
        .values({ ...body, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow(),
    )
    return reply.code(201).send(await productOr404(id))
  })

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/products/:id',
    schema: {
      tags,
      description: 'Changes the fields given (PUT takes the same payload as PATCH).',
      params: IdParams,
      body: ProductUpdate,
      response: { 200: Product },
    },
    handler: async (request) => {
      const { id } = request.params
      const body = cleanText(request.body)
      await assertProductExists(app.db, id)
      const updated = await writeWithReferences(app.db, { brand_id: body.brand_id }, () =>
        app.db
          .updateTable('products')
          .set({ ...body, updated_at: now() })
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst(),
      )
      if (!updated) throw new NotFound('Product')
      return productOr404(id)
    },
  })

  app.delete(
    '/products/:id',
    {
      schema: {
        tags,
        description: 'Deletes the product with its ledger, stock levels and seller entries.',
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { numDeletedRows } = await app.db.deleteFrom('products').where('id', '=', id).executeTakeFirstOrThrow()
      if (Number(numDeletedRows) === 0) throw new NotFound('Product')
      return reply.code(204).send(null)
    },
  )

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/products/:id/supplier',
    schema: {
      tags,
      description: 'Changes the fields of the supplier info given, and answers the whole product so a screen can refresh at once.',
      params: IdParams,
      body: SupplierInfoUpdate,
      response: { 200: Product },
    },
    handler: async (request) => {
      const { id } = request.params
      const body = request.body
      await assertProductExists(app.db, id)
      const values = { ...body, ...(body.purchase_price === undefined ? {} : { purchase_price: roundPrice(body.purchase_price) }) }
      await writeWithReferences(app.db, { supplier_id: body.supplier_id }, () =>
        app.db.transaction().execute(async (trx) => {
          await touchProduct(trx, id)
          if (Object.keys(values).length > 0) await trx.updateTable('products').set(values).where('id', '=', id).execute()
        }),
      )
      return productOr404(id)
    },
  })

  const sellerInfoOf = (id: number) =>
    app.db
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
  const sellerValues = (body: SellerInfoUpdate) => ({
    ...body,
    ...(body.selling_price === undefined ? {} : { selling_price: roundPrice(body.selling_price) }),
  })

  app.post(
    '/products/:id/sellers',
    {
      schema: {
        tags,
        description: 'Adds a seller entry; an empty body adds an empty entry to fill in later. Answers the entry.',
        params: IdParams,
        body: SellerInfoUpdate,
        response: { 201: SellerInfo },
      },
      // the old UI posts no body at all for a new empty entry
      preValidation: async (request) => {
        request.body ??= {}
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const body = request.body
      await assertProductExists(app.db, id)
      const stamp = now()
      const created = await writeWithReferences(app.db, { seller_id: body.seller_id }, () =>
        app.db.transaction().execute(async (trx) => {
          await touchProduct(trx, id)
          return trx
            .insertInto('product_sellers')
            .values({ product_id: id, ...sellerValues(body), created_at: stamp, updated_at: stamp })
            .returning('id')
            .executeTakeFirstOrThrow()
        }),
      )
      return reply.code(201).send(await sellerInfoOf(created.id))
    },
  )

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/products/:id/sellers/:seller_info_id',
    schema: {
      tags,
      description: 'Changes the fields given of a seller entry, and answers the entry.',
      params: SellerParams,
      body: SellerInfoUpdate,
      response: { 200: SellerInfo },
    },
    handler: async (request) => {
      const { id, seller_info_id } = request.params
      const body = request.body
      await assertProductExists(app.db, id)
      const updated = await writeWithReferences(app.db, { seller_id: body.seller_id }, () =>
        app.db.transaction().execute(async (trx) => {
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
        }),
      )
      return sellerInfoOf(updated.id)
    },
  })

  app.delete(
    '/products/:id/sellers/:seller_info_id',
    { schema: { tags, params: SellerParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { id, seller_info_id } = request.params
      await assertProductExists(app.db, id)
      await app.db.transaction().execute(async (trx) => {
        await touchProduct(trx, id)
        const { numDeletedRows } = await trx
          .deleteFrom('product_sellers')
          .where('id', '=', seller_info_id)
          .where('product_id', '=', id)
          .executeTakeFirstOrThrow()
        if (Number(numDeletedRows) === 0) throw new NotFound('Seller entry')
      })
      return reply.code(204).send(null)
    },
  )
}

export default plugin
