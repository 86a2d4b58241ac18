// Opens the database named by a URL: `sqlite:<file>` (embedded default) or `postgres://...`.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import Cursor from 'pg-cursor'
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely'
import type { Database } from './schema'
import { startCheckpointer } from './checkpointer'
import { readWorkers, type ReadWorkers } from './read-workers'
import { rowStreamWorkers, type RowStreamWorkers } from './row-streams'

export type Dialect = 'sqlite' | 'postgres'
export type DB = Kysely<Database>

export interface DatabaseHandle {
  db: DB
  dialect: Dialect
  /** the SQLite file, for backups; undefined on PostgreSQL and in memory */
  file?: string
  /** where reads that can be slow run (domain/slow-reads.ts), so that they hold up nobody else */
  slowReads: SlowReads
  close(): Promise<void>
}

/**
 * Slow reads (the product list at a million rows) run either on worker threads (SQLite: each has its own read-only
 * connection, which WAL lets read beside the writer, so the event loop stays free) or here on `database`
 * (PostgreSQL: a share of the pool with a statement timeout, so they never take every connection; SQLite in memory).
 */
export interface SlowReads {
  database: { db: DB; dialect: Dialect }
  workers?: ReadWorkers
  /** SQLite: threads that stream every row of a list (exports: db/row-streams.ts) */
  rowStreams?: RowStreamWorkers
}

export function dialectOf(url: string): Dialect {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres'
  if (url.startsWith('sqlite:')) return 'sqlite'
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url.split(':')[0]}:..."`)
}

export interface OpenOptions {
  /** sees every query as it runs (tests of query plans) */
  onQuery?: (query: CompiledQuery) => void
  /** PostgreSQL: connections in all, slow reads included (DATABASE_POOL_SIZE) */
  poolSize?: number
  /** SQLite: worker threads for slow reads; 0 runs them on the main connection */
  readWorkers?: number
  /** PostgreSQL: a slow read running longer is stopped (default SLOW_READ_TIMEOUT_MS) */
  slowReadTimeoutMs?: number
}

export const DEFAULT_POOL_SIZE = 10
/**
 * SQLite: one worker keeps the event loop free, and on two cores the loop and it already use both; each worker adds
 * about 30 MB (DATABASE_READ_WORKERS, for bigger machines).
 */
export const DEFAULT_READ_WORKERS = 1

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  return dialectOf(url) === 'postgres' ? openPostgres(url, options) : openSqlite(url.slice('sqlite:'.length), options)
}

const queryLog = ({ onQuery }: OpenOptions) => (onQuery ? { log: (event: { query: CompiledQuery }) => onQuery(event.query) } : {})

/**
 * A new database file is made readable by its owner only, in a directory only they can enter; SQLite gives its -wal
 * and -shm files the mode of the database file.
 */
function createPrivately(file: string) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 })
  fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_RDWR, 0o600))
}

/** SQLite's schema changes are transactional, but Kysely's adapter says not, so its migrator would commit a migration
 * statement by statement and a crash in the middle would leave half of one behind. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true
  }
}

/** A transaction takes the write lock as it begins: a deferred one that reads first (the migrator does) fails at once,
 * without waiting, when another process (a server still running during an upgrade, a CLI) commits in between. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class SqliteWithTransactionalDdl extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings)
  }
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter()
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.settings)
  }
}

function openSqlite(file: string, options: OpenOptions): DatabaseHandle {
  const inMemory = file === ':memory:' || file === ''
  if (!inMemory) createPrivately(file)
  const sqlite = new SQLite(inMemory ? ':memory:' : file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  // WAL with NORMAL survives a killed process (the OS keeps the WAL); only power loss can drop the last commits
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('busy_timeout = 5000')
  // commits only append to the log; a helper thread copies it into the file (see checkpointer.ts)
  const checkpointer = inMemory ? undefined : (sqlite.pragma('wal_autocheckpoint = 0'), startCheckpointer(path.resolve(file)))
  const db = new Kysely<Database>({
    dialect: new SqliteWithTransactionalDdl({ database: withBooleanParams(sqlite) }),
    ...queryLog(options),
  })
  const threads = inMemory ? 0 : (options.readWorkers ?? DEFAULT_READ_WORKERS)
  const workers = threads > 0 ? readWorkers(path.resolve(file), threads) : undefined
  const rowStreams = threads > 0 ? rowStreamWorkers(path.resolve(file)) : undefined
  return {
    db,
    dialect: 'sqlite',
    file: inMemory ? undefined : path.resolve(file),
    slowReads: { database: { db, dialect: 'sqlite' }, workers, rowStreams },
    async close() {
      await Promise.all([workers?.close(), rowStreams?.close()])
      await checkpointer?.stop()
      await db.destroy()
    },
  }
}

/** A read-only connection to a SQLite file, for a worker thread beside the server's own connection. */
export function openSqliteReader(file: string): { db: DB; dialect: Dialect } {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true })
  sqlite.pragma('busy_timeout = 5000')
  // the operating system caches the file for every connection; each worker keeps a smaller cache of its own
  sqlite.pragma('cache_size = -4000')
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withBooleanParams(sqlite) }) }), dialect: 'sqlite' }
}

/** Prepared statements kept per connection; Kysely asks for the same few hundred SQL texts over and over. */
const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely prepares every query anew; preparing costs as much as running a simple one, so statements are kept by
 * their SQL text. better-sqlite3 cannot bind booleans; SQLite stores them as 0/1.
 */
function withBooleanParams(sqlite: SQLite.Database): SqliteDatabase {
  const toSqlite = (params: readonly unknown[]) =>
    params.some((p) => typeof p === 'boolean') ? params.map((p) => (typeof p === 'boolean' ? Number(p) : p)) : params
  type Prepared = ReturnType<SqliteDatabase['prepare']>
  const statements = new Map<string, Prepared>()
  const prepare = (sql: string): Prepared => {
    const statement = sqlite.prepare(sql)
    return {
      reader: statement.reader,
      all: (params) => statement.all(toSqlite(params)),
      run: (params) =>
        // SQLite rolls back by itself on SQLITE_FULL or SQLITE_IOERR; a failing ROLLBACK then would hide that error
        sql === 'rollback' && !sqlite.inTransaction ? { changes: 0, lastInsertRowid: 0 } : statement.run(toSqlite(params)),
      // a statement being iterated is busy until the loop ends, so a stream gets one of its own
      iterate: (params) => sqlite.prepare(sql).iterate(toSqlite(params)),
    }
  }
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let prepared = statements.get(sql)
      if (!prepared) {
        // the texts an app runs are few; when there are more, the cache starts over rather than track recency
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear()
        statements.set(sql, (prepared = prepare(sql)))
      }
      return prepared
    },
  }
}

const PG_INT8 = 20
const PG_NUMERIC = 1700
const PG_TIMESTAMPTZ = 1184

/** A slow read that runs longer than this is stopped (PostgreSQL) and answered 503 DB_TIMEOUT. */
export const SLOW_READ_TIMEOUT_MS = 10_000
/** A new connection that is not made in this time counts as the database being away (503 DB_UNAVAILABLE). */
const CONNECT_TIMEOUT_MS = 2000

type Parse = (value: string) => unknown
const parseText = (oid: number): Parse => {
  if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value)
  if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString()
  return pg.types.getTypeParser(oid, 'text') as Parse
}
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    format === 'binary' ? (pg.types.getTypeParser(oid, 'binary') as Parse) : parseText(oid)) as pg.CustomTypesConfig['getTypeParser'],
}

/**
 * A pool whose requests wait for a free connection as long as it takes: waiting is the server being busy, not the
 * database being away. Only making a new connection has a deadline, which the client keeps (the pool's own
 * connectionTimeoutMillis would also end the wait in its queue).
 */
function pgPool(url: string, max: number, settings: pg.ClientConfig): pg.Pool {
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
    }
  }
  const pool = new pg.Pool({ connectionString: url, max, Client: TimedClient, types: pgTypes, ...settings })
  // a client that loses its connection must not crash the process, idle (pool) or checked out (client); the query
  // in flight fails on its own and the pool drops the client, so the next query reconnects
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  return pool
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const size = Math.max(2, options.poolSize ?? DEFAULT_POOL_SIZE)
  // slow reads get a third of the connections, so a crowd of them leaves the rest to everything else
  const slowShare = Math.max(1, Math.round(size / 3))
  // a URL's own ?application_name= wins over these
  const pool = pgPool(url, size - slowShare, { application_name: 'stockroom' })
  const slowPool = pgPool(url, slowShare, {
    application_name: 'stockroom slow reads',
    statement_timeout: options.slowReadTimeoutMs ?? SLOW_READ_TIMEOUT_MS,
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...queryLog(options) })
  // exports stream their rows through a cursor on the slow reads' connections, with the pool's own type parsers
  class TypedCursor<Row> extends Cursor<Row> {
    constructor(text: string, values?: unknown[]) {
      super(text, values, { types: pgTypes })
    }
  }
  const slowDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: slowPool, cursor: TypedCursor }), ...queryLog(options) })
  return {
    db,
    dialect: 'postgres',
    slowReads: { database: { db: slowDb, dialect: 'postgres' } },
    async close() {
      await Promise.all([db.destroy(), slowDb.destroy()])
    },
  }
}
