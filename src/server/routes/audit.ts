// The audit trail, for super-users: newest first, filtered by record, by person or by action.
import type { FastifyInstance } from 'fastify'
import Type from 'typebox'
import { AuditEntry, AuditListQuery, type AuditAction, type AuditEntityType } from '../../contract'
import { paging, withTotalCount } from './lists'

export default async function auditRoutes(app: FastifyInstance) {
  app.get(
    '/audit/',
    {
      config: { auth: 'superuser' },
      schema: {
        tags: ['audit'],
        description: 'Who created, changed or deleted which record, and when; x-total-count holds the count of all that match.',
        querystring: AuditListQuery,
        response: { 200: Type.Array(AuditEntry) },
      },
    },
    async (request, reply) => {
      const query = request.query as AuditListQuery
      const { offset, limit } = paging(query, 100)
      let base = app.db.selectFrom('audit_log')
      if (query.entity_type) base = base.where('entity_type', '=', query.entity_type)
      if (query.entity_id) base = base.where('entity_id', '=', query.entity_id)
      if (query.user_id) base = base.where('user_id', '=', query.user_id)
      if (query.action) base = base.where('action', '=', query.action)
      const [rows, { count }] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ])
      withTotalCount(reply, Number(count))
      return rows.map((row) => ({
        ...row,
        action: row.action as AuditAction,
        entity_type: row.entity_type as AuditEntityType,
        changes: row.changes === null ? null : (JSON.parse(row.changes) as Record<string, unknown>),
      }))
    },
  )
}
