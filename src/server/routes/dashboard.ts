// The dashboard: the day's figures in one call, and the ledger check, kept and started again on request.
import { Dashboard, DashboardQuery, LedgerStatus } from '../../contract'
import { auditRepository } from '../db/repositories/audit'
import { ledgerStatus } from '../domain/dashboard'
import { slowRead } from '../domain/slow-reads'
import { holds } from '../../contract/roles'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['dashboard']

const plugin: RoutePlugin = async (app) => {
  app.get(
    '/dashboard/',
    {
      schema: {
        tags,
        description: 'Products, stock value at purchase price per currency, bookings today and per day over 30 days, the last ten changes.',
        querystring: DashboardQuery,
        response: { 200: Dashboard },
      },
      config: { access: 'catalogue.read' },
    },
    async (request) => {
      // the stock value reads every product: where slow reads run
      const [figures, changes] = await Promise.all([
        slowRead(app.database, 'dashboardFigures', request.query),
        holds(request.permissions, 'administer', null) ? auditRepository.list(app.db, { limit: 10 }) : undefined,
      ])
      return { ...figures, last_changes: changes?.entries ?? null }
    },
  )

  app.get(
    '/dashboard/ledger',
    {
      schema: {
        tags,
        description: 'The last ledger check (npm run check:ledger); the first call starts one.',
        response: { 200: LedgerStatus },
      },
      config: { access: 'catalogue.read' },
    },
    async () => ledgerStatus(app.database),
  )

  app.post(
    '/dashboard/ledger',
    {
      schema: {
        tags,
        description: 'Starts a new ledger check unless one runs; follow it at GET /dashboard/ledger.',
        response: { 202: LedgerStatus },
      },
      // it reads the ledger and keeps the result in memory: no record changes
      config: { access: 'stock.read', audit: false },
    },
    async (_request, reply) => reply.code(202).send(ledgerStatus(app.database, true)),
  )
}

export default plugin
