// Versioned migrations, run at start and by `npm run db:migrate`. Add a file NNN-name.ts and list it here.
import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import type { DatabaseHandle, Dialect } from './index'
import * as initial from './migrations/001-initial'
import * as fastProductLists from './migrations/002-fast-product-lists'
import * as audit from './migrations/003-audit'
import * as shortTextCounts from './migrations/011-short-text-counts'
import * as coveringTextSorts from './migrations/012-covering-text-sorts'
import * as office from './migrations/050-office'

type DialectMigration = { up(db: Parameters<Migration['up']>[0], dialect: Dialect): Promise<void> }
const migrations: Record<string, DialectMigration> = {
  '001-initial': initial,
  '002-fast-product-lists': fastProductLists,
  '003-audit': audit,
  '011-short-text-counts': shortTextCounts,
  '012-covering-text-sorts': coveringTextSorts,
  '050-office': office,
}

class ListedMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(
      Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, { up: (db) => m.up(db, this.dialect) }])),
    )
  }
}

/** Applies pending migrations; returns the names applied. */
export async function migrateToLatest({ db, dialect }: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new ListedMigrations(dialect) })
  const { error, results } = await migrator.migrateToLatest()
  if (error instanceof Error) throw error
  if (error) throw new Error('a migration failed', { cause: error })
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
