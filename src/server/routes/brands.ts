// Brands: a name that products refer to.
import { Brand, BrandCreate, BrandListQuery, BrandUpdate } from '../../contract'
import { brandRepository } from '../db/repositories/brands'
import { brandRecords, createNamed, deleteNamed, findNamed, updateNamed } from '../domain/named-records'
import { namedRouteOptions } from './support/named-resource'
import { withTotalCount } from './support/lists'
import type { RoutePlugin } from './support/route-plugin'

const options = namedRouteOptions(
  'brands',
  { entity: 'brand', table: 'brands' },
  { item: Brand, create: BrandCreate, update: BrandUpdate, listQuery: BrandListQuery },
  { read: 'catalogue.read', write: 'catalogue.write' },
)

const plugin: RoutePlugin = async (app) => {
  app.get('/brands/', options.list, async (request, reply) => {
    const { rows, total } = await brandRepository.list(app.dialect, app.db, request.query)
    withTotalCount(reply, total)
    return rows
  })

  app.get('/brands/:id', options.read, async (request) => findNamed(app.db, brandRecords, request.params.id))

  app.post('/brands/', options.create, async (request, reply) => reply.commit(201, (trx) => createNamed(trx, brandRecords, request.body)))

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/brands/:id',
    ...options.update,
    handler: async (request, reply) => reply.commit(200, (trx) => updateNamed(trx, brandRecords, request.params.id, request.body)),
  })

  app.delete('/brands/:id', options.delete, async (request, reply) =>
    reply.commit(204, (trx) => deleteNamed(trx, brandRecords, request.params.id)),
  )
}

export default plugin
