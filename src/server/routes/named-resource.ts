// Brands, organizations and warehouses are the same shape of resource: a unique name, a list to pick from,
// and a delete that is refused while something still uses the record. One implementation serves all three.
import type { Kysely, SelectQueryBuilder } from 'kysely'
import type { TSchema } from 'typebox'
import Type from 'typebox'
import type { FastifyInstance } from 'fastify'
import { IdParams, type ListQuery } from '../../contract'
import { conflict, notFound } from '../http-errors'
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors'
import { containsText } from '../db/dialect'
import { now, paging, parseSort, sortExpression, withTotalCount } from './lists'

type Row = Record<string, unknown> & { id: number }
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>

export interface NamedResource {
  /** URL path without /api, e.g. `/brands` */
  path: string
  tag: string
  table: 'brands' | 'organizations' | 'warehouses'
  nameColumn: string
  /** how a person calls one, for messages: `Brand` */
  label: string
  schemas: { item: TSchema; create: TSchema; update: TSchema; listQuery: TSchema }
  defaultSort: string
  toApi(row: Row): unknown
  /** Why the record may not be deleted, or undefined; runs in the deleting transaction. */
  refusesDeletion(db: Kysely<any>, row: Row): Promise<ReturnType<typeof conflict> | undefined>
}

export function duplicateName(label: string, name: string) {
  return conflict('DUPLICATE_NAME', `${label} "${name}" already exists.`, { name })
}

/** GET list (with q, paging, sort and x-total-count) of `table`, narrowed by `where`. */
export async function listNamed(
  app: FastifyInstance,
  resource: Pick<NamedResource, 'table' | 'nameColumn' | 'defaultSort' | 'toApi'>,
  query: ListQuery,
  reply: Parameters<typeof withTotalCount>[0],
  where: (qb: AnyQuery) => AnyQuery = (qb) => qb,
) {
  const db = app.db as unknown as Kysely<any>
  const filtered = (qb: AnyQuery) => where(query.q ? qb.where(containsText(app.dialect, resource.nameColumn, query.q)) : qb)
  const { offset, limit } = paging(query)
  const sort = parseSort(query.sort_by, resource.defaultSort)
  const [rows, counted] = await Promise.all([
    filtered(db.selectFrom(resource.table).selectAll())
      .orderBy(sortExpression(sort, [resource.nameColumn]), sort.direction)
      .orderBy('id', sort.direction)
      .offset(offset)
      .limit(limit)
      .execute(),
    filtered(db.selectFrom(resource.table).select((eb) => eb.fn.countAll<number>().as('count'))).executeTakeFirstOrThrow(),
  ])
  withTotalCount(reply, Number(counted.count))
  return (rows as Row[]).map(resource.toApi)
}

/** Trims the name column of a write; the schema already refused blank names. */
function cleanName(resource: NamedResource, body: Record<string, unknown>) {
  const name = body[resource.nameColumn]
  return typeof name === 'string' ? { ...body, [resource.nameColumn]: name.trim() } : body
}

export async function createNamed(app: FastifyInstance, resource: NamedResource, body: Record<string, unknown>) {
  const db = app.db as unknown as Kysely<any>
  const values = cleanName(resource, body)
  const stamp = now()
  try {
    const row = await db
      .insertInto(resource.table)
      .values({ ...values, created_at: stamp, updated_at: stamp })
      .returningAll()
      .executeTakeFirstOrThrow()
    return resource.toApi(row as Row)
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(resource.label, String(values[resource.nameColumn]))
    throw error
  }
}

export function registerNamedResource(app: FastifyInstance, resource: NamedResource) {
  const db = () => app.db as unknown as Kysely<any>
  const { item, create, update, listQuery } = resource.schemas
  const tags = [resource.tag]

  const findOr404 = async (id: number) => {
    const row = await db().selectFrom(resource.table).selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound(resource.label)
    return row as Row
  }

  app.get(`${resource.path}/`, { schema: { tags, querystring: listQuery, response: { 200: Type.Array(item) } } }, (request, reply) =>
    listNamed(app, resource, request.query as ListQuery, reply),
  )

  app.get(`${resource.path}/:id`, { schema: { tags, params: IdParams, response: { 200: item } } }, async (request) =>
    resource.toApi(await findOr404((request.params as IdParams).id)),
  )

  app.post(`${resource.path}/`, { schema: { tags, body: create, response: { 201: item } } }, async (request, reply) =>
    reply.code(201).send(await createNamed(app, resource, request.body as Record<string, unknown>)),
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: `${resource.path}/:id`,
    schema: { tags, params: IdParams, body: update, response: { 200: item } },
    handler: async (request) => {
      const { id } = request.params as IdParams
      const values = cleanName(resource, request.body as Record<string, unknown>)
      try {
        const row = await db()
          .updateTable(resource.table)
          .set({ ...values, updated_at: now() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst()
        if (!row) throw notFound(resource.label)
        return resource.toApi(row as Row)
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(resource.label, String(values[resource.nameColumn]))
        throw error
      }
    },
  })

  app.delete(`${resource.path}/:id`, { schema: { tags, params: IdParams, response: { 204: Type.Null() } } }, async (request, reply) => {
    const { id } = request.params as IdParams
    try {
      await db()
        .transaction()
        .execute(async (trx) => {
          const row = await trx.selectFrom(resource.table).selectAll().where('id', '=', id).executeTakeFirst()
          if (!row) throw notFound(resource.label)
          const refusal = await resource.refusesDeletion(trx, row as Row)
          if (refusal) throw refusal
          await trx.deleteFrom(resource.table).where('id', '=', id).execute()
        })
    } catch (error) {
      // a reference written between the check and the delete (PostgreSQL reads committed rows): the same refusal
      if (!isForeignKeyViolation(error)) throw error
      throw (await resource.refusesDeletion(db(), await findOr404(id))) ?? error
    }
    return reply.code(204).send()
  })
}
