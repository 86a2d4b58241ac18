// The x-total-count header of every list answer.
import type { FastifyReply } from 'fastify'

export function withTotalCount(reply: FastifyReply, total: number): FastifyReply {
  return reply.header('x-total-count', String(total)).header('access-control-expose-headers', 'x-total-count')
}
