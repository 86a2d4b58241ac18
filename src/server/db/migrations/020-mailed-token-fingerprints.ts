// A mailed token is bound to the account as it was when the token was issued: a fingerprint of the password hash,
// the address and the active flag (domain/account-tokens.ts). Tokens issued before this migration have none and are void.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_tokens')
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('user_tokens_expires_at').on('user_tokens').column('expires_at').execute()
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute()
}
