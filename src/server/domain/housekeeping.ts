// What expires is deleted by the server itself: sessions past their end, mailed tokens past theirs (a used token is
// deleted as it is used), attempt counters whose window and delay are over, and Idempotency-Keys after their day.
import type { DB } from '../db'
import { now } from '../db/clock'
import { attemptCounters } from '../db/repositories/attempt-counters'
import { idempotencyKeyRepository } from '../db/repositories/idempotency-keys'

export interface Swept {
  sessions: number
  tokens: number
  counters: number
  idempotencyKeys: number
}

export async function deleteExpired(db: DB, at = now()): Promise<Swept> {
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<=', at).executeTakeFirst()
  const tokens = await db.deleteFrom('user_tokens').where('expires_at', '<=', at).executeTakeFirst()
  const counters = await attemptCounters.sweep(db, Date.parse(at))
  const idempotencyKeys = await idempotencyKeyRepository.removeExpired(db, at)
  return { sessions: Number(sessions.numDeletedRows), tokens: Number(tokens.numDeletedRows), counters, idempotencyKeys }
}
