// Brands, organizations and warehouses are served alike: list, read, create, change, delete. Their rules are one
// (domain/named-records.ts); so are the options of their five routes, made here from each resource's contract.
import Type, { type TSchema } from 'typebox'
import { IdParams, type AuditEntityType } from '../../../contract'
import type { Permission } from '../../../contract/roles'

export function namedRouteOptions<Item extends TSchema, Create extends TSchema, Update extends TSchema, Query extends TSchema>(
  tag: string,
  audited: { entity: AuditEntityType; table: 'brands' | 'organizations' | 'warehouses' },
  schemas: { item: Item; create: Create; update: Update; listQuery: Query },
  /** what reading them takes, and what changing them takes */
  access: { read: Permission; write: Permission },
) {
  const tags = [tag]
  const { item, create, update, listQuery } = schemas
  const { entity, table } = audited
  const byId = { param: 'id' }
  return {
    list: { schema: { tags, querystring: listQuery, response: { 200: Type.Array(item) } }, config: { access: access.read } },
    read: { schema: { tags, params: IdParams, response: { 200: item } }, config: { access: access.read } },
    create: {
      schema: { tags, body: create, response: { 201: item } },
      config: { access: access.write, audit: { entity, id: 'answer' as const } },
    },
    update: {
      schema: { tags, params: IdParams, body: update, response: { 200: item } },
      // the record as it was, so the audit trail shows each field before and after
      config: { access: access.write, audit: { entity, id: byId, before: { table, param: 'id' } } },
    },
    delete: {
      schema: { tags, params: IdParams, response: { 204: Type.Null() } },
      config: { access: access.write, audit: { entity, id: byId, before: { table, param: 'id' } } },
    },
  }
}
