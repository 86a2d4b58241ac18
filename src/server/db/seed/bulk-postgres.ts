// Loading PostgreSQL fast: one `insert ... select from unnest(arrays)` per table and batch (a few parameters
// however many rows), foreign keys and secondary indexes dropped before and rebuilt after, then the identity
// sequences moved past the ids the seed chose and the planner statistics refreshed.
import pg from 'pg'
import type { FlatRows } from './catalogue'
import { CATALOGUE_ROWS, type BulkTarget, type CatalogueRows, type Step } from './bulk'
import { SEEDED_TABLES, type ColumnType, type TableSpec } from './tables'

const ARRAY_TYPES: Record<ColumnType, string> = {
  int: 'int4[]',
  text: 'text[]',
  float: 'float8[]',
  timestamp: 'timestamptz[]',
  bool: 'bool[]',
}

export class PostgresTarget implements BulkTarget {
  private readonly client: pg.Client
  private readonly tables = SEEDED_TABLES.map((t) => t.name)
  private indexes: { name: string; definition: string }[] = []
  private foreignKeys: { table: string; name: string; definition: string }[] = []

  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url })
  }

  async open(): Promise<void> {
    await this.client.connect()
  }

  async catalogueRows(): Promise<CatalogueRows> {
    const { rows } = await this.client.query<{ products: string; others: string }>(CATALOGUE_ROWS)
    return { products: Number(rows[0].products), others: Number(rows[0].others) }
  }

  async clear(): Promise<void> {
    // truncate skips the row triggers, so finishLoad recounts; cascade empties what refers to the catalogue too
    // (transfers and counts)
    await this.client.query(`truncate ${this.tables.join(', ')} restart identity cascade`)
  }

  async beginLoad(): Promise<void> {
    await this.client.query(`set synchronous_commit = off`)
    await this.client.query(`set maintenance_work_mem = '512MB'`)
    const { rows: keys } = await this.client.query<{ table: string; name: string; definition: string }>(
      `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
         from pg_constraint where contype = 'f' and conrelid::regclass::text = any($1)`,
      [this.tables],
    )
    this.foreignKeys = keys
    for (const key of keys) await this.client.query(`alter table ${key.table} drop constraint ${key.name}`)
    const { rows: indexes } = await this.client.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
      [this.tables],
    )
    this.indexes = indexes
    for (const index of indexes) await this.client.query(`drop index ${index.name}`)
    // counting the short texts of a million products as they load would cost minutes: they are counted once after it;
    // the products' stock rows come with the load
    await this.client.query(`alter table products disable trigger products_text_grams_insert`)
    await this.client.query(`alter table products disable trigger products_stock_rows`)
  }

  async write(batch: [TableSpec, FlatRows][]): Promise<void> {
    await this.client.query('begin')
    try {
      for (const [table, rows] of batch) {
        if (rows.length === 0) continue
        const width = table.columns.length
        const columns = table.columns.map((_, c) => {
          const values = new Array<unknown>(rows.length / width)
          for (let r = 0; r < values.length; r++) values[r] = rows[r * width + c]
          return values
        })
        const unnest = table.types.map((type, i) => `$${i + 1}::${ARRAY_TYPES[type]}`).join(', ')
        await this.client.query(`insert into ${table.name} (${table.columns.join(', ')}) select * from unnest(${unnest})`, columns)
      }
      await this.client.query('commit')
    } catch (error) {
      await this.client.query('rollback')
      throw error
    }
  }

  async finishLoad(step: Step): Promise<void> {
    await this.client.query(`set max_parallel_maintenance_workers = 2`)
    for (const index of this.indexes) await step(`index ${index.name}`, () => this.client.query(index.definition))
    for (const key of this.foreignKeys) {
      await step(`foreign key ${key.name}`, () =>
        this.client.query(`alter table ${key.table} add constraint ${key.name} ${key.definition}`),
      )
    }
    await this.client.query(`alter table products enable trigger products_text_grams_insert`)
    await this.client.query(`alter table products enable trigger products_stock_rows`)
    await step('identity sequences', async () => {
      const { rows } = await this.client.query<{ table: string }>(
        `select table_name as table from information_schema.columns
          where table_schema = current_schema() and column_name = 'id' and is_identity = 'YES' and table_name = any($1)`,
        [this.tables],
      )
      for (const { table } of rows) {
        await this.client.query(`select setval(pg_get_serial_sequence($1, 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`, [
          table,
        ])
      }
    })
    await step('kept counts', () =>
      this.client.query(
        `update row_counts set row_count = (select count(*) from products), version = version + 1 where table_name = 'products'`,
      ),
    )
    // vacuum sets the visibility map, so counts over an index need not visit the table
    await step('statistics', () => this.client.query(`vacuum analyze`))
  }

  async close(): Promise<void> {
    await this.client.end()
  }
}
