// An import that a crash (kill -9, power loss) interrupts is found and ended at the next start, also with several
// servers on one database: each running import names its runner and when that runner last said it is alive, keeps
// where its upload lies (so the recovery removes it), how far a batched import got, and a failure as a code the
// screen can say in the reader's language.
import type { Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema.alterTable('imports').addColumn('runner_id', 'varchar(64)').execute()
  await db.schema.alterTable('imports').addColumn('heartbeat_at', t.timestamp).execute()
  await db.schema.alterTable('imports').addColumn('upload_path', 'text').execute()
  // the spreadsheet row number of the last row written (the header is row 1)
  await db.schema.alterTable('imports').addColumn('applied_through', 'integer').execute()
  await db.schema.alterTable('imports').addColumn('failure_code', 'varchar(64)').execute()
  // the recovery looks for running imports only
  await db.schema.createIndex('imports_status').on('imports').column('status').execute()
}
