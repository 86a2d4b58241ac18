// Counters of attempts (plugins/rate-limits.ts): one row per key, counted in fixed windows. Each count is one atomic
// upsert, so servers sharing the database count together. Times are milliseconds since 1970.
import { sql } from 'kysely'
import type { DB } from '../index'

export interface Counted {
  key: string
  /** attempts in the current window, this one included */
  hits: number
  window_ends: number
  blocked_until: number
}

/** Adds one attempt to each key (a new window starts where the last one is over); answers the counts after it. */
async function count(db: DB, keys: readonly { key: string; windowMs: number }[], now: number): Promise<Map<string, Counted>> {
  const rows = await db
    .insertInto('attempt_counters')
    .values(keys.map(({ key, windowMs }) => ({ key, hits: 1, window_ends: now + windowMs, blocked_until: 0 })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when attempt_counters.window_ends <= ${now} then 1 else attempt_counters.hits + 1 end`,
        window_ends: sql<number>`case when attempt_counters.window_ends <= ${now} then excluded.window_ends else attempt_counters.window_ends end`,
      }),
    )
    .returning(['key', 'hits', 'window_ends', 'blocked_until'])
    .execute()
  return new Map(
    rows.map((row) => [
      row.key,
      { ...row, hits: Number(row.hits), window_ends: Number(row.window_ends), blocked_until: Number(row.blocked_until) },
    ]),
  )
}

/** Takes back one attempt of each key: it did not count (it succeeded, or was refused before it was tried). */
async function refund(db: DB, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return
  await db
    .updateTable('attempt_counters')
    .set({ hits: sql<number>`case when hits > 0 then hits - 1 else 0 end` })
    .where('key', 'in', keys)
    .execute()
}

/** No attempt for `key` before `until`. */
async function delay(db: DB, key: string, until: number): Promise<void> {
  await db.updateTable('attempt_counters').set({ blocked_until: until }).where('key', '=', key).execute()
}

async function forget(db: DB, key: string): Promise<void> {
  await db.deleteFrom('attempt_counters').where('key', '=', key).execute()
}

/** Keeps `key` as a mark until `until` (an address an account signed in from). */
async function mark(db: DB, key: string, until: number): Promise<void> {
  await db
    .insertInto('attempt_counters')
    .values({ key, hits: 1, window_ends: until, blocked_until: 0 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ window_ends: until }))
    .execute()
}

async function isMarked(db: DB, key: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('attempt_counters').select('key').where('key', '=', key).where('window_ends', '>', now).executeTakeFirst()
  return row !== undefined
}

/** Deletes counters whose window and delay are over; answers how many. */
async function sweep(db: DB, now: number): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('attempt_counters')
    .where('window_ends', '<=', now)
    .where('blocked_until', '<=', now)
    .executeTakeFirst()
  return Number(numDeletedRows)
}

export const attemptCounters = Object.freeze({ count, refund, delay, forget, mark, isMarked, sweep })
