// The audit trail, for administrators: newest first, filtered by record, by person or by action.
import Type from 'typebox'
import { AuditEntry, AuditListQuery } from '../../contract'
import { withNames } from '../domain/audit-names'
import { auditRepository } from '../db/repositories/audit'
import { withTotalCount } from './support/lists'
import { keepAnswersPrivate } from './support/private-answers'
import type { RoutePlugin } from './support/route-plugin'

const plugin: RoutePlugin = async (app) => {
  keepAnswersPrivate(app)
  app.get(
    '/audit/',
    {
      config: { access: 'administer' },
      schema: {
        tags: ['audit'],
        description: 'Who created, changed or deleted which record, and when; x-total-count holds the count of all that match.',
        querystring: AuditListQuery,
        response: { 200: Type.Array(AuditEntry) },
      },
    },
    async (request, reply) => {
      const { entries, total } = await auditRepository.list(app.db, request.query)
      withTotalCount(reply, total)
      return withNames(app.db, entries)
    },
  )
}

export default plugin
