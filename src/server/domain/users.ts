// Users as the API shows them, and the sessions their tokens stand for.
import { randomUUID } from 'node:crypto'
import type { User } from '../../contract'
import type { DB } from '../db'
import type { UserRow } from '../db/repositories/users'
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

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export async function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()
}

export async function startSession(db: DB, userId: number, lifetimeSeconds: number): Promise<string> {
  const now = new Date()
  const id = randomUUID()
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<', now.toISOString()).execute()
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    })
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
    .where('sessions.expires_at', '>', new Date().toISOString())
    .where('users.is_active', '=', true)
    .executeTakeFirst()
}

/** Ends every session of a user: on password change or reset, deactivation, deletion. */
export interface NewUser {
  email: string
  username: string
  password: string
  given_name?: string | null
  family_name?: string | null
}

type Flags = Record<'is_active' | 'is_verified' | 'is_superuser' | 'needs_password', boolean>

/** Stores a new account with its password hashed; the caller decides the flags (a unique violation is thrown on). */
export async function insertUser(db: DB, user: NewUser, flags: Flags): Promise<UserRow> {
  const stamp = new Date().toISOString()
  return db
    .insertInto('users')
    .values({
      email: normalizeEmail(user.email),
      username: user.username.trim(),
      hashed_password: await hashPassword(user.password),
      given_name: user.given_name ?? null,
      family_name: user.family_name ?? null,
      ...flags,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function endAllSessions(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
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
  const user = await insertUser(db, { email, username: 'admin', password: chosen }, flags)
  return { email: user.email, generatedPassword: password ? undefined : chosen }
}
