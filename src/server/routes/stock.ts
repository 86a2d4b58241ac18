// The stock mutations of a product: the ledger as the stock tab reads and writes it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { IdParams, StockMutation, StockMutationCreate, StockMutationListQuery, StockMutationParams } from '../../contract'
import { bookMutation, deleteMutation, recentMutations, toStockMutation } from '../domain/ledger'
import { assertProductExists } from '../domain/products'
import { paging } from '../db/lists'
import { withTotalCount } from './lists'
import { Invalid, NotFound } from '../domain/errors'

const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['stock']

  app.get(
    '/products/:id/stock_mutations',
    {
      schema: {
        tags,
        description: 'The ledger of a product, newest first; x-total-count holds the count of all its mutations.',
        params: IdParams,
        querystring: StockMutationListQuery,
        response: { 200: Type.Array(StockMutation) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { items, total } = await recentMutations(app.db, id, paging(request.query))
      withTotalCount(reply, total)
      return items
    },
  )

  app.post(
    '/products/:id/stock_mutations',
    {
      schema: {
        tags,
        description: 'Books a mutation for the signed-in user and changes the kept stock in the same transaction.',
        params: IdParams,
        body: StockMutationCreate,
        response: { 201: StockMutation },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const body = request.body
      if (body.product_id !== undefined && body.product_id !== id)
        throw Invalid.field(['body', 'product_id'], `Input should be ${id}, the product of the path`)
      const note = body.note?.trim() ? body.note.trim() : null
      const booked = await bookMutation(app.db, { ...body, note, product_id: id, user_id: request.user.id })
      // answered from what the booking transaction read and wrote: the booking user is the one signed in
      return reply.code(201).send(toStockMutation({ ...booked, username: request.user.username }))
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
    },
    async (request, reply) => {
      const { id, mutation_id } = request.params
      const deleted = await deleteMutation(app.db, id, mutation_id)
      if (!deleted) {
        await assertProductExists(app.db, id)
        throw new NotFound('Stock mutation')
      }
      return reply.code(204).send(null)
    },
  )
}

export default plugin
