// Accounts and the sessions their tokens stand for. At least one active super-user always remains, and changes
// that weaken an account end its sessions. Passwords arrive hashed: hashing takes long, and no write transaction
// should wait for it.
import { randomUUID } from 'node:crypto'
import { sql, type Updateable } from 'kysely'
import { AUTH_ERRORS, type Language, type Role, type RoleGrant, type User, type UserUpdate } from '../../contract'
import type { DB } from '../db'
import { now, secondsAfter } from '../db/clock'
import { dialectOfConnection } from '../db/dialect'
import { isUniqueViolation, violationText } from '../db/errors'
import { normalizeEmail, userRepository, type UserRow } from '../db/repositories/users'
import type { UsersTable } from '../db/schema'
import type { Trx } from '../db/writes'
import { voidAccountTokens } from './account-tokens'
import { AccountRefusal, Conflict, Invalid, NotFound } from './errors'
import { hashPassword } from './passwords'
import { normalizeUsername, usernameKey } from './usernames'

export type { UserRow }

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    given_name: row.given_name,
    family_name: row.family_name,
    language: row.language,
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

/**
 * The active user a live session belongs to, with the roles they hold, or undefined: one read per request, which
 * every request makes (its permissions follow from the roles).
 */
export async function userOfSession(db: DB, sessionId: string): Promise<(UserRow & { roles: RoleGrant[] }) | undefined> {
  const dialect = dialectOfConnection(db)
  const grant = sql`user_roles.role || '@' || coalesce(${dialect === 'postgres' ? sql`user_roles.warehouse_id::text` : sql`user_roles.warehouse_id`}, '')`
  const roles =
    dialect === 'postgres'
      ? sql<string | null>`(select string_agg(${grant}, ',') from user_roles where user_roles.user_id = users.id)`
      : sql<string | null>`(select group_concat(${grant}, ',') from user_roles where user_roles.user_id = users.id)`
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(roles.as('roles'))
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now())
    .where('users.is_active', '=', true)
    .executeTakeFirst()
  return row && { ...row, roles: grantsOf(row.roles) }
}

/** `clerk@3,office@` as the roles it lists, in the order rolesOf answers them. */
function grantsOf(text: string | null): RoleGrant[] {
  if (!text) return []
  return text
    .split(',')
    .map((grant) => {
      const [role, warehouse] = grant.split('@')
      return { role: role as Role, warehouse_id: warehouse === '' ? null : Number(warehouse) }
    })
    .sort((a, b) => a.role.localeCompare(b.role) || (a.warehouse_id ?? 0) - (b.warehouse_id ?? 0))
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
  language?: Language
}

type Flags = Record<'is_active' | 'is_verified' | 'is_superuser' | 'needs_password', boolean>

/** Stores a new account; the caller decides the flags (a unique violation is thrown on). */
export async function insertUser(db: DB, user: NewUser, hashedPassword: string, flags: Flags): Promise<UserRow> {
  const stamp = now()
  const username = normalizeUsername(user.username)
  return db
    .insertInto('users')
    .values({
      email: normalizeEmail(user.email),
      username,
      username_key: usernameKey(username),
      hashed_password: hashedPassword,
      given_name: user.given_name ?? null,
      family_name: user.family_name ?? null,
      ...(user.language ? { language: user.language } : {}),
      ...flags,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

const usernameTaken = () => new Conflict('USERNAME_EXISTS', 'Another user already has this username.')
const usernameLookalike = () =>
  new Conflict('USERNAME_CONFUSABLE', 'This username looks the same as the username of another user. Please choose another.')

/** A name or address another account has; a person changing their own address hears it fastapi-users' way. */
function taken(error: unknown, byAdministrator: boolean) {
  const violated = violationText(error)
  if (/username_key/i.test(violated)) return usernameLookalike()
  if (/username/i.test(violated)) return usernameTaken()
  if (!byAdministrator) return new AccountRefusal(AUTH_ERRORS.UPDATE_USER_EMAIL_ALREADY_EXISTS)
  return new Conflict('EMAIL_EXISTS', 'Another user already has this e-mail address.')
}

/**
 * Refuses a name another account has (in any case), or one that looks the same (USERNAME_CONFUSABLE); the unique
 * indexes refuse the same when two requests race. `exceptId`: the account being renamed.
 */
export async function refuseTakenUsername(db: DB, username: string, exceptId?: number): Promise<void> {
  const others = await db
    .selectFrom('users')
    .select(['username'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', username.toLowerCase()), eb('username_key', '=', usernameKey(username))]))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .execute()
  if (others.some((other) => other.username.toLowerCase() === username.toLowerCase())) throw usernameTaken()
  if (others.length > 0) throw usernameLookalike()
}

/** An account an administrator makes: the password is theirs until the invitation mail lets the person choose one. */
export async function createUser(trx: Trx, user: NewUser & Partial<Flags>, hashedPassword: string): Promise<UserRow> {
  const flags = {
    is_active: user.is_active ?? true,
    is_verified: user.is_verified ?? false,
    is_superuser: user.is_superuser ?? false,
    needs_password: true,
  }
  await refuseTakenUsername(trx, normalizeUsername(user.username))
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
  const username = changes.username === undefined ? undefined : normalizeUsername(changes.username)
  const set: Updateable<UsersTable> = {
    username,
    username_key: username === undefined ? undefined : usernameKey(username),
    given_name: trimmed(changes.given_name),
    family_name: trimmed(changes.family_name),
    is_active: changes.is_active,
    is_verified: changes.is_verified ?? (emailChanges ? false : undefined),
    is_superuser: changes.is_superuser,
    language: changes.language,
    ...(emailChanges ? { email } : {}),
    ...(hashedPassword === undefined ? {} : { hashed_password: hashedPassword, needs_password: byAdministrator }),
    updated_at: now(),
  }
  return set
}

/** The own account's e-mail or password changes only with the current password (checked before the transaction). */
export function needsCurrentPassword(current: Pick<UserRow, 'email'>, changes: Pick<UserUpdate, 'email' | 'password'>): boolean {
  return changes.password !== undefined || (changes.email !== undefined && normalizeEmail(changes.email) !== current.email)
}

/** 400 naming current_password: it was not given, or it is not the account's password. */
export function refuseCurrentPassword(given: string | undefined) {
  return given === undefined
    ? Invalid.rule(['body', 'current_password'], 'current_password_missing', {}, 'missing', 400)
    : Invalid.rule(['body', 'current_password'], 'current_password_wrong', {}, 'value_error', 400)
}

export interface UpdatedUser {
  user: User
  /** the account before the change, for the notices it calls for */
  before: UserRow
  after: UserRow
}

/**
 * Changes an account (`hashedPassword` when the change sets a password), refusing to leave no active super-user;
 * a new password or a deactivation ends the account's sessions, and a change of password, address or active flag
 * ends its mailed links. `checkedHash`: the password hash the caller verified the current password against; the
 * change is refused if the password changed since.
 */
export async function updateUser(
  trx: Trx,
  id: number,
  changes: UserUpdate,
  { hashedPassword, byAdministrator, checkedHash }: { hashedPassword?: string; byAdministrator: boolean; checkedHash?: string },
): Promise<UpdatedUser> {
  const mayWeaken = changes.is_active === false || changes.is_superuser === false
  if (mayWeaken) await lockActiveSuperusers(trx)
  const current = await userRepository.find(trx, id)
  if (!current) throw new NotFound('User')
  if (checkedHash !== undefined && current.hashed_password !== checkedHash) throw refuseCurrentPassword('changed meanwhile')
  if (mayWeaken && current.is_superuser && current.is_active) await refuseIfLastSuperuser(trx, id)
  if (changes.username !== undefined) await refuseTakenUsername(trx, normalizeUsername(changes.username), id)
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
  const credentialsChanged =
    row.hashed_password !== current.hashed_password || row.email !== current.email || Boolean(row.is_active) !== Boolean(current.is_active)
  if (credentialsChanged) await voidAccountTokens(trx, id)
  return { user: toUser(row), before: current, after: row }
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
  const hashed = await hashPassword(chosen)
  const stamp = now()
  // servers starting together on one empty database: the first insert wins, the others do nothing and say nothing
  const created = await db
    .insertInto('users')
    .values({
      email: normalizeEmail(email),
      username: 'admin',
      username_key: usernameKey('admin'),
      hashed_password: hashed,
      given_name: null,
      family_name: null,
      is_active: true,
      is_verified: true,
      is_superuser: true,
      needs_password: false,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('email')
    .executeTakeFirst()
  if (!created) return undefined
  return { email: created.email, generatedPassword: password ? undefined : chosen }
}
