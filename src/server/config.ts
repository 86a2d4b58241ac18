// The environment, validated once at start. Every setting is documented in the README.
import Type, { type Static } from 'typebox'
import Value from 'typebox/value'
import { ROLES } from '../contract/roles'

export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8000 }),
  HOST: Type.String({ default: '127.0.0.1' }),
  DATABASE_URL: Type.String({ default: 'sqlite:data/stockroom.db', pattern: '^(sqlite:|postgres(ql)?://)' }),
  /** seconds to wait at start for a database that is not reachable yet, then exit with the reason */
  DATABASE_WAIT: Type.Integer({ minimum: 0, default: 30 }),
  /** PostgreSQL: connections this server keeps at most (a third of them for slow list reads) */
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 2, maximum: 1000, default: 10 }),
  /** SQLite: worker threads that run the product list beside the server's own connection */
  DATABASE_READ_WORKERS: Type.Integer({ minimum: 1, maximum: 64, default: 1 }),
  /** where the generated secret, the mail outbox and the default SQLite file live */
  DATA_DIR: Type.String({ default: 'data' }),
  SECRET: Type.Optional(Type.String({ minLength: 32 })),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Stockroom <stockroom@localhost>' }),
  /** the company that orders, as purchase orders name it */
  COMPANY_NAME: Type.String({ minLength: 1, maxLength: 200, default: 'Stockroom' }),
  ADMIN_EMAIL: Type.String({ default: 'admin@example.com', format: 'email' }),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  OPEN_REGISTRATION: Type.Boolean({ default: false }),
  /** the role a new account holds in every warehouse until an administrator gives it others (never administrator:
   * anybody who registers would hold it) */
  DEFAULT_ROLE: Type.Enum(
    ROLES.filter((role) => role !== 'administrator'),
    { default: 'viewer' },
  ),
  /** seconds */
  TOKEN_LIFETIME: Type.Integer({ minimum: 60, default: 8 * 3600 }),
  CORS_ORIGIN: Type.Optional(Type.String()),
  /** addresses or CIDR ranges of reverse proxies whose X-Forwarded-For names the client (rate limits, logs) */
  TRUST_PROXY: Type.Optional(Type.String({ pattern: '^[0-9A-Fa-f.:/, ]+$|^(loopback|linklocal|uniquelocal)$' })),
  /** sign-in, registration, forgot-password, request-verify-token and reset-password: attempts counted over this many seconds */
  RATE_LIMIT_WINDOW: Type.Integer({ minimum: 1, default: 900 }),
  /** attempts per window from one client address, per call (sign-in and reset-password: failed ones) */
  RATE_LIMIT_PER_ADDRESS: Type.Integer({ minimum: 1, default: 100 }),
  /** failed sign-ins per window for one account from one client address; then that address is blocked for it */
  RATE_LIMIT_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 10 }),
  /** failed sign-ins per window for one account from all addresses; beyond it each attempt waits a growing delay */
  RATE_LIMIT_ACCOUNT_CEILING: Type.Integer({ minimum: 1, default: 100 }),
  /** password-reset and verification mails per hour to one e-mail address, each */
  RATE_LIMIT_MAILS: Type.Integer({ minimum: 1, default: 3 }),
  /** uploads of imports (checks too) one user may send an hour */
  RATE_LIMIT_IMPORTS: Type.Integer({ minimum: 1, default: 60 }),
  /** seconds after which an import whose server stopped renewing its heartbeat (a crash) is ended as failed */
  IMPORT_STALE_AFTER: Type.Integer({ minimum: 1, default: 60 }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
})
export type Config = Static<typeof ConfigSchema> & { PUBLIC_URL: string }

/**
 * Settings that each server of several on one PostgreSQL would answer differently when left unset: the sentences to
 * warn with at start (none on SQLite, which one server uses).
 */
export function severalServerWarnings(env: Record<string, string | undefined>, dialect: 'sqlite' | 'postgres'): string[] {
  if (dialect !== 'postgres') return []
  const warnings: string[] = []
  if (!env.SMTP_URL)
    warnings.push('SMTP_URL is not set: this server writes mails to its own DATA_DIR/outbox; with several servers set SMTP_URL.')
  if (!env.PUBLIC_URL)
    warnings.push("PUBLIC_URL is not set: links in mails point at this server's own port; with several servers set the address people use.")
  return warnings
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(ConfigSchema.properties)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  )
  const value = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, known))
  if (!Value.Check(ConfigSchema, value)) {
    const problems = Value.Errors(ConfigSchema, value).map((e) => `${e.instancePath.slice(1) || 'config'} ${e.message}`)
    throw new Error(`Invalid environment: ${problems.join('; ')}`)
  }
  return { ...value, PUBLIC_URL: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, '') }
}
