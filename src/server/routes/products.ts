// Products: the list, the full record, its writes, and the supplier and seller data that belong to a product.
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
import { NotFound } from '../domain/errors'
import { listQueryOf, loadProduct, withVisibleStock, withVisibleTotals } from '../domain/products'
import { productList } from '../domain/slow-reads'
import {
  addSeller,
  changeSeller,
  changeSupplierInfo,
  createProduct,
  deleteProduct,
  removeSeller,
  updateProduct,
} from '../domain/product-changes'
import { assertReferencesExist } from '../domain/references'
import { withTotalCount } from './support/lists'
import { visibleWarehouses } from '../plugins/access'
import { stockOfQueryWarehouse } from './support/warehouses-of'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['products']
const product = { entity: 'product', id: { param: 'id' } } as const
/** the product as it was, so the audit trail shows each field before and after */
const productBefore = { before: { table: 'products', param: 'id' } } as const
const sellerEntry = { seller_info_id: 'seller_info_id' }

const read = 'catalogue.read'
const write = 'catalogue.write'

const plugin: RoutePlugin = async (app) => {
  app.get(
    '/products/',
    {
      schema: {
        tags,
        description: 'A page of products with the count of all that match (also in x-total-count).',
        querystring: ProductListQuery,
        response: { 200: ProductPage },
      },
      // the stock column of one warehouse is that warehouse's stock: read only by those who may
      config: { access: { permission: read, needs: stockOfQueryWarehouse } },
    },
    async (request, reply) => {
      await assertReferencesExist(app.db, { warehouse_id: request.query.warehouse_id }, 'query')
      const visible = visibleWarehouses(request)
      const query = listQueryOf(request.query, visible)
      // at a million products a list can take a while: such a list runs where it holds up no other request
      const page = await productList(app.database, query)
      withTotalCount(reply, page.total)
      // the total over every warehouse is the company's; a user who sees some warehouses reads the sum over those
      return query.warehouse_id === undefined ? withVisibleTotals(app.db, page, visible) : page
    },
  )

  app.get(
    '/products/:id',
    { schema: { tags, params: IdParams, response: { 200: Product } }, config: { access: read } },
    async (request) => {
      const found = await loadProduct(app.db, request.params.id).then(
        (product) => product && withVisibleStock(product, visibleWarehouses(request)),
      )
      if (!found) throw new NotFound('Product')
      return found
    },
  )

  app.post(
    '/products/',
    {
      schema: { tags, body: ProductCreate, response: { 201: Product } },
      config: { access: write, audit: { entity: 'product', id: 'answer' } },
    },
    async (request, reply) => reply.commit(201, (trx) => createProduct(trx, request.body)),
  )

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
    config: { access: write, audit: { ...product, ...productBefore } },
    handler: async (request, reply) => reply.commit(200, (trx) => updateProduct(trx, request.params.id, request.body)),
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
      config: { access: write, audit: { ...product, before: { table: 'products', param: 'id' } } },
    },
    async (request, reply) => reply.commit(204, (trx) => deleteProduct(trx, request.params.id)),
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
    config: { access: write, audit: { ...product, ...productBefore, part: 'supplier' } },
    handler: async (request, reply) => reply.commit(200, (trx) => changeSupplierInfo(trx, request.params.id, request.body)),
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
      config: { access: write, audit: { ...product, action: 'update', part: 'seller', answerAs: 'seller_info_id' } },
      // the old UI posts no body at all for a new empty entry
      preValidation: async (request) => {
        request.body ??= {}
      },
    },
    async (request, reply) => reply.commit(201, (trx) => addSeller(trx, request.params.id, request.body)),
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
    config: {
      access: write,
      audit: { ...product, part: 'seller', context: sellerEntry, before: { table: 'product_sellers', param: 'seller_info_id' } },
    },
    handler: async (request, reply) => reply.commit(200, (trx) => changeSeller(trx, request.params, request.body)),
  })

  app.delete(
    '/products/:id/sellers/:seller_info_id',
    {
      schema: { tags, params: SellerParams, response: { 204: Type.Null() } },
      config: {
        access: write,
        audit: {
          ...product,
          action: 'update',
          part: 'seller',
          context: sellerEntry,
          before: { table: 'product_sellers', param: 'seller_info_id' },
        },
      },
    },
    async (request, reply) => reply.commit(204, (trx) => removeSeller(trx, request.params)),
  )
}

export default plugin
