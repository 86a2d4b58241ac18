// A write held for approval answers 202 with the approval, and its audit records the approval asked for.
import type { FastifyRequest } from 'fastify'
import type { Approval } from '../../../contract'
import type { Requester } from '../../domain/approvals'
import { AnswerInstead } from '../../plugins/writes'

export const requesterOf = (request: FastifyRequest): Requester => ({
  id: request.user.id,
  username: request.user.username,
  permissions: request.permissions,
})

export function heldForApproval(request: FastifyRequest, approval: Approval): AnswerInstead {
  request.audited = {
    entity: 'approval',
    id: approval.id,
    action: 'create',
    changes: { kind: approval.kind, status: approval.status, warehouse_id: approval.warehouse_id, ...approval.summary },
  }
  return new AnswerInstead(202, approval)
}
