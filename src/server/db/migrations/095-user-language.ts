// The language of each person: the mails they get are written in it, and the admin opens in it. English for everyone
// until they or an administrator choose.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
    .execute()
}
