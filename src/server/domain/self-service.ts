// What a person does to their own account without a session: register, verify their address with a mailed link,
// choose a new password with one. Each runs in the caller's write transaction.
import { AUTH_ERRORS, type User } from '../../contract'
import { now } from '../db/clock'
import { isUniqueViolation, violationText } from '../db/errors'
import type { Trx } from '../db/writes'
import { consumeAccountToken, voidAccountTokens } from './account-tokens'
import { AccountRefusal, Conflict } from './errors'
import { endAllSessions, insertUser, refuseTakenUsername, toUser, type NewUser } from './users'
import { normalizeUsername } from './usernames'

/** A new account of one's own: never a super-user, whatever the request says; its address still to be verified. */
export async function register(trx: Trx, user: NewUser, hashedPassword: string): Promise<User> {
  try {
    // a name that only looks like another is refused as such (409); a taken one fastapi-users' way (400)
    await refuseTakenUsername(trx, normalizeUsername(user.username))
    return toUser(
      await insertUser(trx, user, hashedPassword, { is_active: true, is_verified: false, is_superuser: false, needs_password: false }),
    )
  } catch (error) {
    if (error instanceof Conflict && error.code === 'USERNAME_EXISTS') throw new AccountRefusal(AUTH_ERRORS.REGISTER_USER_ALREADY_EXISTS)
    if (isUniqueViolation(error) && /username_key/i.test(violationText(error)))
      throw new Conflict('USERNAME_CONFUSABLE', 'This username looks the same as the username of another user. Please choose another.')
    if (isUniqueViolation(error)) throw new AccountRefusal(AUTH_ERRORS.REGISTER_USER_ALREADY_EXISTS)
    throw error
  }
}

export async function verifyAddress(trx: Trx, token: string): Promise<User> {
  const user = await consumeAccountToken(trx, token, 'verify', (candidate) =>
    candidate.is_verified ? new AccountRefusal(AUTH_ERRORS.VERIFY_USER_ALREADY_VERIFIED) : undefined,
  )
  if (!user) throw new AccountRefusal(AUTH_ERRORS.VERIFY_USER_BAD_TOKEN)
  const row = await trx
    .updateTable('users')
    .set({ is_verified: true, updated_at: now() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return toUser(row)
}

/** Sets the password a reset link was mailed for and ends the account's sessions; answers the account's id. */
export async function resetPassword(trx: Trx, token: string, hashedPassword: string): Promise<number> {
  const user = await consumeAccountToken(trx, token, 'reset')
  if (!user) throw new AccountRefusal(AUTH_ERRORS.RESET_PASSWORD_BAD_TOKEN)
  await trx
    .updateTable('users')
    // the token came by mail to this address, so the address is proven too
    .set({ hashed_password: hashedPassword, needs_password: false, is_verified: true, updated_at: now() })
    .where('id', '=', user.id)
    .execute()
  await endAllSessions(trx, user.id)
  // the other links of the account were issued for the old password
  await voidAccountTokens(trx, user.id)
  return user.id
}
