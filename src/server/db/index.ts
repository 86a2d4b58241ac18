// Opens the database named by a URL: `sqlite:<file>` (embedded default) or `postgres://...`.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type SqliteDatabase } from 'kysely'
import type { Database } from './schema'
import { startCheckpointer } from './checkpointer'

export type Dialect = 'sqlite' | 'postgres'
export type DB = Kysely<Database>

export interface DatabaseHandle {
  db: DB
  dialect: Dialect
  /** the SQLite file, for backups; undefined on PostgreSQL and in memory */
  file?: string
  close(): Promise<void>
}

export function dialectOf(url: string): Dialect {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres'
  if (url.startsWith('sqlite:')) return 'sqlite'
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url.split(':')[0]}:..."`)
}

export interface OpenOptions {
  /** sees every query as it runs (tests of query plans) */
  onQuery?: (query: CompiledQuery) => void
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  return dialectOf(url) === 'postgres' ? openPostgres(url, options) : openSqlite(url.slice('sqlite:'.length), options)
}

const queryLog = ({ onQuery }: OpenOptions) => (onQuery ? { log: (event: { query: CompiledQuery }) => onQuery(event.query) } : {})

function openSqlite(file: string, options: OpenOptions): DatabaseHandle {
  const inMemory = file === ':memory:' || file === ''
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new SQLite(inMemory ? ':memory:' : file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  // WAL with NORMAL survives a killed process (the OS keeps the WAL); only power loss can drop the last commits
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('busy_timeout = 5000')
  // commits only append to the log; a helper thread copies it into the file (see checkpointer.ts)
  const checkpointer = inMemory ? undefined : (sqlite.pragma('wal_autocheckpoint = 0'), startCheckpointer(path.resolve(file)))
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withBooleanParams(sqlite) }), ...queryLog(options) })
  return {
    db,
    dialect: 'sqlite',
    file: inMemory ? undefined : path.resolve(file),
    async close() {
      await checkpointer?.stop()
      await db.destroy()
    },
  }
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

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 2000,
    types: {
      getTypeParser(oid: number, format?: 'text' | 'binary') {
        if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value)
        if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString()
        // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- pg-types declares every parser as any
        return pg.types.getTypeParser(oid, format)
      },
    },
  })
  // a client that loses its connection must not crash the process, idle (pool) or checked out (client); the query
  // in flight fails on its own and the pool drops the client, so the next query reconnects
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...queryLog(options) })
  return { db, dialect: 'postgres', close: () => db.destroy() }
}
