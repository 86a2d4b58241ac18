// Counters of sign-in attempts and mails (plugins/rate-limits.ts), in the database so that every server of one
// PostgreSQL counts together. PostgreSQL: unlogged, as a counter lost in a crash costs nothing and the writes
// skip the WAL. Times are milliseconds since 1970, as the server's clock gives them.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let table = db.schema.createTable('attempt_counters')
  if (dialect === 'postgres') table = table.modifyFront(sql`unlogged`)
  await table
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'bigint', (c) => c.notNull())
    .addColumn('blocked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('attempt_counters_window_ends').on('attempt_counters').column('window_ends').execute()
}
