// The audit trail: one row per successful write. No foreign keys: the history of a record outlives the record,
// and the history of what a person did outlives their account.
import type { Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', t.id)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(100)')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('changes', 'text')
    .addColumn('request_id', 'varchar(64)')
    .execute()
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity_type', 'entity_id', 'id']).execute()
  await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'id']).execute()
}
