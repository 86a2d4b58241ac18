// The audit trail, kept in one place: every successful write of a route listed in RULES adds a row saying who did
// what to which record. Routes know nothing of it; a route that writes and is in neither RULES nor NOT_AUDITED is
// reported by `app.unauditedWrites` (and fails the audit test), so a new write route cannot slip by unrecorded.
// The row is written after the write committed and before the answer leaves: a client that got its 2xx finds the
// row, and a failed write (4xx/5xx) leaves none. Secrets (passwords, hashes, tokens) are stored as "[redacted]".
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuditAction, AuditEntityType } from '../../contract'

declare module 'fastify' {
  interface FastifyRequest {
    /** set by a route whose answer does not name the record it changed (reset-password) */
    auditSubject?: number
    /** the record as it was before a deletion */
    auditBefore?: Record<string, unknown>
  }
  interface FastifyInstance {
    /** `METHOD /url` of every write route that is neither audited nor listed as not changing a record */
    unauditedWrites(): string[]
  }
}

type RecordTable = 'brands' | 'organizations' | 'warehouses' | 'locations' | 'products' | 'product_sellers' | 'stock_mutations' | 'users'

interface Rule {
  entity: AuditEntityType
  /** where the record's id comes from: a path parameter, the answer's `id`, the signed-in user, or the route */
  id: { param: string } | 'answer' | 'me' | 'subject'
  /** default: POST creates (200 from POST: updates an existing record), PUT/PATCH update, DELETE deletes */
  action?: AuditAction
  /** path parameters that place the record, under the name they get in `changes` */
  context?: Record<string, string>
  /** the product data the call changes */
  part?: 'supplier' | 'seller'
  /** the answer's id names this sub-record */
  answerAs?: string
  /** the table and path parameter of the row a deletion removes, kept as `before` */
  before?: { table: RecordTable; param: string }
  /** the person acts on their own account without a session (registration, mailed links) */
  bySubject?: boolean
}

const RULES = new Map<string, Rule>()
function audited(methods: string, url: string, rule: Rule) {
  for (const method of methods.split(',')) RULES.set(`${method} /api${url}`, rule)
}

for (const [path, entity, table] of [
  ['/brands', 'brand', 'brands'],
  ['/orgs', 'organization', 'organizations'],
  ['/warehouses', 'warehouse', 'warehouses'],
] as const) {
  audited('POST', `${path}/`, { entity, id: 'answer' })
  audited('PATCH,PUT', `${path}/:id`, { entity, id: { param: 'id' } })
  audited('DELETE', `${path}/:id`, { entity, id: { param: 'id' }, before: { table, param: 'id' } })
}
audited('POST', '/suppliers/', { entity: 'organization', id: 'answer' })
audited('POST', '/sellers/', { entity: 'organization', id: 'answer' })
const inWarehouse = { warehouse_id: 'id' }
audited('POST', '/warehouses/:id/locations', { entity: 'location', id: 'answer', context: inWarehouse })
audited('PATCH,PUT', '/warehouses/:id/locations/:location_id', { entity: 'location', id: { param: 'location_id' }, context: inWarehouse })
audited('DELETE', '/warehouses/:id/locations/:location_id', {
  entity: 'location',
  id: { param: 'location_id' },
  context: inWarehouse,
  before: { table: 'locations', param: 'location_id' },
})
const product = { param: 'id' }
audited('POST', '/products/', { entity: 'product', id: 'answer' })
audited('PATCH,PUT', '/products/:id', { entity: 'product', id: product })
audited('DELETE', '/products/:id', { entity: 'product', id: product, before: { table: 'products', param: 'id' } })
audited('PATCH,PUT', '/products/:id/supplier', { entity: 'product', id: product, part: 'supplier' })
audited('POST', '/products/:id/sellers', { entity: 'product', id: product, action: 'update', part: 'seller', answerAs: 'seller_info_id' })
audited('PATCH,PUT', '/products/:id/sellers/:seller_info_id', {
  entity: 'product',
  id: product,
  part: 'seller',
  context: { seller_info_id: 'seller_info_id' },
})
audited('DELETE', '/products/:id/sellers/:seller_info_id', {
  entity: 'product',
  id: product,
  action: 'update',
  part: 'seller',
  context: { seller_info_id: 'seller_info_id' },
  before: { table: 'product_sellers', param: 'seller_info_id' },
})
const ofProduct = { product_id: 'id' }
audited('POST', '/products/:id/stock_mutations', { entity: 'stock_mutation', id: 'answer', context: ofProduct })
audited('DELETE', '/products/:id/stock_mutations/:mutation_id', {
  entity: 'stock_mutation',
  id: { param: 'mutation_id' },
  context: ofProduct,
  before: { table: 'stock_mutations', param: 'mutation_id' },
})
audited('POST', '/users/', { entity: 'user', id: 'answer' })
audited('PATCH,PUT', '/users/:id', { entity: 'user', id: { param: 'id' } })
audited('DELETE', '/users/:id', { entity: 'user', id: { param: 'id' }, before: { table: 'users', param: 'id' } })
audited('PATCH', '/users/me', { entity: 'user', id: 'me' })
audited('POST', '/auth/register', { entity: 'user', id: 'answer', bySubject: true })
audited('POST', '/auth/verify', { entity: 'user', id: 'answer', action: 'update', bySubject: true })
audited('POST', '/auth/reset-password', { entity: 'user', id: 'subject', action: 'update', bySubject: true })

/** Writes that change no record of the catalogue, the ledger or the accounts: sessions and mailed tokens only. */
const NOT_AUDITED = new Set(
  ['/auth/jwt/login', '/auth/jwt/logout', '/auth/request-verify-token', '/auth/forgot-password'].map((url) => `POST /api${url}`),
)
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const SECRET_FIELDS = new Set(['password', 'hashed_password', 'token', 'access_token'])
const REDACTED = '[redacted]'
function withoutSecrets(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, SECRET_FIELDS.has(key) ? REDACTED : value]))
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function parseAnswer(payload: unknown): Record<string, unknown> | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined
  try {
    const parsed: unknown = JSON.parse(payload)
    return isRecord(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

export default fp(async function audit(app: FastifyInstance) {
  const writeRoutes: string[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (WRITES.has(method) && route.url.startsWith('/api/')) writeRoutes.push(`${method} ${route.url}`)
  })
  app.decorate('unauditedWrites', () => writeRoutes.filter((route) => !RULES.has(route) && !NOT_AUDITED.has(route)))
  app.decorateRequest('auditSubject', undefined)
  app.decorateRequest('auditBefore', undefined)

  const ruleOf = (request: FastifyRequest) => RULES.get(`${request.method} ${request.routeOptions.url}`)
  const param = (request: FastifyRequest, name: string) => (request.params as Record<string, unknown>)[name]

  // the record a deletion removes, read once the request is known to be valid and allowed
  app.addHook('preHandler', async (request) => {
    const before = ruleOf(request)?.before
    if (!before) return
    const id = Number(param(request, before.param))
    const row = await app.db.selectFrom(before.table).selectAll().where('id', '=', id).executeTakeFirst()
    if (row) request.auditBefore = withoutSecrets(row as Record<string, unknown>)
  })

  async function record(request: FastifyRequest, reply: FastifyReply, rule: Rule, payload: unknown) {
    const answer = rule.id === 'answer' || rule.answerAs ? parseAnswer(payload) : undefined
    const entityId = Number(
      rule.id === 'answer'
        ? answer?.id
        : rule.id === 'me'
          ? request.user?.id
          : rule.id === 'subject'
            ? request.auditSubject
            : param(request, rule.id.param),
    )
    if (!Number.isInteger(entityId)) throw new Error(`no record id for the audit of ${request.method} ${request.routeOptions.url}`)
    const action: AuditAction =
      rule.action ?? (request.method === 'DELETE' ? 'delete' : request.method === 'POST' && reply.statusCode === 201 ? 'create' : 'update')
    // only a body the route's schema checked: a DELETE may carry any text, which is not the change
    const body = request.routeOptions.schema?.body && isRecord(request.body) ? withoutSecrets(request.body) : {}
    const changes = {
      ...(rule.part ? { part: rule.part } : {}),
      ...Object.fromEntries(Object.entries(rule.context ?? {}).map(([name, from]) => [name, Number(param(request, from))])),
      ...(rule.answerAs && answer ? { [rule.answerAs]: answer.id } : {}),
      ...body,
      ...(request.auditBefore ? { before: request.auditBefore } : {}),
    }
    const actorId = rule.bySubject ? entityId : (request.user?.id ?? null)
    const actor = rule.bySubject
      ? await app.db.selectFrom('users').select('username').where('id', '=', entityId).executeTakeFirst()
      : request.user
    await app.db
      .insertInto('audit_log')
      .values({
        created_at: new Date().toISOString(),
        user_id: actorId,
        username: actor?.username ?? null,
        action,
        entity_type: rule.entity,
        entity_id: entityId,
        changes: Object.keys(changes).length ? JSON.stringify(changes) : null,
        request_id: String(request.id),
      })
      .execute()
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload
    const rule = ruleOf(request)
    if (!rule) return payload
    try {
      await record(request, reply, rule, payload)
    } catch (err) {
      // the write itself has committed: the client hears of its success, the operators of the missing audit row
      request.log.error({ err }, 'audit trail: the write succeeded but could not be recorded')
    }
    return payload
  })
})
