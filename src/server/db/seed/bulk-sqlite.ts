// Loading a SQLite file fast: no journal while loading, multi-row prepared inserts in large transactions,
// secondary indexes and triggers dropped before and rebuilt after (one sort per index beats a million updates).
import SQLite from 'better-sqlite3'
import type { FlatRows } from './catalogue'
import { CATALOGUE_ROWS, type BulkTarget, type CatalogueRows, type Step } from './bulk'
import { SEEDED_TABLES, type TableSpec } from './tables'

const ROWS_PER_STATEMENT = 64

export class SqliteTarget implements BulkTarget {
  private readonly sqlite: SQLite.Database
  private readonly statements = new Map<string, SQLite.Statement>()
  private saved: { type: string; name: string; sql: string }[] = []

  constructor(file: string) {
    this.sqlite = new SQLite(file)
  }

  // better-sqlite3 is synchronous: each step is done when its promise is made

  catalogueRows(): Promise<CatalogueRows> {
    return Promise.resolve(this.sqlite.prepare(CATALOGUE_ROWS).get() as CatalogueRows)
  }

  clear(): Promise<void> {
    this.sqlite.transaction(() => {
      for (const table of [...SEEDED_TABLES].reverse()) this.sqlite.prepare(`delete from ${table.name}`).run()
    })()
    return Promise.resolve()
  }

  beginLoad(): Promise<void> {
    this.sqlite.pragma('busy_timeout = 5000')
    try {
      // pages go to the file once (WAL would write them twice); the rollback journal of a batch stays in memory
      this.sqlite.pragma('journal_mode = MEMORY')
    } catch {
      // another connection has the file open (a --replace next to a running server): stay in WAL
    }
    this.sqlite.pragma('synchronous = OFF')
    this.sqlite.pragma('cache_size = -524288')
    this.sqlite.pragma('temp_store = MEMORY')
    // index builds sort with a helper thread
    this.sqlite.pragma('threads = 2')
    this.sqlite.pragma('foreign_keys = OFF')
    const names = SEEDED_TABLES.map((t) => `'${t.name}'`).join(', ')
    this.saved = this.sqlite
      .prepare(
        `select type, name, sql from sqlite_master where type in ('index', 'trigger') and sql is not null and tbl_name in (${names})`,
      )
      .all() as { type: string; name: string; sql: string }[]
    for (const { type, name } of this.saved) this.sqlite.exec(`drop ${type} ${name}`)
    return Promise.resolve()
  }

  write(batch: [TableSpec, FlatRows][]): Promise<void> {
    this.sqlite.exec('begin')
    try {
      for (const [table, rows] of batch) this.insert(table, rows)
      this.sqlite.exec('commit')
    } catch (error) {
      this.sqlite.exec('rollback')
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
    return Promise.resolve()
  }

  private insert(table: TableSpec, rows: FlatRows): void {
    const width = table.columns.length
    const booleans = table.types.flatMap((t, i) => (t === 'bool' ? [i] : []))
    const rowCount = rows.length / width
    for (let start = 0; start < rowCount; start += ROWS_PER_STATEMENT) {
      const end = Math.min(rowCount, start + ROWS_PER_STATEMENT)
      const params = rows.slice(start * width, end * width)
      // better-sqlite3 binds numbers, not booleans
      for (const column of booleans) for (let i = column; i < params.length; i += width) params[i] = params[i] ? 1 : 0
      this.statement(table, end - start).run(params)
    }
  }

  private statement(table: TableSpec, rowCount: number): SQLite.Statement {
    const key = `${table.name}:${rowCount}`
    let statement = this.statements.get(key)
    if (!statement) {
      const row = `(${table.columns.map(() => '?').join(', ')})`
      statement = this.sqlite.prepare(
        `insert into ${table.name} (${table.columns.join(', ')}) values ${Array(rowCount).fill(row).join(', ')}`,
      )
      this.statements.set(key, statement)
    }
    return statement
  }

  async finishLoad(step: Step): Promise<void> {
    for (const { type, name, sql } of this.saved) {
      await step(`${type} ${name}`, () => Promise.resolve(this.sqlite.exec(sql)))
    }
    const hasSearch = this.sqlite.prepare(`select 1 from sqlite_master where name = 'products_search'`).get()
    if (hasSearch) {
      await step('search index', () => Promise.resolve(this.sqlite.exec(`insert into products_search(products_search) values ('rebuild')`)))
      // one b-tree instead of the segments a rebuild leaves: fewer lookups per search
      await step('search index merge', () =>
        Promise.resolve(this.sqlite.exec(`insert into products_search(products_search) values ('optimize')`)),
      )
    }
    await step('kept counts', () =>
      Promise.resolve(
        this.sqlite.exec(
          `update row_counts set row_count = (select count(*) from products), version = version + 1 where table_name = 'products'`,
        ),
      ),
    )
    // sampled statistics for the planner (a full ANALYZE reads every index to the end)
    await step('statistics', () => Promise.resolve(this.sqlite.exec('pragma analysis_limit = 1000; analyze')))
    this.sqlite.pragma('foreign_keys = ON')
    this.sqlite.pragma('journal_mode = WAL')
  }

  close(): Promise<void> {
    this.sqlite.close()
    return Promise.resolve()
  }
}
