// Builds the Fastify app: external plugins, then ours, then the routes under /api (every file of routes/, found there).
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IDEMPOTENT_REPLAYED_HEADER } from '../contract/constants'
import type { Config } from './config'
import type { DatabaseHandle } from './db'
import errors from './plugins/errors'
import db from './plugins/db'
import mail from './plugins/mail'
import auth from './plugins/auth'
import access from './plugins/access'
import spa from './plugins/spa'
import rateLimits from './plugins/rate-limits'
import writes from './plugins/writes'
import audit from './plugins/audit'
import idempotency from './plugins/idempotency'
import housekeeping from './plugins/housekeeping'
import { loggerOptions } from './logging'
import { folderModules } from './db/folder-modules'
import { isRouteModule, routeOptionsOf, type RoutePlugin } from './routes/support/route-plugin'

/**
 * Every route plugin: the default export of each file of routes/ (helpers live in routes/support/, which is not
 * read), in the order of the file names, so that the OpenAPI document is the same on every start.
 */
async function routePlugins(): Promise<RoutePlugin[]> {
  const files = folderModules(() => import.meta.glob('./routes/*.ts'), new URL('./routes/', import.meta.url))
  return Promise.all(
    files.map(async ([file, load]) => {
      const module = await load()
      if (!isRouteModule(module))
        throw new Error(`routes/${file} exports no route plugin as its default; helpers belong in routes/support/`)
      return module.default
    }),
  )
}

export interface AppOptions {
  config: Config
  database: DatabaseHandle
  secret: string
  /** pino options, or false for none (tests) */
  logger?: FastifyServerOptions['logger']
  /** a logger made before the app (main.ts logs its start with it) */
  loggerInstance?: FastifyBaseLogger
  /** the built SPA (dist/); without it only the API is served */
  spaRoot?: string
  /** close the database when the app closes (default true) */
  closeDatabase?: boolean
  /** how often expired sessions, tokens and counters are deleted (default every 10 minutes) */
  sweepEveryMs?: number
}

export async function buildApp(options: AppOptions) {
  const { config } = options
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(config.LOG_LEVEL) }),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    // without it, X-Forwarded-For is ignored: a client could otherwise name any address and dodge the rate limits
    trustProxy: config.TRUST_PROXY ?? false,
  }).withTypeProvider<TypeBoxTypeProvider>()

  await app.register(errors)
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // product images are links to other sites; inline styles come from MUI's emotion
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  })
  await app.register(cors, {
    origin: config.CORS_ORIGIN ? config.CORS_ORIGIN.split(',').map((o) => o.trim()) : false,
    // the plugin's default (GET, HEAD, POST) would refuse an allowed origin's edits in the preflight
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-total-count', IDEMPOTENT_REPLAYED_HEADER],
  })
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stockroom API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  })

  await app.register(db, { database: options.database, closeWithApp: options.closeDatabase ?? true })
  await app.register(rateLimits, {
    windowSeconds: config.RATE_LIMIT_WINDOW,
    perAddress: config.RATE_LIMIT_PER_ADDRESS,
    perAccount: config.RATE_LIMIT_PER_ACCOUNT,
    accountCeiling: config.RATE_LIMIT_ACCOUNT_CEILING,
    mailsPerHour: config.RATE_LIMIT_MAILS,
    importsPerHour: config.RATE_LIMIT_IMPORTS,
  })
  await app.register(mail, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.DATA_DIR, 'outbox') })
  await app.register(auth, { secret: options.secret, tokenLifetimeSeconds: config.TOKEN_LIFETIME })
  // before the writes' hooks: a request that may not be made is refused before anything of it is recorded
  await app.register(access)
  await app.register(writes)
  // first among the recorders: a repeat on another server is found before any other work of the write
  await app.register(idempotency)
  await app.register(audit)
  await app.register(housekeeping, { everyMs: options.sweepEveryMs })

  await app.register(
    async (api) => {
      const routeOptions = routeOptionsOf(config)
      for (const plugin of await routePlugins()) await api.register(plugin, routeOptions)
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger())
    },
    { prefix: '/api' },
  )
  await app.register(spa, { root: options.spaRoot })
  return app
}
