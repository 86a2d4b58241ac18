// Organizations, and the two views of them the product screens pick from: suppliers and sellers.
import Type from 'typebox'
import type { Organization as OrganizationItem } from '../../contract'
import { Organization, OrganizationCreate, OrganizationListQuery, OrganizationUpdate, SupplierCreate } from '../../contract'
import { organizationRepository, type OrganizationRole, type OrganizationRow } from '../db/repositories/organizations'
import { createNamed, deleteNamed, findNamed, organizationRecords, takeOnRole, updateNamed } from '../domain/named-records'
import { namedRouteOptions } from './support/named-resource'
import { withTotalCount } from './support/lists'
import type { RoutePlugin } from './support/route-plugin'

const toOrganization = (row: OrganizationRow): OrganizationItem => ({
  ...row,
  is_seller: Boolean(row.is_seller),
  is_supplier: Boolean(row.is_supplier),
})

const options = namedRouteOptions(
  'organizations',
  { entity: 'organization', table: 'organizations' },
  { item: Organization, create: OrganizationCreate, update: OrganizationUpdate, listQuery: OrganizationListQuery },
  { read: 'catalogue.read', write: 'catalogue.write' },
)
const roleOptions = (tag: string) => ({
  list: {
    schema: { tags: [tag], querystring: OrganizationListQuery, response: { 200: Type.Array(Organization) } },
    config: { access: 'catalogue.read' as const },
  },
  create: {
    schema: { tags: [tag], body: SupplierCreate, response: { 200: Organization, 201: Organization } },
    config: { access: 'catalogue.write' as const, audit: { entity: 'organization' as const, id: 'answer' as const } },
  },
})
const ROLES: { path: string; role: OrganizationRole; options: ReturnType<typeof roleOptions> }[] = [
  { path: '/suppliers/', role: 'is_supplier', options: roleOptions('suppliers') },
  { path: '/sellers/', role: 'is_seller', options: roleOptions('sellers') },
]

const plugin: RoutePlugin = async (app) => {
  app.get('/orgs/', options.list, async (request, reply) => {
    const { rows, total } = await organizationRepository.list(app.dialect, app.db, request.query)
    withTotalCount(reply, total)
    return rows.map(toOrganization)
  })

  app.get('/orgs/:id', options.read, async (request) => toOrganization(await findNamed(app.db, organizationRecords, request.params.id)))

  app.post('/orgs/', options.create, async (request, reply) =>
    reply.commit(201, async (trx) => toOrganization(await createNamed(trx, organizationRecords, request.body))),
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/orgs/:id',
    ...options.update,
    handler: async (request, reply) =>
      reply.commit(200, async (trx) => toOrganization(await updateNamed(trx, organizationRecords, request.params.id, request.body))),
  })

  app.delete('/orgs/:id', options.delete, async (request, reply) =>
    reply.commit(204, (trx) => deleteNamed(trx, organizationRecords, request.params.id)),
  )

  for (const { path, role, options } of ROLES) {
    app.get(path, options.list, async (request, reply) => {
      const { rows, total } = await organizationRepository.list(app.dialect, app.db, request.query, role)
      withTotalCount(reply, total)
      return rows.map(toOrganization)
    })
    // A name that already exists is that organization taking on the role (200), not a duplicate.
    app.post(path, options.create, async (request, reply) => {
      const name = request.body.org_name
      if (await organizationRepository.findByName(app.db, name))
        return reply.commit(200, async (trx) => toOrganization(await takeOnRole(trx, name, role)))
      return reply.commit(201, async (trx) => toOrganization(await createNamed(trx, organizationRecords, { org_name: name, [role]: true })))
    })
  }
}

export default plugin
