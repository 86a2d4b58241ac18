// Organizations, and the two views of them the product screens pick from: suppliers and sellers.
import { sql } from 'kysely'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Type from 'typebox'
import { Organization, OrganizationCreate, OrganizationListQuery, OrganizationUpdate, SupplierCreate, type ListQuery } from '../../contract'
import { conflict } from '../http-errors'
import { now } from './lists'
import { createNamed, listNamed, registerNamedResource, type NamedResource } from './named-resource'

const toOrganization = (row: Record<string, unknown>) => ({
  ...row,
  is_seller: Boolean(row.is_seller),
  is_supplier: Boolean(row.is_supplier),
})

const organizations: NamedResource = {
  path: '/orgs',
  tag: 'organizations',
  table: 'organizations',
  nameColumn: 'org_name',
  label: 'Organization',
  schemas: { item: Organization, create: OrganizationCreate, update: OrganizationUpdate, listQuery: OrganizationListQuery },
  defaultSort: 'org_name.asc',
  toApi: toOrganization,
  async refusesDeletion(db, row) {
    // a product that has the organization as supplier and as seller counts once
    const { count } = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) =>
        eb.or([
          eb('supplier_id', '=', row.id),
          eb('id', 'in', eb.selectFrom('product_sellers').select('product_id').where('seller_id', '=', row.id)),
        ]),
      )
      .executeTakeFirstOrThrow()
    const n = Number(count)
    if (n === 0) return undefined
    return conflict(
      'ORGANIZATION_IN_USE',
      `Organization "${row.org_name}" is used by ${n} product${n === 1 ? '' : 's'} as supplier or seller and cannot be deleted.`,
      { name: String(row.org_name), count: n },
    )
  },
}

export default async function organizationRoutes(app: FastifyInstance) {
  registerNamedResource(app, organizations)

  const listSchema = (tag: string) => ({ tags: [tag], querystring: OrganizationListQuery, response: { 200: Type.Array(Organization) } })
  app.get('/suppliers/', { schema: listSchema('suppliers') }, (request, reply) =>
    listNamed(app, organizations, request.query as ListQuery, reply, (qb) => qb.where('is_supplier', '=', true)),
  )
  app.get('/sellers/', { schema: listSchema('sellers') }, (request, reply) =>
    listNamed(app, organizations, request.query as ListQuery, reply, (qb) => qb.where('is_seller', '=', true)),
  )
  // A name that already exists is that organization taking on the role, not a duplicate.
  const createWithRole = (role: 'is_supplier' | 'is_seller') => async (request: FastifyRequest, reply: FastifyReply) => {
    const name = (request.body as SupplierCreate).org_name.trim()
    const existing = await app.db
      .updateTable('organizations')
      .set({ [role]: true, updated_at: now() })
      .where(sql`lower(org_name)`, '=', name.toLowerCase())
      .returningAll()
      .executeTakeFirst()
    if (existing) return reply.code(200).send(toOrganization(existing))
    return reply.code(201).send(await createNamed(app, organizations, { org_name: name, [role]: true }))
  }
  const createSchema = (tag: string) => ({ tags: [tag], body: SupplierCreate, response: { 200: Organization, 201: Organization } })
  app.post('/suppliers/', { schema: createSchema('suppliers') }, createWithRole('is_supplier'))
  app.post('/sellers/', { schema: createSchema('sellers') }, createWithRole('is_seller'))
}
