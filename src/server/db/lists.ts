// The one query behind every plain list: narrowed to some ids and by a search, sorted, paged, and counted.
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { MAX_LIST_LIMIT, type ListQuery } from '../../contract'
import type { Database } from './schema'
import type { Dialect } from './index'
import { containsText } from './dialect'

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

export interface ListShape {
  /** columns `q` searches, ignoring case; a row matches when one of them contains it */
  searched: readonly string[]
  /** names sort as people read them, ignoring case */
  names: readonly string[]
  defaultSort: string
  /** rows answered without `limit` */
  fallbackLimit?: number
}

export interface Page<Row> {
  rows: Row[]
  /** all rows that match, over all pages */
  total: number
}

/**
 * `from` (a selection of one table, already narrowed by the caller) narrowed by the query's ids and search, and in its
 * order: the rows of every page, in one query an export streams whole (domain/exports).
 */
export function orderedRows<Table extends keyof Database, Row>(
  dialect: Dialect,
  from: SelectQueryBuilder<Database, Table, Row>,
  query: ListQuery,
  shape: ListShape,
) {
  const conditions: RawBuilder<SqlBool>[] = []
  if (query.id) conditions.push(query.id.length > 0 ? sql<SqlBool>`id in (${sql.join(query.id)})` : sql<SqlBool>`1 = 0`)
  const q = query.q
  if (q)
    conditions.push(
      sql<SqlBool>`(${sql.join(
        shape.searched.map((column) => containsText(dialect, column, q)),
        sql` or `,
      )})`,
    )
  const matching = conditions.reduce((qb, condition) => qb.where(condition), from)
  const sort = parseSort(query.sort_by, shape.defaultSort)
  const key = shape.names.includes(sort.field) ? sql`lower(${sql.ref(sort.field)})` : sql.ref(sort.field)
  const ordered = matching
    .orderBy(key, sort.direction)
    // ties keep one order from page to page
    .$if(sort.field !== 'id', (qb) => qb.orderBy(sql.ref('id'), sort.direction))
  return { matching, ordered }
}

/** One page of `from` (a selection of one table, already narrowed by the caller) and the count of all that match. */
export async function listPage<Table extends keyof Database, Row>(
  dialect: Dialect,
  from: SelectQueryBuilder<Database, Table, Row>,
  query: ListQuery,
  shape: ListShape,
): Promise<Page<Row>> {
  const { matching, ordered } = orderedRows(dialect, from, query, shape)
  const { offset, limit } = paging(query, shape.fallbackLimit)
  const [rows, counted] = await Promise.all([
    ordered.offset(offset).limit(limit).execute(),
    matching
      .clearSelect()
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(counted.count) }
}
