// Warehouses and their locations. A warehouse or location that the ledger refers to stays.
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import Type from 'typebox'
import {
  IdParams,
  Location,
  LocationCreate,
  LocationListQuery,
  LocationParams,
  LocationUpdate,
  Warehouse,
  WarehouseCreate,
  WarehouseListQuery,
  WarehouseUpdate,
  type ListQuery,
} from '../../contract'
import type { Database } from '../db/schema'
import { conflict, notFound } from '../http-errors'
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors'
import { containsText } from '../db/dialect'
import { duplicateName, registerNamedResource } from './named-resource'
import { now, paging, parseSort, sortExpression, withTotalCount } from './lists'

async function mutationCount(db: Kysely<Database>, column: 'warehouse_id' | 'location_id', id: number) {
  const { count } = await db
    .selectFrom('stock_mutations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow()
  return Number(count)
}

const mutationsWord = (n: number) => `${n} stock mutation${n === 1 ? '' : 's'}`

export default async function warehouseRoutes(app: FastifyInstance) {
  registerNamedResource(app, {
    path: '/warehouses',
    tag: 'warehouses',
    table: 'warehouses',
    nameColumn: 'warehouse_name',
    label: 'Warehouse',
    schemas: { item: Warehouse, create: WarehouseCreate, update: WarehouseUpdate, listQuery: WarehouseListQuery },
    defaultSort: 'warehouse_name.asc',
    toApi: (row) => row,
    async refusesDeletion(db, row) {
      const n = await mutationCount(db, 'warehouse_id', row.id)
      if (n === 0) return undefined
      return conflict('WAREHOUSE_IN_USE', `Warehouse "${row.warehouse_name}" has ${mutationsWord(n)} and cannot be deleted.`, {
        name: String(row.warehouse_name),
        count: n,
      })
    },
  })

  const tags = ['locations']
  const warehouseOr404 = async (id: number) => {
    const warehouse = await app.db.selectFrom('warehouses').select('id').where('id', '=', id).executeTakeFirst()
    if (!warehouse) throw notFound('Warehouse')
  }
  const locationOr404 = async ({ id, location_id }: LocationParams) => {
    const location = await app.db
      .selectFrom('locations')
      .selectAll()
      .where('id', '=', location_id)
      .where('warehouse_id', '=', id)
      .executeTakeFirst()
    if (!location) throw notFound('Location')
    return location
  }
  const duplicate = (name: string) => duplicateName('Location', name)

  app.get(
    '/warehouses/:id/locations',
    { schema: { tags, params: IdParams, querystring: LocationListQuery, response: { 200: Type.Array(Location) } } },
    async (request, reply) => {
      const { id } = request.params as IdParams
      const query = request.query as ListQuery
      await warehouseOr404(id)
      const { offset, limit } = paging(query)
      const sort = parseSort(query.sort_by, 'location_name.asc')
      let base = app.db.selectFrom('locations').where('warehouse_id', '=', id)
      if (query.q) base = base.where(containsText(app.dialect, 'location_name', query.q))
      const [rows, { count }] = await Promise.all([
        base
          .selectAll()
          .orderBy(sortExpression(sort, ['location_name']), sort.direction)
          .orderBy('id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ])
      withTotalCount(reply, Number(count))
      return rows
    },
  )

  app.get('/warehouses/:id/locations/:location_id', { schema: { tags, params: LocationParams, response: { 200: Location } } }, (request) =>
    locationOr404(request.params as LocationParams),
  )

  app.post(
    '/warehouses/:id/locations',
    { schema: { tags, params: IdParams, body: LocationCreate, response: { 201: Location } } },
    async (request, reply) => {
      const { id } = request.params as IdParams
      const name = (request.body as LocationCreate).location_name.trim()
      await warehouseOr404(id)
      const stamp = now()
      try {
        const location = await app.db
          .insertInto('locations')
          .values({ warehouse_id: id, location_name: name, created_at: stamp, updated_at: stamp })
          .returningAll()
          .executeTakeFirstOrThrow()
        return reply.code(201).send(location)
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(name)
        throw error
      }
    },
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/warehouses/:id/locations/:location_id',
    schema: { tags, params: LocationParams, body: LocationUpdate, response: { 200: Location } },
    handler: async (request) => {
      const params = request.params as LocationParams
      const name = (request.body as LocationUpdate).location_name?.trim()
      await locationOr404(params)
      try {
        return await app.db
          .updateTable('locations')
          .set({ ...(name === undefined ? {} : { location_name: name }), updated_at: now() })
          .where('id', '=', params.location_id)
          .returningAll()
          .executeTakeFirstOrThrow()
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(name ?? '')
        throw error
      }
    },
  })

  app.delete(
    '/warehouses/:id/locations/:location_id',
    { schema: { tags, params: LocationParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const params = request.params as LocationParams
      const refusal = async (db: Kysely<Database>) => {
        const location = await db
          .selectFrom('locations')
          .selectAll()
          .where('id', '=', params.location_id)
          .where('warehouse_id', '=', params.id)
          .executeTakeFirst()
        if (!location) return notFound('Location')
        const n = await mutationCount(db, 'location_id', location.id)
        if (n === 0) return undefined
        return conflict('LOCATION_IN_USE', `Location "${location.location_name}" has ${mutationsWord(n)} and cannot be deleted.`, {
          name: location.location_name,
          count: n,
        })
      }
      try {
        await app.db.transaction().execute(async (trx) => {
          const refused = await refusal(trx)
          if (refused) throw refused
          await trx.deleteFrom('locations').where('id', '=', params.location_id).execute()
        })
      } catch (error) {
        // a booking written between the check and the delete (PostgreSQL reads committed rows): the same refusal
        if (!isForeignKeyViolation(error)) throw error
        throw (await refusal(app.db)) ?? error
      }
      return reply.code(204).send()
    },
  )
}
