// Warehouses and their locations. A warehouse or location that the ledger refers to stays.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
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
} from '../../contract'
import { locationRepository } from '../db/repositories/locations'
import { warehouseRepository } from '../db/repositories/warehouses'
import { assertWarehouseExists, createLocation, deleteLocation, findLocation, updateLocation } from '../domain/locations'
import { createNamed, deleteNamed, findNamed, updateNamed, warehouseRecords } from '../domain/named-records'
import { namedRouteSchemas } from './named-resource'
import { withTotalCount } from './lists'

const schema = namedRouteSchemas('warehouses', {
  item: Warehouse,
  create: WarehouseCreate,
  update: WarehouseUpdate,
  listQuery: WarehouseListQuery,
})
const tags = ['locations']

const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/warehouses/', { schema: schema.list }, async (request, reply) => {
    const { rows, total } = await warehouseRepository.list(app.dialect, app.db, request.query)
    withTotalCount(reply, total)
    return rows
  })

  app.get('/warehouses/:id', { schema: schema.read }, async (request) => findNamed(app.db, warehouseRecords, request.params.id))

  app.post('/warehouses/', { schema: schema.create }, async (request, reply) =>
    reply.code(201).send(await createNamed(app.db, warehouseRecords, request.body)),
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/warehouses/:id',
    schema: schema.update,
    handler: async (request) => updateNamed(app.db, warehouseRecords, request.params.id, request.body),
  })

  app.delete('/warehouses/:id', { schema: schema.delete }, async (request, reply) => {
    await deleteNamed(app.db, warehouseRecords, request.params.id)
    return reply.code(204).send(null)
  })

  app.get(
    '/warehouses/:id/locations',
    { schema: { tags, params: IdParams, querystring: LocationListQuery, response: { 200: Type.Array(Location) } } },
    async (request, reply) => {
      await assertWarehouseExists(app.db, request.params.id)
      const { rows, total } = await locationRepository.list(app.dialect, app.db, request.params.id, request.query)
      withTotalCount(reply, total)
      return rows
    },
  )

  app.get('/warehouses/:id/locations/:location_id', { schema: { tags, params: LocationParams, response: { 200: Location } } }, (request) =>
    findLocation(app.db, request.params),
  )

  app.post(
    '/warehouses/:id/locations',
    { schema: { tags, params: IdParams, body: LocationCreate, response: { 201: Location } } },
    async (request, reply) => reply.code(201).send(await createLocation(app.db, request.params.id, request.body.location_name)),
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/warehouses/:id/locations/:location_id',
    schema: { tags, params: LocationParams, body: LocationUpdate, response: { 200: Location } },
    handler: async (request) => updateLocation(app.db, request.params, request.body.location_name),
  })

  app.delete(
    '/warehouses/:id/locations/:location_id',
    { schema: { tags, params: LocationParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      await deleteLocation(app.db, request.params)
      return reply.code(204).send(null)
    },
  )
}

export default plugin
