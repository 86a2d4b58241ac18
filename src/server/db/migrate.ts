// Versioned migrations, run at start and by `npm run db:migrate`. Add a file NNN-name.ts and list it here.
import fs from 'node:fs'
import SQLite from 'better-sqlite3'
import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import type { DatabaseHandle, DB, Dialect } from './index'
import * as initial from './migrations/001-initial'
import * as fastProductLists from './migrations/002-fast-product-lists'
import * as audit from './migrations/003-audit'
import * as shortTextCounts from './migrations/011-short-text-counts'
import * as coveringTextSorts from './migrations/012-covering-text-sorts'
import * as idempotencyKeys from './migrations/013-idempotency-keys'
import * as mailedTokenFingerprints from './migrations/020-mailed-token-fingerprints'
import * as usernameKeys from './migrations/021-username-keys'
import * as attemptCounters from './migrations/022-attempt-counters'
import * as sharedSecret from './migrations/023-shared-secret'
import * as stockTransfers from './migrations/030-stock-transfers'
import * as stockCounts from './migrations/031-stock-counts'
import * as reorderLevels from './migrations/032-reorder-levels'
import * as stockHistory from './migrations/033-stock-history'
import * as barcodeIndex from './migrations/040-barcode-index'
import * as office from './migrations/050-office'
import * as importProblemCodes from './migrations/051-import-problem-codes'

type DialectMigration = { up(db: Parameters<Migration['up']>[0], dialect: Dialect): Promise<void> }
const migrations: Record<string, DialectMigration> = {
  '001-initial': initial,
  '002-fast-product-lists': fastProductLists,
  '003-audit': audit,
  '011-short-text-counts': shortTextCounts,
  '012-covering-text-sorts': coveringTextSorts,
  '013-idempotency-keys': idempotencyKeys,
  '020-mailed-token-fingerprints': mailedTokenFingerprints,
  '021-username-keys': usernameKeys,
  '022-attempt-counters': attemptCounters,
  '023-shared-secret': sharedSecret,
  '030-stock-transfers': stockTransfers,
  '031-stock-counts': stockCounts,
  '032-reorder-levels': reorderLevels,
  '033-stock-history': stockHistory,
  '040-barcode-index': barcodeIndex,
  '050-office': office,
  '051-import-problem-codes': importProblemCodes,
}

class ListedMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, { up: (db) => m.up(db, this.dialect) }])),
    )
  }
}

async function migrate(db: DB, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new ListedMigrations(dialect) })
  const { error, results } = await migrator.migrateToLatest()
  if (error instanceof Error) throw error
  if (error) throw new Error('a migration failed', { cause: error })
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** How long a server waits for another process that migrates the same SQLite file. */
const SQLITE_MIGRATION_WAIT_MS = 10 * 60 * 1000

/**
 * Applies pending migrations; returns the names applied. Several processes may start at once on one database:
 * on PostgreSQL Kysely's Migrator holds an advisory lock and migrates in one transaction, so the others wait and then
 * find nothing to do. On SQLite, where Kysely takes no lock, a write transaction on a small file beside the database
 * is the lock (the operating system releases it if the process dies); migrations themselves open transactions, so
 * the database file's own lock cannot serve.
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
