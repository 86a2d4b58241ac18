// Accounts and the sessions their tokens stand for. At least one active super-user always remains, and changes
// that weaken an account end its sessions. Passwords arrive hashed: hashing takes long, and no write transaction
// should wait for it.
import { randomUUID } from 'node:crypto'
import type { Updateable } from 'kysely'
import { AUTH_ERRORS, type User, type UserUpdate } from '../../contract'
import type { DB } from '../db'
import { now, secondsAfter } from '../db/clock'
import { dialectOfConnection } from '../db/dialect'
import { isUniqueViolation, violationText } from '../db/errors'
import { normalizeEmail, userRepository, type UserRow } from '../db/repositories/users'
import type { UsersTable } from '../db/schema'
import type { Trx } from '../db/writes'
import { AccountRefusal, Conflict, NotFound } from './errors'
import { hashPassword } from './passwords'

export type { UserRow }

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    given_name: row.given_name,
    family_name: row.family_name,
    is_active: Boolean(row.is_active),
    is_verified: Boolean(row.is_verified),
    is_superuser: Boolean(row.is_superuser),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export async function startSession(db: DB, userId: number, lifetimeSeconds: number): Promise<string> {
  const id = randomUUID()
  const stamp = now()
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<', stamp).execute()
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, created_at: stamp, expires_at: secondsAfter(stamp, lifetimeSeconds) })
    .execute()
  return id
}

/** The active user a live session belongs to, or undefined. */
export async function userOfSession(db: DB, sessionId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now())
    .where('users.is_active', '=', true)
    .executeTakeFirst()
}

/** Ends every session of a user: on password change or reset, deactivation, deletion. */
export async function endAllSessions(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}

export interface NewUser {
  email: string
  username: string
  given_name?: string | null
  family_name?: string | null
}

type Flags = Record<'is_active' | 'is_verified' | 'is_superuser' | 'needs_password', boolean>

/** Stores a new account; the caller decides the flags (a unique violation is thrown on). */
export async function insertUser(db: DB, user: NewUser, hashedPassword: string, flags: Flags): Promise<UserRow> {
  const stamp = now()
  return db
    .insertInto('users')
    .values({
      email: normalizeEmail(user.email),
      username: user.username.trim(),
      hashed_password: hashedPassword,
      given_name: user.given_name ?? null,
      family_name: user.family_name ?? null,
      ...flags,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A name or address another account has; a person changing their own address hears it fastapi-users' way. */
function taken(error: unknown, byAdministrator: boolean) {
  if (/username/i.test(violationText(error))) return new Conflict('USERNAME_EXISTS', 'Another user already has this username.')
  if (!byAdministrator) return new AccountRefusal(AUTH_ERRORS.UPDATE_USER_EMAIL_ALREADY_EXISTS)
  return new Conflict('EMAIL_EXISTS', 'Another user already has this e-mail address.')
}

/** An account an administrator makes: the password is theirs until the invitation mail lets the person choose one. */
export async function createUser(trx: Trx, user: NewUser & Partial<Flags>, hashedPassword: string): Promise<UserRow> {
  const flags = {
    is_active: user.is_active ?? true,
    is_verified: user.is_verified ?? false,
    is_superuser: user.is_superuser ?? false,
    needs_password: true,
  }
  try {
    return await insertUser(trx, user, hashedPassword, flags)
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(error, true)
    throw error
  }
}

/**
 * Makes changes that may remove an active super-user take turns: on PostgreSQL every such transaction first locks
 * all active super-users, always in id order (so two of them cannot deadlock), and the next one sees what the
 * previous one committed. SQLite runs one write transaction at a time anyway.
 */
async function lockActiveSuperusers(trx: Trx) {
  if (dialectOfConnection(trx) !== 'postgres') return
  await trx
    .selectFrom('users')
    .select('id')
    .where('is_superuser', '=', true)
    .where('is_active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute()
}

/** Call after lockActiveSuperusers. */
async function refuseIfLastSuperuser(trx: Trx, exceptId: number) {
  const others = await trx
    .selectFrom('users')
    .select('id')
    .where('is_superuser', '=', true)
    .where('is_active', '=', true)
    .where('id', '!=', exceptId)
    .execute()
  if (others.length === 0) throw new Conflict('LAST_SUPERUSER', 'This is the last active super-user: make someone else super-user first.')
}

const trimmed = <T extends string | null | undefined>(text: T) => (typeof text === 'string' ? text.trim() : text)

/** The columns a change sets; an e-mail change unverifies unless the caller sets the flag itself. */
function columnsFor(current: UserRow, changes: UserUpdate, hashedPassword: string | undefined, byAdministrator: boolean) {
  const email = changes.email === undefined ? undefined : normalizeEmail(changes.email)
  const emailChanges = email !== undefined && email !== current.email
  const set: Updateable<UsersTable> = {
    username: trimmed(changes.username),
    given_name: trimmed(changes.given_name),
    family_name: trimmed(changes.family_name),
    is_active: changes.is_active,
    is_verified: changes.is_verified ?? (emailChanges ? false : undefined),
    is_superuser: changes.is_superuser,
    ...(emailChanges ? { email } : {}),
    ...(hashedPassword === undefined ? {} : { hashed_password: hashedPassword, needs_password: byAdministrator }),
    updated_at: now(),
  }
  return set
}

/**
 * Changes an account (`hashedPassword` when the change sets a password), refusing to leave no active super-user;
 * a new password or a deactivation ends the account's sessions.
 */
export async function updateUser(
  trx: Trx,
  id: number,
  changes: UserUpdate,
  { hashedPassword, byAdministrator }: { hashedPassword?: string; byAdministrator: boolean },
): Promise<User> {
  const mayWeaken = changes.is_active === false || changes.is_superuser === false
  if (mayWeaken) await lockActiveSuperusers(trx)
  const current = await userRepository.find(trx, id)
  if (!current) throw new NotFound('User')
  if (mayWeaken && current.is_superuser && current.is_active) await refuseIfLastSuperuser(trx, id)
  let row: UserRow
  try {
    row = await trx
      .updateTable('users')
      .set(columnsFor(current, changes, hashedPassword, byAdministrator))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(error, byAdministrator)
    throw error
  }
  if (hashedPassword !== undefined || changes.is_active === false) await endAllSessions(trx, id)
  return toUser(row)
}

/** Deletes an account, unless it is the last active super-user. */
export async function deleteUser(trx: Trx, id: number): Promise<void> {
  await lockActiveSuperusers(trx)
  const user = await userRepository.find(trx, id)
  if (!user) throw new NotFound('User')
  if (user.is_superuser && user.is_active) await refuseIfLastSuperuser(trx, id)
  await trx.deleteFrom('users').where('id', '=', id).execute()
}

/**
 * On an empty database, creates the first super-user from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or with a generated password that the caller shows once. Returns what it created.
 */
export async function ensureFirstSuperuser(
  db: DB,
  email: string,
  password: string | undefined,
  generate: () => string,
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (existing) return undefined
  const chosen = password ?? generate()
  const flags = { is_active: true, is_verified: true, is_superuser: true, needs_password: false }
  const user = await insertUser(db, { email, username: 'admin' }, await hashPassword(chosen), flags)
  return { email: user.email, generatedPassword: password ? undefined : chosen }
}
