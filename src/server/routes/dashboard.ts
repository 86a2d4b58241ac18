// The dashboard: the day's figures in one call, and the ledger check, kept and started again on request.
import { Dashboard, DashboardQuery, LedgerStatus } from '../../contract'
import { auditRepository } from '../db/repositories/audit'
import { ledgerStatus } from '../domain/dashboard'
import { slowRead } from '../domain/slow-reads'
import { holds } from '../../contract/roles'
import { approvalsWaiting } from '../domain/approvals'
import { visibleIds } from '../domain/visible-warehouses'
import { visibleWarehouses } from '../plugins/access'
import { requesterOf } from './support/approvals'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['dashboard']

const plugin: RoutePlugin = async (app) => {
  app.get(
    '/dashboard/',
    {
      schema: {
        tags,
        description:
          'Products, stock value at purchase price per currency, bookings today and per day over 30 days (of the warehouses ' +
          "whose stock the reader sees), the reader's approvals waiting, the last ten changes.",
        querystring: DashboardQuery,
        response: { 200: Dashboard },
      },
      config: { access: 'catalogue.read' },
    },
    async (request) => {
      // the stock value reads every product: where slow reads run
      const visible = visibleIds(visibleWarehouses(request))
      const [figures, changes, approvals] = await Promise.all([
        slowRead(app.database, 'dashboardFigures', { ...request.query, ...(visible === undefined ? {} : { warehouses: [...visible] }) }),
        holds(request.permissions, 'administer', null) ? auditRepository.list(app.db, { limit: 10 }) : undefined,
        approvalsWaiting(app.db, requesterOf(request)),
      ])
      return { ...figures, last_changes: changes?.entries ?? null, approvals }
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
