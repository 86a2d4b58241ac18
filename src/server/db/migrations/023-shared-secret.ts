// PostgreSQL: without SECRET, the generated signing secret lives in the database, so that every server of one
// database signs and checks tokens alike. SQLite keeps it in DATA_DIR/secret, beside the database file.
import type { Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', columnTypes(dialect).timestamp, (c) => c.notNull())
    .execute()
}
