// Single-use, expiring tokens sent by mail (verification, password reset, invitation).
// Only their sha256 is stored, with the account's fingerprint when it was issued (as fastapi-users binds its tokens
// to the password hash): a change of password, address or active flag voids every link sent before it.
import { createHash, randomBytes } from 'node:crypto'
import type { DB } from '../db'
import { now, secondsAfter } from '../db/clock'
import type { UserRow } from '../db/repositories/users'

export type TokenPurpose = 'verify' | 'reset'
export const TOKEN_LIFETIME_SECONDS = { verify: 24 * 3600, reset: 3600, invitation: 24 * 3600 } as const

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/** The state a mailed link is for; any change of it makes a different fingerprint. */
export function accountFingerprint(user: Pick<UserRow, 'hashed_password' | 'email' | 'is_active'>): string {
  return createHash('sha256')
    .update(JSON.stringify([user.hashed_password, user.email, Boolean(user.is_active)]))
    .digest('hex')
}

export async function issueAccountToken(db: DB, user: UserRow, purpose: TokenPurpose, lifetimeSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const stamp = now()
  await db
    .insertInto('user_tokens')
    .values({
      token_hash: digest(token),
      user_id: user.id,
      purpose,
      email: user.email,
      fingerprint: accountFingerprint(user),
      created_at: stamp,
      expires_at: secondsAfter(stamp, lifetimeSeconds),
    })
    .execute()
  return token
}

/** Ends every outstanding link of an account: its password, address or active flag changed. */
export async function voidAccountTokens(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).execute()
}

/** The user a live token is for, if the account is still as it was when the token was issued and active. */
export async function userOfAccountToken(db: DB, token: string, purpose: TokenPurpose): Promise<UserRow | undefined> {
  const found = await db
    .selectFrom('user_tokens')
    .selectAll()
    .where('token_hash', '=', digest(token))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now())
    .executeTakeFirst()
  if (!found) return undefined
  const user = await db.selectFrom('users').selectAll().where('id', '=', found.user_id).executeTakeFirst()
  if (!user || !user.is_active || found.fingerprint !== accountFingerprint(user)) return undefined
  return user
}

/**
 * Uses up a token: answers its user if the token is live, the account is as it was when it was issued, and `refuse`
 * has no objection to the user; else undefined (or refuse's error is thrown). A token that is refused stays as it
 * was: a rejected request changes nothing. Of two requests using one token at once, only the one that deletes it
 * gets the user.
 */
export async function consumeAccountToken(
  db: DB,
  token: string,
  purpose: TokenPurpose,
  refuse: (user: UserRow) => Error | undefined = () => undefined,
): Promise<UserRow | undefined> {
  const user = await userOfAccountToken(db, token, purpose)
  if (!user) return undefined
  const objection = refuse(user)
  if (objection) throw objection
  const { numDeletedRows } = await db.deleteFrom('user_tokens').where('token_hash', '=', digest(token)).executeTakeFirst()
  if (Number(numDeletedRows) === 0) return undefined
  await db.deleteFrom('user_tokens').where('user_id', '=', user.id).where('purpose', '=', purpose).execute()
  return user
}
