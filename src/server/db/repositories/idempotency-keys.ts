// Queries of the idempotency_keys table: the kept answers of signed-in writes (plugins/idempotency.ts).
import { sql, type Insertable, type Selectable } from 'kysely'
import type { DB } from '../index'
import type { IdempotencyKeysTable } from '../schema'
import { now } from '../clock'

export type KeptAnswer = Selectable<IdempotencyKeysTable>

/** The user's key, unless it has expired (an expired key is as good as unused until it is removed). */
const find = (db: DB, userId: number, key: string): Promise<KeptAnswer | undefined> =>
  db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .where('expires_at', '>', now())
    .executeTakeFirst()

/**
 * Keeps the answer with its key, in the write's own transaction; an expired row of the same key is replaced.
 * Answers false when the key is already kept (a repeat committed first): the caller answers that instead.
 */
async function keep(db: DB, answer: Insertable<IdempotencyKeysTable>): Promise<boolean> {
  const { method, path, fingerprint, status, body, content_type, created_at, expires_at } = answer
  const kept = await db
    .insertInto('idempotency_keys')
    .values(answer)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'idempotency_key'])
        .doUpdateSet({ method, path, fingerprint, status, body, content_type, created_at, expires_at })
        .where(sql.ref('idempotency_keys.expires_at'), '<=', answer.created_at),
    )
    .returning('user_id')
    .executeTakeFirst()
  return kept !== undefined
}

/** Removes the keys expired at `at`; answers how many. */
async function removeExpired(db: DB, at = now()): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', at).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export const idempotencyKeyRepository = { find, keep, removeExpired }
