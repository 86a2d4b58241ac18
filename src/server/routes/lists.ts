// Shared pieces of every list answer: paging, sorting and the x-total-count header.
import { sql, type Expression, type RawBuilder } from 'kysely'
import type { FastifyReply } from 'fastify'
import { MAX_LIST_LIMIT, type ListQuery } from '../../contract'

export const now = () => new Date().toISOString()

export function paging(query: { skip?: number; limit?: number }, fallbackLimit = MAX_LIST_LIMIT) {
  return { offset: query.skip ?? 0, limit: query.limit ?? fallbackLimit }
}

export interface Sort {
  field: string
  direction: 'asc' | 'desc'
}
/** `field.asc|desc` (already validated by the schema) as a field and a direction. */
export function parseSort(sortBy: string | undefined, fallback: string): Sort {
  const [field, direction] = (sortBy ?? fallback).split('.')
  return { field, direction: direction === 'desc' ? 'desc' : 'asc' }
}

/** Names sort as people read them, ignoring case. */
export function sortExpression(sort: Sort, nameFields: readonly string[]): Expression<unknown> | RawBuilder<unknown> {
  return nameFields.includes(sort.field) ? sql`lower(${sql.ref(sort.field)})` : sql.ref(sort.field)
}

export function withTotalCount(reply: FastifyReply, total: number): FastifyReply {
  return reply.header('x-total-count', String(total)).header('access-control-expose-headers', 'x-total-count')
}

export type { ListQuery }
