// Approvals: the bookings and count applications held because they pass their warehouse's threshold. The requester
// and the warehouse's readers see them; a manager of the warehouse (not the requester) approves or rejects.
import Type from 'typebox'
import { Approval, ApprovalListQuery, ApprovalReject, IdParams } from '../../contract'
import { approve, findApproval, listApprovals, reject } from '../domain/approvals'
import { importRunnerOf } from '../domain/imports/run'
import type { Trx } from '../db/writes'
import { visibleWarehouses } from '../plugins/access'
import { withTotalCount } from './support/lists'
import { approvalWarehouse } from './support/warehouses-of'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['approvals']
const deciding = { permission: 'stock.approve', in: approvalWarehouse } as const
const decided = (status: 'approved' | 'rejected') =>
  ({ entity: 'approval', id: { param: 'id' }, action: 'update', set: { status } }) as const

const plugin: RoutePlugin = async (app) => {
  const runner = importRunnerOf(app.database)
  app.get(
    '/approvals/',
    {
      schema: {
        tags,
        description: 'Approvals of the warehouses whose stock the reader sees, newest first; x-total-count holds their count.',
        querystring: ApprovalListQuery,
        response: { 200: Type.Array(Approval) },
      },
      config: { access: 'stock.read' },
    },
    async (request, reply) => {
      const { items, total } = await listApprovals(app.db, request.query, visibleWarehouses(request))
      withTotalCount(reply, total)
      return items
    },
  )

  app.get(
    '/approvals/:id',
    {
      schema: { tags, params: IdParams, response: { 200: Approval } },
      config: { access: { permission: 'stock.read', in: approvalWarehouse } },
    },
    async (request) => findApproval(app.db, request.params.id),
  )

  app.post(
    '/approvals/:id/approve',
    {
      schema: {
        tags,
        description:
          'Approves and books what was asked, as the one who asked, once: deciding again answers 409 APPROVAL_DECIDED; ' +
          'the requester may not approve their own (403 APPROVAL_OWN).',
        params: IdParams,
        response: { 200: Approval },
      },
      config: { access: deciding, audit: decided('approved') },
    },
    async (request, reply) => {
      // an approved import is written by this server's runner, from the upload it kept, once the approval commits
      let claimed: number | undefined
      const claim = async (trx: Trx, importId: number) => {
        await runner.claimHeld(trx, importId)
        claimed = importId
      }
      await reply.commit(200, (trx) => approve(trx, request.params.id, request.user, claim))
      if (claimed !== undefined) void runner.continueHeld(claimed)
      return reply
    },
  )

  app.post(
    '/approvals/:id/reject',
    {
      schema: {
        tags,
        description: 'Rejects it with a reason; nothing is booked. Deciding again answers 409 APPROVAL_DECIDED.',
        params: IdParams,
        body: ApprovalReject,
        response: { 200: Approval },
      },
      config: { access: deciding, audit: decided('rejected') },
    },
    async (request, reply) => reply.commit(200, (trx) => reject(trx, request.params.id, request.user, request.body.reason)),
  )
}

export default plugin
