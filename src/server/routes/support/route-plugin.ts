// What every file of routes/ is: a route plugin, its module's default export, which the app finds there and registers
// under /api (app.ts) with the one options object below, from which each plugin takes what it needs.
import path from 'node:path'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Role } from '../../../contract/roles'
import type { Config } from '../../config'

/** The settings route plugins take: made once from the configuration and given to every one of them. */
export interface RouteOptions {
  /** the address the site is reached at, for the links in account mails (auth.ts) */
  publicUrl: string
  /** whether anybody may register an account (auth.ts) */
  openRegistration: boolean
  /** where uploads are kept while they are checked or imported: DATA_DIR/imports (imports.ts) */
  uploadFolder: string
  /** seconds after which a running import whose server stopped renewing its heartbeat is ended (imports.ts) */
  staleAfterSeconds: number
  /** the role a new account holds in every warehouse (users.ts, auth.ts) */
  defaultRole: Role
  /** the company that orders, printed on purchase orders (purchase-orders.ts) */
  companyName: string
}

export function routeOptionsOf(config: Config): RouteOptions {
  return {
    publicUrl: config.PUBLIC_URL,
    openRegistration: config.OPEN_REGISTRATION,
    uploadFolder: path.resolve(config.DATA_DIR, 'imports'),
    staleAfterSeconds: config.IMPORT_STALE_AFTER,
    defaultRole: config.DEFAULT_ROLE,
    companyName: config.COMPANY_NAME,
  }
}

export type RoutePlugin = FastifyPluginAsyncTypebox<RouteOptions>

/** Whether a module of routes/ has a route plugin (a function) as its default export. */
export function isRouteModule(module: unknown): module is { default: RoutePlugin } {
  return typeof module === 'object' && module !== null && 'default' in module && typeof module.default === 'function'
}
