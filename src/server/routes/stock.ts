// The stock mutations of a product: the ledger as the stock tab reads and writes it.
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import {
  IdParams,
  StockMutation,
  StockMutationCreate,
  StockMutationListQuery,
  StockMutationParams,
} from '../../contract'
import type { DB } from '../db'
import { invalidField, notFound } from '../http-errors'
import { bookMutation, deleteMutation } from '../domain/ledger'
import { assertProductExists } from '../domain/products'
import { paging, withTotalCount } from './lists'

/** Mutations as the API answers them: with warehouse, location and booking user named. */
function mutationsQuery(db: DB) {
  return db
    .selectFrom('stock_mutations')
    .innerJoin('warehouses', 'warehouses.id', 'stock_mutations.warehouse_id')
    .innerJoin('locations', 'locations.id', 'stock_mutations.location_id')
    .leftJoin('users', 'users.id', 'stock_mutations.user_id')
    .selectAll('stock_mutations')
    .select(['warehouses.warehouse_name', 'locations.location_name', 'users.username'])
}

type MutationView = Awaited<ReturnType<ReturnType<typeof mutationsQuery>['executeTakeFirstOrThrow']>>

function toStockMutation(row: MutationView): StockMutation {
  return {
    id: row.id,
    amount: row.amount,
    note: row.note,
    product_id: row.product_id,
    warehouse_id: row.warehouse_id,
    location_id: row.location_id,
    warehouse: { warehouse_name: row.warehouse_name },
    location: { location_name: row.location_name },
    user: row.username == null ? null : { username: row.username },
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export default async function stockRoutes(app: FastifyInstance) {
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
      const { id } = request.params as IdParams
      const { offset, limit } = paging(request.query as StockMutationListQuery)
      await assertProductExists(app.db, id)
      const rows = await mutationsQuery(app.db)
        .where('stock_mutations.product_id', '=', id)
        .orderBy('stock_mutations.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute()
      const { count } = await app.db
        .selectFrom('stock_mutations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('product_id', '=', id)
        .executeTakeFirstOrThrow()
      withTotalCount(reply, Number(count))
      return rows.map(toStockMutation)
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
      const { id } = request.params as IdParams
      const body = request.body as StockMutationCreate
      if (body.product_id !== undefined && body.product_id !== id)
        throw invalidField(['body', 'product_id'], `Input should be ${id}, the product of the path`)
      const note = body.note?.trim() ? body.note.trim() : null
      const row = await bookMutation(app.db, { ...body, note, product_id: id, user_id: request.user.id })
      const booked = await mutationsQuery(app.db).where('stock_mutations.id', '=', row.id).executeTakeFirst()
      // a concurrent deletion of the product (and so of its ledger) may come between booking and reading
      if (!booked) throw notFound('Product')
      return reply.code(201).send(toStockMutation(booked))
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
      const { id, mutation_id } = request.params as StockMutationParams
      const deleted = await deleteMutation(app.db, id, mutation_id)
      if (!deleted) {
        await assertProductExists(app.db, id)
        throw notFound('Stock mutation')
      }
      return reply.code(204).send()
    },
  )
}
