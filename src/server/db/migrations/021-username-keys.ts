// Usernames that look alike are one name: each account keeps the confusable skeleton of its name (domain/usernames.ts),
// unique across accounts. Accounts whose names already look alike keep them; only the first of them gets the key.
import { sql, type Kysely } from 'kysely'
import unhomoglyph from 'unhomoglyph'

// a frozen copy of domain/usernames.ts's key as it was when this migration was written: a migration never changes
const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD')
const usernameKey = (username: string) => skeleton(skeleton(username.normalize('NFKC').trim()).toLowerCase())

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_key', 'varchar(1000)').execute()
  const { rows } = await sql<{ id: number; username: string }>`select id, username from users order by id`.execute(db)
  const taken = new Set<string>()
  for (const { id, username } of rows) {
    const key = usernameKey(username)
    if (taken.has(key)) continue
    taken.add(key)
    await sql`update users set username_key = ${key} where id = ${id}`.execute(db)
  }
  await db.schema.createIndex('users_username_key_unique').unique().on('users').column('username_key').execute()
}
