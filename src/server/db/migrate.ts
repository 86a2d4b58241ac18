// Versioned migrations, run at start and by `npm run db:migrate`: every file NNN-name.ts in migrations/, found there
// and applied in the order of their names (no list to keep).
import fs from 'node:fs'
import SQLite from 'better-sqlite3'
import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import { folderModules } from './folder-modules'
import type { DatabaseHandle, DB, Dialect } from './index'

type DialectMigration = { up(db: Parameters<Migration['up']>[0], dialect: Dialect): Promise<void> }
const MIGRATION_FILE = /^(\d{3}-[a-z0-9-]+)\.ts$/

function isDialectMigration(module: unknown): module is DialectMigration {
  return typeof module === 'object' && module !== null && 'up' in module && typeof module.up === 'function'
}

/** The migrations by name (the file name without .ts). */
async function foundMigrations(): Promise<Record<string, DialectMigration>> {
  const loaders = folderModules(() => import.meta.glob('./migrations/*.ts'), new URL('./migrations/', import.meta.url)).flatMap(
    ([file, load]) => {
      const name = MIGRATION_FILE.exec(file)?.[1]
      return name === undefined ? [] : [{ name, load }]
    },
  )
  const modules = await Promise.all(loaders.map(({ load }) => load()))
  return Object.fromEntries(
    loaders.map(({ name }, i) => {
      const module = modules[i]
      if (!isDialectMigration(module)) throw new Error(`migration ${name} exports no up()`)
      return [name, module]
    }),
  )
}

class FoundMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations = await foundMigrations()
    return Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, { up: (db) => m.up(db, this.dialect) }]))
  }
}

async function migrate(db: DB, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FoundMigrations(dialect) })
  const { error, results } = await migrator.migrateToLatest()
  if (error instanceof Error) throw error
  if (error) throw new Error('a migration failed', { cause: error })
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** How long a server waits for another process that migrates the same SQLite file. */
const SQLITE_MIGRATION_WAIT_MS = 10 * 60 * 1000

/**
 * Applies pending migrations; returns the names applied. They run in one transaction with their records on both
 * databases, so a crash in the middle leaves none of them. Several processes may start at once on one database:
 * on PostgreSQL Kysely's Migrator holds an advisory lock, so the others wait and then find nothing to do. On SQLite,
 * where Kysely takes no lock, a write transaction on a small file beside the database is the lock (the operating
 * system releases it if the process dies): the migrations' own transaction begins deferred, so two processes could
 * both find a migration pending.
 */
export async function migrateToLatest({ db, dialect, file }: DatabaseHandle): Promise<string[]> {
  if (dialect === 'postgres' || !file) return migrate(db, dialect)
  const lockFile = `${file}-migration-lock`
  fs.closeSync(fs.openSync(lockFile, fs.constants.O_CREAT | fs.constants.O_RDWR, 0o600))
  const lock = new SQLite(lockFile, { timeout: SQLITE_MIGRATION_WAIT_MS })
  try {
    lock.exec('begin immediate')
    try {
      return await migrate(db, dialect)
    } finally {
      lock.exec('rollback')
    }
  } finally {
    lock.close()
  }
}

/** Applies the migrations up to and including `name`: a test of a later migration starts from the state before it. */
export async function migrateThrough({ db, dialect }: DatabaseHandle, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: new FoundMigrations(dialect) }).migrateTo(name)
  if (error) throw error instanceof Error ? error : new Error('a migration failed', { cause: error })
}
