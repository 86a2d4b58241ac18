// Who may call what. Each /api route declares in its own options what it takes, as it declares its audit:
// `config: { access: 'catalogue.write' }`, or with the warehouses its data concerns,
// `config: { access: { permission: 'stock.book', in: bodyWarehouse } }`. Routes open to the public say so with
// `auth: 'public'` instead. The user's roles are read with their session, once per request (a change of roles
// applies from the next one); a refusal is 403 FORBIDDEN naming the permission and the warehouse, before anything is written.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { holds, permissionsOf, warehousesWith, type Permission, type PermissionGrant, type RoleGrant } from '../../contract/roles'
import type { DB } from '../db'
import { Forbidden, NotFound } from '../domain/errors'

/** The warehouses a request concerns, read from its data; undefined when that data names nothing (the route answers 404). */
export interface WarehousesOf {
  (request: FastifyRequest, db: DB): Promise<number[] | undefined>
  /** read from a stored record (a count, a mutation): in a warehouse the user may not read, it is not found for them */
  stored?: boolean
}

/** Several permissions worked out from the request's data; undefined when that data names nothing. */
export interface NeedsOf {
  (request: FastifyRequest, db: DB): Promise<PermissionGrant[] | undefined>
  /** read from a stored record: in a warehouse the user may not read, it is not found for them */
  stored?: boolean
}

/** What one route takes, beyond a session. */
export type AccessRule =
  /** any signed-in user: their own account, signing out */
  | 'signed-in'
  /** company permissions, or warehouse permissions held in at least one warehouse (the route shows only those) */
  | Permission
  | Permission[]
  /** as above, and the warehouse permissions in every warehouse the request concerns */
  | { permission: Permission | Permission[]; in: WarehousesOf }
  /** as above, and the permissions worked out from the request's data (an undo of someone else's booking) */
  | { permission: Permission; needs: NeedsOf }

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule
  }
  interface FastifyRequest {
    /** what the signed-in user may do, read in this request (empty before the access hook and on public routes) */
    permissions: PermissionGrant[]
    /** the roles the signed-in user holds, read with their session (empty on public routes) */
    roles: RoleGrant[]
  }
  interface FastifyInstance {
    /** `METHOD /url` of every /api route that is neither public nor declares its access */
    undeclaredAccess(): string[]
  }
}

/** The warehouses whose stock the request's user may see: lists, reports and documents of stock show only these. */
export const visibleWarehouses = (request: FastifyRequest): 'all' | number[] => warehousesWith(request.permissions, 'stock.read')

/** The refusal of a request that lacks `permission` in `warehouseId`, naming the warehouse as the user may know it. */
async function refusal(db: DB, permission: Permission, warehouseId: number | null): Promise<Forbidden> {
  const warehouse =
    warehouseId === null
      ? undefined
      : await db.selectFrom('warehouses').select('warehouse_name').where('id', '=', warehouseId).executeTakeFirst()
  const where = warehouse ? ` in warehouse ${warehouse.warehouse_name}` : ''
  return new Forbidden(`You may not do this: it takes the permission ${permission}${where}.`, 'FORBIDDEN', {
    permission,
    ...(warehouseId === null ? {} : { warehouse_id: warehouseId, warehouse: warehouse?.warehouse_name ?? String(warehouseId) }),
  })
}

/** A rule that reads the request's data */
type DataRule = Extract<AccessRule, { permission: unknown }>

/** The permissions a rule asks for whatever the data: each must be held for the company or in some warehouse. */
const firstNeeds = (rule: Exclude<AccessRule, 'signed-in'>): Permission[] =>
  typeof rule === 'string' ? [rule] : Array.isArray(rule) ? rule : [rule.permission].flat()

/** What a rule asks of this request's data, each as a permission in a warehouse. */
async function needsOf(rule: DataRule, request: FastifyRequest, db: DB): Promise<PermissionGrant[] | undefined> {
  if ('needs' in rule) return rule.needs(request, db)
  const warehouses = await rule.in(request, db)
  return warehouses?.flatMap((warehouse_id) => [rule.permission].flat().map((permission) => ({ permission, warehouse_id })))
}

/** Whether one need is met: a permission asked for no warehouse in particular is met by any one warehouse (a company
 * permission is only ever held for the company). */
const meets = (grants: readonly PermissionGrant[], need: PermissionGrant) => holds(grants, need.permission, need.warehouse_id ?? undefined)

export default fp(async function access(app: FastifyInstance) {
  const undeclared: string[] = []
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.auth === 'public' || route.config?.access !== undefined) return
    for (const method of [route.method].flat()) if (method !== 'HEAD') undeclared.push(`${method} ${route.url}`)
  })
  app.decorate('undeclaredAccess', () => [...undeclared])
  // kept beside the request (a decorator may not hold an array itself: it would be shared by every request)
  const held = new WeakMap<FastifyRequest, PermissionGrant[]>()
  app.decorateRequest('permissions', {
    getter(this: FastifyRequest) {
      return held.get(this) ?? []
    },
    setter(this: FastifyRequest, grants: PermissionGrant[]) {
      held.set(this, grants)
    },
  })
  const roles = new WeakMap<FastifyRequest, RoleGrant[]>()
  app.decorateRequest('roles', {
    getter(this: FastifyRequest) {
      return roles.get(this) ?? []
    },
    setter(this: FastifyRequest, grants: RoleGrant[]) {
      roles.set(this, grants)
    },
  })

  // before validation, so that nobody learns from a 422 what they may not call: the user's permissions, and the rules
  // that need no data of the request; a permission needed in some warehouse is refused here when held in none
  app.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config.access
    if (!request.user || rule === undefined) return
    const grants = permissionsOf(request.roles, request.user.is_superuser)
    request.permissions = grants
    if (rule === 'signed-in') return
    const lacking = firstNeeds(rule).find((permission) => !meets(grants, { permission, warehouse_id: null }))
    if (lacking) throw await refusal(app.db, lacking, null)
  })

  // after validation: the rules that read the request's data (the warehouse it names, the record it concerns)
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config.access
    if (!request.user || typeof rule !== 'object' || Array.isArray(rule)) return
    const grants = request.permissions
    const needs = await needsOf(rule, request, app.db)
    // the data the rule reads names nothing: the route itself answers that it is not found
    if (needs === undefined) return
    const missing = needs.find((need) => !meets(grants, need))
    if (!missing) return
    // a stored record in a warehouse the user may not read is not there for them
    const unseen = missing.warehouse_id !== null && !holds(grants, 'stock.read', missing.warehouse_id)
    if (unseen && ('in' in rule ? rule.in.stored : rule.needs.stored)) throw new NotFound('Record')
    throw await refusal(app.db, missing.permission, missing.warehouse_id)
  })
})
