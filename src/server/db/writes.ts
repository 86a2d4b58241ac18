// Every write runs through runWrite: on PostgreSQL in a transaction of its own; on SQLite, which has one writer and
// where the commit is the costly step, writes that arrive together share one transaction and its commit, each in a
// savepoint of its own (group commit). Either way a write resolves only once it is committed.
import { sql, type Transaction } from 'kysely'
import type { DatabaseHandle, DB } from './index'
import type { Database } from './schema'
import { isForeignKeyViolation } from './errors'

export type Trx = Transaction<Database>
export type Work<T> = (trx: Trx) => Promise<T>

/**
 * A foreign key refused a write because a row it refers to, or one that refers to it, changed meanwhile
 * (PostgreSQL reads committed rows). `explain` reads again once the transaction is over and throws the reason.
 */
class RefusedByReference extends Error {
  constructor(
    readonly refusal: unknown,
    readonly explain: (db: DB) => Promise<void>,
  ) {
    super('a foreign key refused the write')
  }
}

/**
 * Runs `write`; when a foreign key refuses it, `explain` (given the database, outside the transaction that failed)
 * throws the reason a person can act on. When it finds none, the refusal stands.
 */
export async function explainingForeignKeys<T>(write: () => Promise<T>, explain: (db: DB) => Promise<void>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new RefusedByReference(error, explain)
    throw error
  }
}

/** Writes in one transaction at most; bounds how long reads wait for SQLite's one connection. */
const MAX_GROUP = 64

/** A write waiting for its group: `write` runs it in the group's transaction, then one of the others answers it. */
interface Waiting {
  write(trx: Trx): Promise<void>
  committed(): void
  failed(error: unknown): void
}

/**
 * SQLite's writes that arrive while others are being written (they would wait for the connection anyway) are
 * written together: one transaction, each write in a savepoint of its own (one that fails is rolled back alone),
 * one commit for all. Each is answered after that commit. At one request at a time a group is a single write.
 */
class GroupedWrites {
  private waiting: Waiting[] = []
  private writing = false

  constructor(private readonly db: DB) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let result: T
      this.waiting.push({
        write: async (trx) => {
          result = await work(trx)
        },
        committed: () => resolve(result),
        failed: reject,
      })
      if (this.writing) return
      this.writing = true
      // one turn of the event loop lets the requests that arrived with this one join its group
      setImmediate(() => void this.writeGroups())
    })
  }

  private async writeGroups(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, MAX_GROUP)
        let failures: Map<Waiting, unknown>
        try {
          failures = await this.db.transaction().execute((trx) => writeGroup(trx, group))
        } catch (error) {
          // a group of one failed, the commit failed, or SQLite ended the transaction: nothing of the group is stored
          group.forEach((waiting) => waiting.failed(error))
          continue
        }
        group.forEach((waiting) => (failures.has(waiting) ? waiting.failed(failures.get(waiting)) : waiting.committed()))
      }
    } finally {
      this.writing = false
    }
  }
}

/** Writes each of the group; answers the writes that failed (and were rolled back alone) with their errors. */
async function writeGroup(trx: Trx, group: Waiting[]): Promise<Map<Waiting, unknown>> {
  const failures = new Map<Waiting, unknown>()
  // a group of one needs no savepoint: if it fails, the whole transaction rolls back
  if (group.length === 1) {
    await group[0].write(trx)
    return failures
  }
  for (const waiting of group) {
    await sql`savepoint write`.execute(trx)
    try {
      await waiting.write(trx)
    } catch (error) {
      // SQLite ends the whole transaction by itself on a full disk or an I/O error; then there is no savepoint left
      // to return to, and the group fails with the write's own error
      try {
        await sql`rollback to write`.execute(trx)
      } catch {
        throw error
      }
      failures.set(waiting, error)
    }
    await sql`release write`.execute(trx)
  }
  return failures
}

const groups = new WeakMap<DB, GroupedWrites>()

/** Runs `work` in a write transaction (see the top of this file) and answers its result once committed. */
export async function runWrite<T>(database: Pick<DatabaseHandle, 'db' | 'dialect'>, work: Work<T>): Promise<T> {
  const { db } = database
  try {
    if (database.dialect === 'postgres') return await db.transaction().execute(work)
    let grouped = groups.get(db)
    if (!grouped) groups.set(db, (grouped = new GroupedWrites(db)))
    return await grouped.run(work)
  } catch (error) {
    if (!(error instanceof RefusedByReference)) throw error
    await error.explain(db)
    throw error.refusal
  }
}
