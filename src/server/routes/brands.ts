// Brands: a name that products refer to.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Brand, BrandCreate, BrandListQuery, BrandUpdate } from '../../contract'
import { brandRepository } from '../db/repositories/brands'
import { brandRecords, createNamed, deleteNamed, findNamed, updateNamed } from '../domain/named-records'
import { namedRouteSchemas } from './named-resource'
import { withTotalCount } from './lists'

const schema = namedRouteSchemas('brands', { item: Brand, create: BrandCreate, update: BrandUpdate, listQuery: BrandListQuery })

const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/brands/', { schema: schema.list }, async (request, reply) => {
    const { rows, total } = await brandRepository.list(app.dialect, app.db, request.query)
    withTotalCount(reply, total)
    return rows
  })

  app.get('/brands/:id', { schema: schema.read }, async (request) => findNamed(app.db, brandRecords, request.params.id))

  app.post('/brands/', { schema: schema.create }, async (request, reply) =>
    reply.code(201).send(await createNamed(app.db, brandRecords, request.body)),
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/brands/:id',
    schema: schema.update,
    handler: async (request) => updateNamed(app.db, brandRecords, request.params.id, request.body),
  })

  app.delete('/brands/:id', { schema: schema.delete }, async (request, reply) => {
    await deleteNamed(app.db, brandRecords, request.params.id)
    return reply.code(204).send(null)
  })
}

export default plugin
