// Idempotency keys (IETF draft-ietf-httpapi-idempotency-key-header): the answer to a signed-in write, kept with the
// key its client sent, so that a repeat is answered again instead of written twice. Keyed per user: another user's
// key is never seen. No foreign key: a key outlives nothing for long (24 hours) and must not hold up a user's deletion.
import type { Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    // sha256 of the request body as parsed, keys sorted
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('content_type', 'varchar(100)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'idempotency_key'])
    .execute()
  await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute()
}
