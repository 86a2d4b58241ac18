// The stock mutations of a product: the ledger as the stock tab reads and writes it.
import Type from 'typebox'
import { Approval, IdParams, StockMutation, StockMutationCreate, StockMutationListQuery, StockMutationParams } from '../../contract'
import { bookMutation, deleteMutation, recentMutations, toStockMutation } from '../domain/ledger'
import { Invalid } from '../domain/errors'
import { paging } from '../db/lists'
import { withTotalCount } from './support/lists'
import { bodyWarehouse, deletingMutation } from './support/warehouses-of'
import { visibleWarehouses } from '../plugins/access'
import { holdBooking } from '../domain/approvals'
import { assertReason } from '../domain/booking-reasons'
import { heldForApproval, requesterOf } from './support/approvals'
import type { RoutePlugin } from './support/route-plugin'

const plugin: RoutePlugin = async (app) => {
  const tags = ['stock']
  const ofProduct = { product_id: 'id' }

  app.get(
    '/products/:id/stock_mutations',
    {
      schema: {
        tags,
        description: 'The ledger of a product, newest first (only those of one reason with ?reason=); x-total-count holds their count.',
        params: IdParams,
        querystring: StockMutationListQuery,
        response: { 200: Type.Array(StockMutation) },
      },
      config: { access: 'stock.read' },
    },
    async (request, reply) => {
      const { id } = request.params
      const { items, total } = await recentMutations(app.db, id, paging(request.query), visibleWarehouses(request), request.query.reason)
      withTotalCount(reply, total)
      return items
    },
  )

  app.post(
    '/products/:id/stock_mutations',
    {
      schema: {
        tags,
        description:
          'Books a mutation for the signed-in user and changes the kept stock in the same transaction. A booking that passes the ' +
          "warehouse's approval threshold is not booked: 202 with the pending approval. A booking out that takes the location below " +
          'zero answers 409 INSUFFICIENT_STOCK naming what is there, unless the warehouse allows it (negative_stock: allow) or asks ' +
          'first (confirm) and allow_negative is true.',
        params: IdParams,
        body: StockMutationCreate,
        response: { 201: StockMutation, 202: Approval },
      },
      config: {
        access: { permission: 'stock.book', in: bodyWarehouse },
        audit: { entity: 'stock_mutation', id: 'answer', context: ofProduct },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { body, user } = request
      if (body.product_id !== undefined && body.product_id !== id)
        throw Invalid.rule(['body', 'product_id'], 'product_not_of_path', { product_id: id })
      const note = body.note?.trim() ? body.note.trim() : null
      return reply.commit(201, async (trx) => {
        await assertReason(trx, body.reason)
        const { allow_negative: allowNegative, ...booking } = body
        const held = await holdBooking(trx, { ...booking, note, product_id: id, allow_negative: allowNegative }, requesterOf(request))
        if (held) return heldForApproval(request, held)
        const booked = await bookMutation(trx, { ...booking, note, product_id: id, user_id: user.id }, { allowNegative })
        // answered from what the booking read and wrote: the booking user is the one signed in
        return toStockMutation({ ...booked, username: user.username })
      })
    },
  )

  app.delete(
    '/products/:id/stock_mutations/:mutation_id',
    {
      schema: {
        tags,
        description: 'Deletes a mutation of this product and takes it out of the kept stock in the same transaction.',
        params: StockMutationParams,
        response: { 204: Type.Null() },
      },
      config: {
        access: { permission: 'stock.book', needs: deletingMutation },
        audit: {
          entity: 'stock_mutation',
          id: { param: 'mutation_id' },
          context: ofProduct,
          before: { table: 'stock_mutations', param: 'mutation_id' },
        },
      },
    },
    async (request, reply) => reply.commit(204, (trx) => deleteMutation(trx, request.params.id, request.params.mutation_id)),
  )
}

export default plugin
