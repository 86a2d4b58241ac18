// Reorder levels of a product per warehouse, and the reorder report (its file comes from routes/exports.ts).
import Type from 'typebox'
import { ReorderLevel, ReorderLevelParams, ReorderLevelUpdate, ReorderReport, ReorderReportQuery } from '../../contract'
import { assertReferencesExist } from '../domain/references'
import { deleteReorderLevel, reorderReport, setReorderLevel } from '../domain/reorder'
import { queryWarehouseIfAny, warehouseParam } from './support/warehouses-of'
import { visibleWarehouses } from '../plugins/access'
import type { RoutePlugin } from './support/route-plugin'

const reorderLevel = {
  entity: 'product',
  id: { param: 'id' },
  action: 'update',
  part: 'reorder_level',
  context: { warehouse_id: 'warehouse_id' },
} as const

const setLevels = { permission: 'reorder.set', in: warehouseParam('warehouse_id') } as const

const plugin: RoutePlugin = async (app) => {
  app.put(
    '/products/:id/reorder_levels/:warehouse_id',
    {
      schema: {
        tags: ['products'],
        description: 'Sets the minimum and maximum stock of the product in the warehouse (max_stock >= min_stock >= 0).',
        params: ReorderLevelParams,
        body: ReorderLevelUpdate,
        response: { 200: ReorderLevel },
      },
      config: { access: setLevels, audit: reorderLevel },
    },
    async (request, reply) =>
      reply.commit(200, (trx) => setReorderLevel(trx, request.params.id, request.params.warehouse_id, request.body)),
  )

  app.delete(
    '/products/:id/reorder_levels/:warehouse_id',
    {
      schema: { tags: ['products'], params: ReorderLevelParams, response: { 204: Type.Null() } },
      config: {
        access: setLevels,
        audit: { ...reorderLevel, before: { table: 'warehouse_stock', key: { product_id: 'id', warehouse_id: 'warehouse_id' } } },
      },
    },
    async (request, reply) => reply.commit(204, (trx) => deleteReorderLevel(trx, request.params.id, request.params.warehouse_id)),
  )

  app.get(
    '/reports/reorder',
    {
      schema: {
        tags: ['reports'],
        description:
          'Every product below its minimum (in the warehouse given, else per warehouse), grouped by supplier, with the quantity ' +
          'to order (maximum - on hand - incoming, at least the minimum order quantity, in whole packs; 0 when enough is on order) ' +
          'and per supplier the total per currency.',
        querystring: ReorderReportQuery,
        response: { 200: ReorderReport },
      },
      config: { access: { permission: 'stock.read', in: queryWarehouseIfAny } },
    },
    async (request) => {
      await assertReferencesExist(app.db, { warehouse_id: request.query.warehouse_id }, 'query')
      return reorderReport(app.db, request.query.warehouse_id, visibleWarehouses(request))
    },
  )
}

export default plugin
