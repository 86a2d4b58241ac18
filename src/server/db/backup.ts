// Online backup and restore of the SQLite database with SQLite's backup API: a backup is one consistent snapshot
// taken while the server keeps writing; a restore writes through SQLite too, so the file is never half-copied.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { dialectOf } from './index'
import { describeDatabaseUrl } from './wait'
import { now } from './clock'
import { codeOf, messageOf } from './errors'

/** Pages per backup step: all of them, so the copy is one read transaction and so one consistent snapshot. */
const ALL_PAGES = 0x7fffffff

export class BackupError extends Error {}

/** The SQLite file of `databaseUrl`; on PostgreSQL, says what to use instead (`advice`) and exits 2. */
export function sqliteFileOrExit(databaseUrl: string, command: string, advice: string): string {
  if (dialectOf(databaseUrl) === 'sqlite') return databaseUrl.slice('sqlite:'.length)
  console.error(`npm run ${command} works on a SQLite database; ${describeDatabaseUrl(databaseUrl)} is PostgreSQL. ${advice}`)
  process.exit(2)
}

const stamp = () => now().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-')

/** The default place of a backup: DATA_DIR/backups/stockroom-YYYYMMDD-HHMMSS.db */
export const defaultBackupFile = (dataDir: string) => path.join(dataDir, 'backups', `stockroom-${stamp()}.db`)

/** Checks that a file is a whole SQLite database that Stockroom's migrations made. */
function verify(file: string, what: string): { migrations: number } {
  let db: SQLite.Database
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true })
  } catch (error) {
    throw new BackupError(`${what} ${file} cannot be opened: ${messageOf(error)}`)
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') throw new BackupError(`${what} ${file} is damaged (integrity_check: ${String(integrity)}).`)
    const table = db.prepare(`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`).get()
    if (!table) throw new BackupError(`${what} ${file} is not a Stockroom database.`)
    return { migrations: (db.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n }
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`${what} ${file} is not a readable SQLite database: ${messageOf(error)}`)
  } finally {
    db.close()
  }
}

/** Copies `source` (open or not, busy or not) to `destination` as one self-contained file, checked before it is kept. */
export async function backupSqlite(source: string, destination: string): Promise<{ pages: number }> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`)
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true })
  const partial = `${destination}.partial-${process.pid}`
  const db = new SQLite(source, { fileMustExist: true, timeout: 5000 })
  try {
    const { totalPages } = await db.backup(partial, { progress: () => ALL_PAGES })
    // a backup is one file: no -wal or -shm beside it
    const copy = new SQLite(partial)
    copy.pragma('journal_mode = DELETE')
    copy.close()
    verify(partial, 'The backup')
    fs.renameSync(partial, destination)
    return { pages: totalPages }
  } finally {
    db.close()
    fs.rmSync(partial, { force: true })
  }
}

/** Throws when another connection (a running server) has the database open; SQLite's own locks say so. */
function refuseIfInUse(file: string): SQLite.Database {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 })
  try {
    // an exclusive lock in WAL mode is only granted when no other connection has the file open
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('begin exclusive')
    db.exec('commit')
    return db
  } catch (error) {
    db.close()
    if (codeOf(error).startsWith('SQLITE_BUSY'))
      throw new BackupError(`The database ${file} is in use, by a running server or another program. Stop it, then restore again.`)
    throw error
  }
}

/**
 * Replaces the database at `target` by the backup at `backup`. Refuses while the database is in use; keeps a copy
 * of the current database beside it first. Answers the path of that copy (undefined when there was no database).
 */
export async function restoreSqlite(backup: string, target: string): Promise<{ previous?: string }> {
  verify(backup, 'The backup')
  let previous: string | undefined
  if (fs.existsSync(target)) {
    const current = refuseIfInUse(target)
    try {
      previous = `${target}.before-restore-${stamp()}`
      await current.backup(previous, { progress: () => ALL_PAGES })
    } finally {
      current.close()
    }
  } else fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true })

  const source = new SQLite(backup, { readonly: true, fileMustExist: true })
  try {
    // written through SQLite into the target, in one transaction: a failure leaves the old database as it was
    await source.backup(target, { progress: () => ALL_PAGES })
  } finally {
    source.close()
  }
  const restored = new SQLite(target)
  restored.pragma('journal_mode = WAL')
  restored.close()
  verify(target, 'The restored database')
  return { previous }
}
