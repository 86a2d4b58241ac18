// Single-use, expiring tokens sent by mail (verification, password reset, invitation).
// Only their sha256 is stored, with the address they went to: a token for an old address is void.
import { createHash, randomBytes } from 'node:crypto'
import type { DB } from '../db'
import type { UserRow } from './users'

export type TokenPurpose = 'verify' | 'reset'
export const TOKEN_LIFETIME_SECONDS = { verify: 24 * 3600, reset: 3600, invitation: 24 * 3600 } as const

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

export async function issueAccountToken(db: DB, user: UserRow, purpose: TokenPurpose, lifetimeSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  await db
    .insertInto('user_tokens')
    .values({
      token_hash: digest(token),
      user_id: user.id,
      purpose,
      email: user.email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    })
    .execute()
  return token
}

/** Uses up a token: answers its user if the token was live and still matches their address, else undefined. */
export async function consumeAccountToken(db: DB, token: string, purpose: TokenPurpose): Promise<UserRow | undefined> {
  const used = await db
    .deleteFrom('user_tokens')
    .where('token_hash', '=', digest(token))
    .where('purpose', '=', purpose)
    .returningAll()
    .executeTakeFirst()
  if (!used || used.expires_at <= new Date().toISOString()) return undefined
  const user = await db.selectFrom('users').selectAll().where('id', '=', used.user_id).executeTakeFirst()
  if (!user || user.email !== used.email || !user.is_active) return undefined
  await db.deleteFrom('user_tokens').where('user_id', '=', user.id).where('purpose', '=', purpose).execute()
  return user
}
