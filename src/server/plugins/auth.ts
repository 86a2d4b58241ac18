// Bearer tokens: a signed JWT (HS256 only) naming a server-side session, so logout, password changes,
// deactivation and deletion end it at once. Every /api route needs a session unless its config says `auth: 'public'`.
import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import jwt from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { User } from '../../contract'
import type { DatabaseHandle } from '../db'
import { now } from '../db/clock'
import { Unauthorized } from '../domain/errors'
import { startSession, toUser, userOfSession } from '../domain/users'

/** 'public': no session needed; 'user' (the default): a session, and then what the route's access rule asks (access.ts) */
export type AuthLevel = 'public' | 'user'

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel
  }
  interface FastifyRequest {
    sessionId?: string
  }
  interface FastifyInstance {
    issueToken(userId: number): Promise<string>
  }
}
declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; jti: string }
    user: User
  }
}

const MIN_SECRET_LENGTH = 32

/** SECRET from the environment, or one generated on first start and kept (0600) in the data directory. */
export function loadSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'secret')
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // already there (from an earlier start, or a process starting at the same moment): use that one
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = fs.readFileSync(file, 'utf8').trim()
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(
      `${file} holds no usable secret (at least ${MIN_SECRET_LENGTH} characters): delete it to have one generated, or set SECRET.`,
    )
  return secret
}

/**
 * The signing secret: SECRET, or on PostgreSQL one generated once and kept in the database, so that every server of
 * one database signs and checks tokens alike (the first server to start stores it; the others read that one);
 * on SQLite one kept in DATA_DIR/secret (loadSecret).
 */
export async function signingSecret(configured: string | undefined, dataDir: string, database: DatabaseHandle): Promise<string> {
  if (configured) return configured
  if (database.dialect !== 'postgres') return loadSecret(undefined, dataDir)
  await database.db
    .insertInto('server_secrets')
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url'), created_at: now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const { value } = await database.db.selectFrom('server_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()
  return value
}

export interface AuthOptions {
  secret: string
  tokenLifetimeSeconds: number
}

export default fp(async function auth(app: FastifyInstance, options: AuthOptions) {
  await app.register(jwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: `${options.tokenLifetimeSeconds}s`, aud: 'stockroom' },
    verify: { algorithms: ['HS256'], allowedAud: 'stockroom', requiredClaims: ['sub', 'jti', 'exp'] },
  })

  app.decorate('issueToken', async (userId: number) => {
    const jti = await startSession(app.db, userId, options.tokenLifetimeSeconds)
    return app.jwt.sign({ sub: String(userId), jti })
  })

  app.decorateRequest('sessionId', undefined)

  async function authenticate(request: FastifyRequest): Promise<void> {
    let payload: { sub: string; jti: string }
    try {
      payload = await request.jwtVerify<{ sub: string; jti: string }>()
    } catch {
      throw new Unauthorized()
    }
    const row = await userOfSession(app.db, payload.jti)
    if (!row || String(row.id) !== payload.sub) throw new Unauthorized()
    request.user = toUser(row)
    request.roles = row.roles
    request.sessionId = payload.jti
  }

  app.addHook('onRequest', async (request) => {
    // decided by the route that matched, not the URL: the SPA's catch-all route also sees /api/... paths it cannot serve
    const route = request.routeOptions.url
    if (request.is404 || !route?.startsWith('/api/')) return
    const level = request.routeOptions.config.auth ?? 'user'
    if (level === 'public') return
    await authenticate(request)
  })
})
