// Warehouses and their locations. A warehouse or location that the ledger refers to stays.
import Type from 'typebox'
import {
  IdParams,
  Location,
  LocationCreate,
  LocationListQuery,
  LocationLookupQuery,
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
import { namedRouteOptions } from './support/named-resource'
import { withTotalCount } from './support/lists'
import { settingBookingRules, warehouseParam } from './support/warehouses-of'
import type { RoutePlugin } from './support/route-plugin'

const options = namedRouteOptions(
  'warehouses',
  { entity: 'warehouse', table: 'warehouses' },
  { item: Warehouse, create: WarehouseCreate, update: WarehouseUpdate, listQuery: WarehouseListQuery },
  { read: 'catalogue.read', write: 'warehouses.manage' },
)
const tags = ['locations']
const inWarehouse = { warehouse_id: 'id' }
const location = { param: 'location_id' }
const read = 'catalogue.read'
const manageLocations = { permission: 'locations.manage', in: warehouseParam('id') } as const

const plugin: RoutePlugin = async (app) => {
  app.get('/warehouses/', options.list, async (request, reply) => {
    const { rows, total } = await warehouseRepository.list(app.dialect, app.db, request.query)
    withTotalCount(reply, total)
    return rows
  })

  app.get('/warehouses/:id', options.read, async (request) => findNamed(app.db, warehouseRecords, request.params.id))

  app.post('/warehouses/', options.create, async (request, reply) =>
    reply.commit(201, (trx) => createNamed(trx, warehouseRecords, request.body)),
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/warehouses/:id',
    ...options.update,
    config: { ...options.update.config, access: { permission: 'warehouses.manage', needs: settingBookingRules } },
    handler: async (request, reply) => reply.commit(200, (trx) => updateNamed(trx, warehouseRecords, request.params.id, request.body)),
  })

  app.delete('/warehouses/:id', options.delete, async (request, reply) =>
    reply.commit(204, (trx) => deleteNamed(trx, warehouseRecords, request.params.id)),
  )

  app.get(
    '/warehouses/:id/locations',
    {
      schema: { tags, params: IdParams, querystring: LocationListQuery, response: { 200: Type.Array(Location) } },
      config: { access: read },
    },
    async (request, reply) => {
      await assertWarehouseExists(app.db, request.params.id)
      const { rows, total } = await locationRepository.list(app.dialect, app.db, request.params.id, request.query)
      withTotalCount(reply, total)
      return rows
    },
  )

  app.get(
    '/locations/',
    {
      schema: {
        tags,
        description: 'The location a scanned code names, in whichever warehouse: a list of one, or empty.',
        querystring: LocationLookupQuery,
        response: { 200: Type.Array(Location) },
      },
      config: { access: read },
    },
    async (request) => {
      const found = await locationRepository.findByCode(app.db, request.query.code)
      return found ? [found] : []
    },
  )

  app.get(
    '/warehouses/:id/locations/:location_id',
    { schema: { tags, params: LocationParams, response: { 200: Location } }, config: { access: read } },
    (request) => findLocation(app.db, request.params),
  )

  app.post(
    '/warehouses/:id/locations',
    {
      schema: { tags, params: IdParams, body: LocationCreate, response: { 201: Location } },
      config: { access: manageLocations, audit: { entity: 'location', id: 'answer', context: inWarehouse } },
    },
    async (request, reply) => reply.commit(201, (trx) => createLocation(trx, request.params.id, request.body.location_name)),
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/warehouses/:id/locations/:location_id',
    schema: { tags, params: LocationParams, body: LocationUpdate, response: { 200: Location } },
    config: {
      access: manageLocations,
      audit: { entity: 'location', id: location, context: inWarehouse, before: { table: 'locations', param: 'location_id' } },
    },
    handler: async (request, reply) => reply.commit(200, (trx) => updateLocation(trx, request.params, request.body.location_name)),
  })

  app.delete(
    '/warehouses/:id/locations/:location_id',
    {
      schema: { tags, params: LocationParams, response: { 204: Type.Null() } },
      config: {
        access: manageLocations,
        audit: { entity: 'location', id: location, context: inWarehouse, before: { table: 'locations', param: 'location_id' } },
      },
    },
    async (request, reply) => reply.commit(204, (trx) => deleteLocation(trx, request.params)),
  )
}

export default plugin
