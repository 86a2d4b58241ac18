// Reads the environment, opens and migrates the database, makes sure someone can sign in, serves, and shuts down cleanly.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import closeWithGrace from 'close-with-grace'
import { loadConfig } from './config'
import { openDatabase } from './db'
import { migrateToLatest } from './db/migrate'
import { DatabaseUnreachableError, waitForDatabase } from './db/wait'
import { buildApp } from './app'
import { loadSecret } from './plugins/auth'
import { ensureFirstSuperuser } from './domain/users'
import { randomPassword } from './domain/passwords'

const config = loadConfig()
const database = openDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE, readWorkers: config.DATABASE_READ_WORKERS })
const app = await buildApp({
  config,
  database,
  secret: loadSecret(config.SECRET, config.DATA_DIR),
  spaRoot: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist'),
})
try {
  await waitForDatabase(database, config.DATABASE_URL, config.DATABASE_WAIT, (message) => app.log.warn(message))
} catch (error) {
  if (!(error instanceof DatabaseUnreachableError)) throw error
  app.log.fatal(error.message)
  process.stderr.write(`Stockroom cannot start: ${error.message}\n`)
  await database.close()
  process.exit(1)
}
const applied = await migrateToLatest(database)
database.slowReads.workers?.start()
if (applied.length) app.log.info({ migrations: applied }, 'database migrated')

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
