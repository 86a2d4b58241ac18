// Organizations, and the two views of them the product screens pick from: suppliers and sellers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import type { Organization as OrganizationItem } from '../../contract'
import { Organization, OrganizationCreate, OrganizationListQuery, OrganizationUpdate, SupplierCreate } from '../../contract'
import { organizationRepository, type OrganizationRole, type OrganizationRow } from '../db/repositories/organizations'
import { createNamed, deleteNamed, findNamed, organizationRecords, updateNamed } from '../domain/named-records'
import { namedRouteSchemas } from './named-resource'
import { withTotalCount } from './lists'

const toOrganization = (row: OrganizationRow): OrganizationItem => ({
  ...row,
  is_seller: Boolean(row.is_seller),
  is_supplier: Boolean(row.is_supplier),
})

const schema = namedRouteSchemas('organizations', {
  item: Organization,
  create: OrganizationCreate,
  update: OrganizationUpdate,
  listQuery: OrganizationListQuery,
})
const roleSchemas = (tag: string) => ({
  list: { tags: [tag], querystring: OrganizationListQuery, response: { 200: Type.Array(Organization) } },
  create: { tags: [tag], body: SupplierCreate, response: { 200: Organization, 201: Organization } },
})
const ROLES = [
  { path: '/suppliers/', role: 'is_supplier', schema: roleSchemas('suppliers') },
  { path: '/sellers/', role: 'is_seller', schema: roleSchemas('sellers') },
] as const satisfies readonly { path: string; role: OrganizationRole; schema: unknown }[]

const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/orgs/', { schema: schema.list }, async (request, reply) => {
    const { rows, total } = await organizationRepository.list(app.dialect, app.db, request.query)
    withTotalCount(reply, total)
    return rows.map(toOrganization)
  })

  app.get('/orgs/:id', { schema: schema.read }, async (request) =>
    toOrganization(await findNamed(app.db, organizationRecords, request.params.id)),
  )

  app.post('/orgs/', { schema: schema.create }, async (request, reply) =>
    reply.code(201).send(toOrganization(await createNamed(app.db, organizationRecords, request.body))),
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/orgs/:id',
    schema: schema.update,
    handler: async (request) => toOrganization(await updateNamed(app.db, organizationRecords, request.params.id, request.body)),
  })

  app.delete('/orgs/:id', { schema: schema.delete }, async (request, reply) => {
    await deleteNamed(app.db, organizationRecords, request.params.id)
    return reply.code(204).send(null)
  })

  for (const { path, role, schema } of ROLES) {
    app.get(path, { schema: schema.list }, async (request, reply) => {
      const { rows, total } = await organizationRepository.list(app.dialect, app.db, request.query, role)
      withTotalCount(reply, total)
      return rows.map(toOrganization)
    })
    // A name that already exists is that organization taking on the role, not a duplicate.
    app.post(path, { schema: schema.create }, async (request, reply) => {
      const existing = await organizationRepository.takeOnRole(app.db, request.body.org_name, role)
      if (existing) return reply.code(200).send(toOrganization(existing))
      const created = await createNamed(app.db, organizationRecords, { org_name: request.body.org_name, [role]: true })
      return reply.code(201).send(toOrganization(created))
    })
  }
}

export default plugin
