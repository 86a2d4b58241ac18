// A fresh server per test file on a fresh database: a temp SQLite file, or a new PostgreSQL database
// (on TEST_DATABASE_URL's server) when the project runs with STOCKROOM_TEST_DB=postgres.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../../src/server/app'
import { loadConfig, type Config } from '../../src/server/config'
import { openDatabase, type DatabaseHandle, type OpenOptions } from '../../src/server/db'
import { migrateToLatest } from '../../src/server/db/migrate'
import { ensureFirstSuperuser } from '../../src/server/domain/users'
import { loggerOptions } from '../../src/server/logging'
import type { RoleGrant } from '../../src/contract/roles'

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }
export const dbKind = (process.env.STOCKROOM_TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres'

/**
 * A database URL of its own, and a way to remove it: empty, or (`migrated`) a copy of the template the API projects'
 * global setup migrated once (tests/api/global-setup.ts), holding the first super-user.
 */
export async function freshDatabaseUrl({ migrated = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = migrated ? inject('templateDatabase') : undefined
  if (dbKind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL
    if (!base) throw new Error('STOCKROOM_TEST_DB=postgres needs TEST_DATABASE_URL')
    const name = `stockroom_test_${process.pid}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`create database ${name}${template ? ` template ${new URL(template).pathname.slice(1)}` : ''}`)
    await admin.end()
    const url = new URL(base)
    url.pathname = `/${name}`
    return {
      url: url.toString(),
      async drop() {
        const client = new pg.Client({ connectionString: base })
        await client.connect()
        await client.query(`drop database if exists ${name} with (force)`)
        await client.end()
      },
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-test-'))
  const file = path.join(dir, 'test.db')
  if (template) fs.copyFileSync(template.slice('sqlite:'.length), file)
  const drop = () => {
    fs.rmSync(dir, { recursive: true, force: true })
    return Promise.resolve()
  }
  return { url: `sqlite:${file}`, drop }
}

export type Response = LightMyRequestResponse
export interface Client {
  get(url: string, headers?: Record<string, string>): Promise<Response>
  delete(url: string, headers?: Record<string, string>): Promise<Response>
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
  patch(url: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
}

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>
  database: DatabaseHandle
  /** the fresh database, reached directly (not through `connectThrough`) */
  databaseUrl: string
  config: Config
  /** signed in as the first super-user */
  admin: Client
  /** not signed in */
  anonymous: Client
  client(token?: string): Client
  login(email: string, password: string): Promise<string>
  /** creates an ordinary (or super) user through the API and signs them in */
  createUser(fields?: {
    email?: string
    username?: string
    password?: string
    is_superuser?: boolean
    /** the roles they hold; by default office and manager in every warehouse, what every user could do before roles;
     * null: what the server gives a new account (DEFAULT_ROLE) */
    roles?: RoleGrant[] | null
  }): Promise<{ id: number; token: string; email: string; password: string }>
  close(): Promise<void>
}

let userCounter = 0
/** What an upgrade gives every user who is not a super-user: all a signed-in user could do before roles */
export const EVERY_RIGHT_BEFORE_ROLES: RoleGrant[] = [
  { role: 'office', warehouse_id: null },
  { role: 'manager', warehouse_id: null },
]

export interface StartOptions {
  /** receives the app's log lines (pino JSON, with the app's redaction); without it the app logs nothing */
  logStream?: NodeJS.WritableStream
  /** the URL the app connects with, given the fresh database's: e.g. through a proxy the test can cut */
  connectThrough?: (url: string) => Promise<string>
  /** adds to the app before it starts, e.g. a route that provokes a driver error */
  extend?: (app: Awaited<ReturnType<typeof buildApp>>) => void
  /** how the database is opened, beyond the pool size the config names */
  open?: OpenOptions
  /** how often the app deletes expired rows */
  sweepEveryMs?: number
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const { url, drop } = await freshDatabaseUrl({ migrated: true })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-data-'))
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://stockroom.test',
    // suites sign in many times from one address; the rate-limit test sets its own strict limits
    RATE_LIMIT_PER_ADDRESS: '1000000',
    RATE_LIMIT_PER_ACCOUNT: '1000000',
    RATE_LIMIT_ACCOUNT_CEILING: '1000000',
    RATE_LIMIT_MAILS: '1000000',
    RATE_LIMIT_IMPORTS: '1000000',
    ...env,
  })
  const database = openDatabase(options.connectThrough ? await options.connectThrough(url) : url, {
    poolSize: config.DATABASE_POOL_SIZE,
    ...options.open,
  })
  await migrateToLatest(database)
  await ensureFirstSuperuser(database.db, ADMIN.email, ADMIN.password, () => ADMIN.password)
  const logger = options.logStream ? { ...(loggerOptions('trace') as object), stream: options.logStream } : false
  const app = await buildApp({
    config,
    database,
    secret: config.SECRET ?? randomBytes(32).toString('hex'),
    logger,
    sweepEveryMs: options.sweepEveryMs,
  })
  options.extend?.(app)
  await app.ready()

  const client = (token?: string): Client => {
    const call = (method: InjectOptions['method'], url: string, body?: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method,
        url,
        ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      })
    return {
      get: (u, h) => call('GET', u, undefined, h),
      delete: (u, h) => call('DELETE', u, undefined, h),
      post: (u, b, h) => call('POST', u, b, h),
      patch: (u, b, h) => call('PATCH', u, b, h),
      put: (u, b, h) => call('PUT', u, b, h),
    }
  }
  const login = async (email: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      payload: new URLSearchParams({ username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`)
    return res.json().access_token as string
  }
  const admin = client(await login(ADMIN.email, ADMIN.password))

  return {
    app,
    database,
    databaseUrl: url,
    config,
    admin,
    anonymous: client(),
    client,
    login,
    async createUser(fields = {}) {
      userCounter += 1
      const email = fields.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`
      const password = fields.password ?? 'user-password-1'
      const res = await admin.post('/api/users/', {
        email,
        password,
        username: fields.username ?? email.split('@')[0],
        is_superuser: fields.is_superuser ?? false,
      })
      if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`)
      const id: number = res.json().id
      if (fields.roles !== null) {
        const roles = await admin.put(`/api/users/${id}/roles`, fields.roles ?? EVERY_RIGHT_BEFORE_ROLES)
        if (roles.statusCode !== 200) throw new Error(`setting roles failed: ${roles.statusCode} ${roles.body}`)
      }
      return { id, email, password, token: await login(email, password) }
    },
    async close() {
      await app.close()
      await drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
