// Counters of attempts (plugins/rate-limits.ts): one row per key, counted in fixed windows. Each count is one atomic
// upsert, so servers sharing the database count together; a gated count (countUnlessHeld) also refuses and delays in
// that same statement. Times are milliseconds since 1970.
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

/** What a gated count answers: the attempt counted, or refused until `heldUntil`. */
export type Gated = { counted: Counted } | { heldUntil: number }

/** 2^step seconds, at most `maxMs`; the SQL below computes the same. */
const doublingMs = (step: number, maxMs: number) => Math.min(1000 * 2 ** step, maxMs)
/** A shift this far exceeds any window, so the SQL takes the cap instead of shifting further. */
const LONGEST_SHIFT = 40

/**
 * Adds one attempt to `key` unless it is held: waiting out a delay, or at `limit` attempts in its window (no row is
 * updated then, and the answer says until when). Counting attempt h ≥ `freeHits` sets a delay of 2^(h - freeHits)
 * seconds, at most a window, in the same statement, so attempts sent at once cannot all be counted before the first
 * of them is answered.
 */
async function countUnlessHeld(
  db: DB,
  { key, windowMs, limit, freeHits }: { key: string; windowMs: number; limit: number; freeHits: number },
  now: number,
): Promise<Gated> {
  const hits = sql<number>`(case when attempt_counters.window_ends <= ${now} then 1 else attempt_counters.hits + 1 end)`
  const step = sql<number>`(${hits} - ${freeHits})`
  const delayMs = sql<number>`(case when ${step} >= ${LONGEST_SHIFT} or (cast(1000 as bigint) << ${step}) >= cast(${windowMs} as bigint)
    then cast(${windowMs} as bigint) else cast(1000 as bigint) << ${step} end)`
  const row = await db
    .insertInto('attempt_counters')
    .values({ key, hits: 1, window_ends: now + windowMs, blocked_until: 1 >= freeHits ? now + doublingMs(1 - freeHits, windowMs) : 0 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          hits,
          window_ends: sql<number>`case when attempt_counters.window_ends <= ${now} then excluded.window_ends else attempt_counters.window_ends end`,
          blocked_until: sql<number>`case when ${step} >= 0 then cast(${now} as bigint) + ${delayMs} else attempt_counters.blocked_until end`,
        })
        .where(
          sql<boolean>`attempt_counters.blocked_until <= ${now} and (attempt_counters.window_ends <= ${now} or attempt_counters.hits < ${limit})`,
        ),
    )
    .returning(['key', 'hits', 'window_ends', 'blocked_until'])
    .executeTakeFirst()
  if (row)
    return { counted: { key, hits: Number(row.hits), window_ends: Number(row.window_ends), blocked_until: Number(row.blocked_until) } }
  const held = await db
    .selectFrom('attempt_counters')
    .select(['hits', 'window_ends', 'blocked_until'])
    .where('key', '=', key)
    .executeTakeFirst()
  // gone since (a success forgot it): refused all the same, for the shortest wait
  if (!held) return { heldUntil: now }
  const windowEnds = Number(held.window_ends)
  const limitHolds = windowEnds > now && Number(held.hits) >= limit
  return { heldUntil: Math.max(Number(held.blocked_until), limitHolds ? windowEnds : 0) }
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

/** Lifts the delay `until` of `key` that an attempt taken back had set, unless a later attempt has set another. */
async function liftDelay(db: DB, key: string, until: number): Promise<void> {
  await db.updateTable('attempt_counters').set({ blocked_until: 0 }).where('key', '=', key).where('blocked_until', '=', until).execute()
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

export const attemptCounters = Object.freeze({ count, countUnlessHeld, refund, delay, liftDelay, forget, mark, isMarked, sweep })
