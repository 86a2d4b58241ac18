// Builds the Fastify app: external plugins, then ours, then the routes under /api.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import Fastify, { type FastifyServerOptions } from 'fastify'
import cors from '@fastify/cors'
import formbody from '@fastify/formbody'
import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config'
import type { DatabaseHandle } from './db'
import errors from './plugins/errors'
import db from './plugins/db'
import mail from './plugins/mail'
import auth from './plugins/auth'
import spa from './plugins/spa'
import rateLimits from './plugins/rate-limits'
import writes from './plugins/writes'
import audit from './plugins/audit'
import { loggerOptions } from './logging'
import healthRoutes from './routes/health'
import brandRoutes from './routes/brands'
import organizationRoutes from './routes/organizations'
import warehouseRoutes from './routes/warehouses'
import authRoutes from './routes/auth'
import userRoutes from './routes/users'
import productRoutes from './routes/products'
import stockRoutes from './routes/stock'
import auditRoutes from './routes/audit'
import exportRoutes from './routes/exports'
import importRoutes from './routes/imports'
import undoRoutes from './routes/undo'
import dashboardRoutes from './routes/dashboard'

export interface AppOptions {
  config: Config
  database: DatabaseHandle
  secret: string
  /** pino options, or false for none (tests) */
  logger?: FastifyServerOptions['logger']
  /** the built SPA (dist/); without it only the API is served */
  spaRoot?: string
  /** close the database when the app closes (default true) */
  closeDatabase?: boolean
}

export async function buildApp(options: AppOptions) {
  const { config } = options
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL),
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
    exposedHeaders: ['x-total-count'],
  })
  await app.register(formbody)
  await app.register(rateLimits, {
    windowSeconds: config.RATE_LIMIT_WINDOW,
    perAddress: config.RATE_LIMIT_PER_ADDRESS,
    perAccount: config.RATE_LIMIT_PER_ACCOUNT,
  })
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stockroom API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  })

  await app.register(db, { database: options.database, closeWithApp: options.closeDatabase ?? true })
  await app.register(mail, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.DATA_DIR, 'outbox') })
  await app.register(auth, { secret: options.secret, tokenLifetimeSeconds: config.TOKEN_LIFETIME })
  await app.register(writes)
  await app.register(audit)

  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(authRoutes, { publicUrl: config.PUBLIC_URL, openRegistration: config.OPEN_REGISTRATION })
      await api.register(userRoutes)
      await api.register(brandRoutes)
      await api.register(organizationRoutes)
      await api.register(warehouseRoutes)
      await api.register(productRoutes)
      await api.register(stockRoutes)
      await api.register(auditRoutes)
      await api.register(exportRoutes)
      await api.register(importRoutes)
      await api.register(undoRoutes)
      await api.register(dashboardRoutes)
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger())
    },
    { prefix: '/api' },
  )
  await app.register(spa, { root: options.spaRoot })
  return app
}
