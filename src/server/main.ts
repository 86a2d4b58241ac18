// Reads the environment, opens and migrates the database, makes sure someone can sign in, serves, and shuts down cleanly.
// Several servers may start at once on one PostgreSQL: migrations take Kysely's lock, the first super-user and the
// generated secret are inserted by whichever server comes first, and the others use what it stored.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import closeWithGrace from 'close-with-grace'
import { pino, type LoggerOptions } from 'pino'
import { loadConfig, severalServerWarnings } from './config'
import { openDatabase } from './db'
import { migrateToLatest } from './db/migrate'
import { DatabaseUnreachableError, waitForDatabase } from './db/wait'
import { buildApp } from './app'
import { loggerOptions } from './logging'
import { signingSecret } from './plugins/auth'
import { ensureFirstSuperuser } from './domain/users'
import { randomPassword } from './domain/passwords'

const config = loadConfig()
// made before the app, which needs the database (its secret may live there): the start is logged the same way
const log = pino(loggerOptions(config.LOG_LEVEL) as LoggerOptions)
const database = openDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE, readWorkers: config.DATABASE_READ_WORKERS })
try {
  await waitForDatabase(database, config.DATABASE_URL, config.DATABASE_WAIT, (message) => log.warn(message))
} catch (error) {
  if (!(error instanceof DatabaseUnreachableError)) throw error
  log.fatal(error.message)
  process.stderr.write(`Stockroom cannot start: ${error.message}\n`)
  await database.close()
  process.exit(1)
}
const applied = await migrateToLatest(database)
if (applied.length) log.info({ migrations: applied }, 'database migrated')
for (const warning of severalServerWarnings(process.env, database.dialect)) log.warn(warning)

const app = await buildApp({
  config,
  database,
  secret: await signingSecret(config.SECRET, config.DATA_DIR, database),
  loggerInstance: log,
  spaRoot: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist'),
})
database.slowReads.workers?.start()

const created = await ensureFirstSuperuser(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, () => randomPassword(16))
if (created?.generatedPassword) {
  // shown once on the terminal, never through the logger
  process.stdout.write(
    `\n  First start: a super-user was created.\n  Sign in at ${config.PUBLIC_URL}/login with\n    e-mail:   ${created.email}\n    password: ${created.generatedPassword}\n  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose them yourself)\n\n`,
  )
} else if (created) {
  app.log.info({ email: created.email }, 'first super-user created from ADMIN_EMAIL/ADMIN_PASSWORD')
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error')
  else app.log.info({ signal }, 'shutting down: finishing requests in flight')
  await app.close()
})

await app.listen({ port: config.PORT, host: config.HOST })
