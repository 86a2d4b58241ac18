// Brands, organizations and warehouses are served alike: list, read, create, change, delete. Their rules are one
// (domain/named-records.ts); so are the schemas of their five routes, made here from each resource's contract.
import Type, { type TSchema } from 'typebox'
import { IdParams } from '../../contract'

export function namedRouteSchemas<Item extends TSchema, Create extends TSchema, Update extends TSchema, Query extends TSchema>(
  tag: string,
  schemas: { item: Item; create: Create; update: Update; listQuery: Query },
) {
  const tags = [tag]
  const { item, create, update, listQuery } = schemas
  return {
    list: { tags, querystring: listQuery, response: { 200: Type.Array(item) } },
    read: { tags, params: IdParams, response: { 200: item } },
    create: { tags, body: create, response: { 201: item } },
    update: { tags, params: IdParams, body: update, response: { 200: item } },
    delete: { tags, params: IdParams, response: { 204: Type.Null() } },
  }
}
