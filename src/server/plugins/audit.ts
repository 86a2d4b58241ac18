// The audit trail. Each write route declares in its own options what its success records,
// `config: { audit: { entity: 'brand', id: 'answer' } }`, or `config: { audit: false }` when it changes no record
// (sessions, mailed tokens). The row is written by a recorder of the write unit (plugins/writes.ts): in the write's
// own transaction, so a change and its row are committed together or not at all. Secrets are stored as "[redacted]".
import fp from 'fastify-plugin'
import { sql, type Insertable } from 'kysely'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuditAction, AuditEntityType } from '../../contract'
import { now } from '../db/clock'
import { auditRepository } from '../db/repositories/audit'
import type { AuditLogTable } from '../db/schema'
import type { Trx } from '../db/writes'
import type { Written } from './writes'

/** Tables whose row a deletion keeps in the audit as `before`. */
type RecordTable =
  'brands' | 'organizations' | 'warehouses' | 'locations' | 'products' | 'product_sellers' | 'stock_mutations' | 'users' | 'booking_reasons'
/** Tables without an id of their own, whose row is found by the path parameters named per column. */
type KeyedTable = 'warehouse_stock'
type Before = { table: RecordTable; param: string } | { table: KeyedTable; key: Record<string, string> }

export interface AuditRule {
  /** 'work': the write names what it changed in `request.audited` (an undo changes a record of any kind) */
  entity: AuditEntityType | 'work'
  /** where the record's id comes from: a path parameter, the answer's `id`, the signed-in user, or `request.auditSubject` */
  id: { param: string } | 'answer' | 'me' | 'subject'
  /** default: POST creates (a 200 from POST updates an existing record), PUT/PATCH update, DELETE deletes */
  action?: AuditAction
  /** path parameters that place the record, under the name they get in `changes` */
  context?: Record<string, string>
  /** fixed fields the call sets, recorded with the body's (a status change without a body: `{ status: 'applied' }`) */
  set?: Record<string, string>
  /** the product data the call changes */
  part?: 'supplier' | 'seller' | 'reorder_level'
  /** the answer's id names this sub-record */
  answerAs?: string
  /** the table and path parameter (or parameters) of the row a change or deletion touches, kept as `before` (as it was) */
  before?: Before
  /** the person acts on their own account without a session (registration, mailed links) */
  bySubject?: boolean
  /** a request this says writes nothing (a dry run) records nothing */
  writesNothing?: (request: FastifyRequest) => boolean
  /** a work (`entity: 'work'`) that may find nothing to change records nothing when it names no record */
  mayChangeNothing?: boolean
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what a successful write records, or false for a write that changes no record (say why beside it) */
    audit?: AuditRule | false
  }
  interface FastifyRequest {
    /** set by a write whose answer does not name the record it changed (reset-password) */
    auditSubject?: number
    /** set by the work of a route whose rule says `entity: 'work'`: the record it changed, how, and what to keep */
    audited?: {
      entity: AuditEntityType
      id: number
      action: AuditAction
      changes?: Record<string, unknown>
      /** the entries of the rows the work changed (an import's revert): written after its own, as parts of it */
      parts?: Insertable<AuditLogTable>[]
    }
  }
  interface FastifyInstance {
    /** `METHOD /url` of every write route that declares neither an audit rule nor `audit: false` */
    unauditedWrites(): string[]
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const SECRET_FIELDS = new Set(['password', 'current_password', 'hashed_password', 'token', 'access_token'])
const REDACTED = '[redacted]'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const withoutSecrets = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, SECRET_FIELDS.has(key) ? REDACTED : value]))
const param = (request: FastifyRequest, name: string) => (isRecord(request.params) ? Number(request.params[name]) : NaN)
const ruleOf = (request: FastifyRequest) => {
  const rule = request.routeOptions.config.audit || undefined
  return rule?.writesNothing?.(request) ? undefined : rule
}

/** The audit row of a write, written in its transaction. */
async function record(trx: Trx, rule: AuditRule, written: Written, before: Record<string, unknown> | undefined) {
  const { request, status, answer } = written
  // a work may name what it changed instead of what its rule names (a booking held for approval creates the approval)
  const named = request.audited
  if (rule.entity === 'work' || named) {
    if (!named && rule.mayChangeNothing) return
    if (!named) throw new Error(`${request.method} ${request.routeOptions.url} named no record for its audit`)
    const partOf = await auditRepository.insert(trx, {
      created_at: now(),
      user_id: request.user?.id ?? null,
      username: request.user?.username ?? null,
      action: named.action,
      entity_type: named.entity,
      entity_id: named.id,
      changes: named.changes && Object.keys(named.changes).length > 0 ? JSON.stringify(withoutSecrets(named.changes)) : null,
      request_id: String(request.id),
    })
    return auditRepository.insertMany(
      trx,
      (named.parts ?? []).map((part) => ({ ...part, part_of: partOf })),
    )
  }
  const answered = isRecord(answer) ? Number(answer.id) : NaN
  const entityId =
    rule.id === 'answer'
      ? answered
      : rule.id === 'me'
        ? request.user?.id
        : rule.id === 'subject'
          ? request.auditSubject
          : param(request, rule.id.param)
  if (entityId === undefined || !Number.isInteger(entityId))
    throw new Error(`no record id for the audit of ${request.method} ${request.routeOptions.url}`)
  const action: AuditAction =
    rule.action ?? (request.method === 'DELETE' ? 'delete' : request.method === 'POST' && status === 201 ? 'create' : 'update')
  // only a body the route's schema checked: a DELETE may carry any text, which is not the change
  const body = request.routeOptions.schema?.body && isRecord(request.body) ? withoutSecrets(request.body) : {}
  const changes = {
    ...(rule.part ? { part: rule.part } : {}),
    ...Object.fromEntries(Object.entries(rule.context ?? {}).map(([name, from]) => [name, param(request, from)])),
    ...(rule.answerAs ? { [rule.answerAs]: answered } : {}),
    ...rule.set,
    ...body,
    ...(before ? { before } : {}),
  }
  const actor = rule.bySubject
    ? await trx.selectFrom('users').select(['id', 'username']).where('id', '=', entityId).executeTakeFirst()
    : request.user
  await auditRepository.insert(trx, {
    created_at: now(),
    user_id: actor?.id ?? null,
    username: actor?.username ?? null,
    action,
    entity_type: rule.entity,
    entity_id: entityId,
    changes: Object.keys(changes).length ? JSON.stringify(changes) : null,
    request_id: String(request.id),
  })
}

async function rowBefore(trx: Trx, request: FastifyRequest, before: Before): Promise<Record<string, unknown> | undefined> {
  if ('param' in before) return trx.selectFrom(before.table).selectAll().where('id', '=', param(request, before.param)).executeTakeFirst()
  // the level's quantity keeps the name the audit has always stored it under, so old and new entries read alike
  let query = trx.selectFrom(before.table).select(['product_id', 'warehouse_id', 'min_stock', 'max_stock', 'on_hand as amount'])
  for (const [column, name] of Object.entries(before.key)) query = query.where(sql.ref(column), '=', param(request, name))
  return query.executeTakeFirst()
}

export default fp(async function audit(app: FastifyInstance) {
  const undeclared: string[] = []
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.audit !== undefined) return
    for (const method of [route.method].flat()) if (WRITES.has(method)) undeclared.push(`${method} ${route.url}`)
  })
  app.decorate('unauditedWrites', () => [...undeclared])
  app.decorateRequest('auditSubject', undefined)
  app.decorateRequest('audited', undefined)

  const recorded = new WeakSet<FastifyRequest>()
  app.addWriteRecorder(async (trx, request) => {
    const rule = ruleOf(request)
    if (!rule) return undefined
    // the record a deletion removes, as it was
    const row = rule.before ? await rowBefore(trx, request, rule.before) : undefined
    return async (written) => {
      await record(trx, rule, written, row && withoutSecrets(row))
      recorded.add(request)
    }
  })

  // an audited route that answers success without its row wrote outside the write unit: a mistake to catch in tests
  // (an answer given again to a repeated Idempotency-Key wrote nothing, and its row is the first answer's)
  app.addHook('onSend', async (request, reply, payload) => {
    if (ruleOf(request) && reply.statusCode >= 200 && reply.statusCode < 300 && !recorded.has(request) && !request.answeredBefore)
      throw new Error(`${request.method} ${request.routeOptions.url} declares an audit rule but answered without reply.commit()`)
    return payload
  })
})
