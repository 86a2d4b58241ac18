// Reads that must agree with each other (a page of a list and its count) run in one read transaction: one snapshot
// of the database, whatever others commit meanwhile.
import type { DatabaseHandle } from './index'

type Database = Pick<DatabaseHandle, 'db' | 'dialect'>

/** Runs `read` in one snapshot: PostgreSQL's repeatable read, read only; SQLite's (WAL) read transaction. */
export function inOneSnapshot<T>({ db, dialect }: Database, read: (snapshot: Database) => Promise<T>): Promise<T> {
  if (db.isTransaction) return read({ db, dialect })
  const transaction =
    dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only') : db.transaction()
  return transaction.execute((trx) => read({ db: trx, dialect }))
}
