// Users: everyone may read and change their own account; only a super-user manages the others.
// At least one active super-user always remains, and changes that weaken an account end its sessions.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Transaction } from 'kysely'
import Type from 'typebox'
import { AUTH_ERRORS, ErrorBody, IdParams, User, UserCreate, UserListQuery, UserUpdate, UserUpdateMe } from '../../contract'
import type { Database } from '../db/schema'
import { isUniqueViolation } from '../db/errors'
import { userRepository } from '../db/repositories/users'
import { hashPassword } from '../domain/passwords'
import { endAllSessions, insertUser, normalizeEmail, toUser, type UserRow } from '../domain/users'
import { now } from '../db/clock'
import { withTotalCount } from './lists'
import { AccountRefusal, Conflict, NotFound } from '../domain/errors'

const tags = ['users']
const superuser = { auth: 'superuser' as const }

type Changes = UserUpdate

const plugin: FastifyPluginAsyncTypebox = async (app) => {
  /** Which columns a change sets; an e-mail change unverifies unless the caller sets the flag itself. */
  async function columnsFor(current: UserRow, changes: Changes) {
    const set: Record<string, unknown> = { updated_at: now() }
    for (const key of ['username', 'given_name', 'family_name', 'is_active', 'is_verified', 'is_superuser'] as const) {
      if (changes[key] !== undefined) set[key] = typeof changes[key] === 'string' ? (changes[key] as string).trim() : changes[key]
    }
    if (changes.email !== undefined && normalizeEmail(changes.email) !== current.email) {
      set.email = normalizeEmail(changes.email)
      if (changes.is_verified === undefined) set.is_verified = false
    }
    if (changes.password !== undefined) set.hashed_password = await hashPassword(changes.password)
    return set
  }

  /** Applies a change in one transaction, refusing to leave no active super-user. */
  async function updateUser(id: number, changes: Changes, options: { byAdministrator: boolean }): Promise<UserRow> {
    const set = await columnsFor(await findUser(id), changes)
    if (changes.password !== undefined) set.needs_password = options.byAdministrator
    try {
      const row = await app.db.transaction().execute(async (trx) => {
        const mayWeaken = set.is_active === false || set.is_superuser === false
        if (mayWeaken) await lockActiveSuperusers(trx)
        const current = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
        if (!current) throw new NotFound('User')
        if (mayWeaken && current.is_superuser && current.is_active) await refuseIfLastSuperuser(trx, id)
        return trx.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
      })
      const weakened = set.hashed_password !== undefined || set.is_active === false
      if (weakened) await endAllSessions(app.db, id)
      return row
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateUser(error, options.byAdministrator)
      throw error
    }
  }

  /**
   * Makes changes that may remove an active super-user take turns: on PostgreSQL every such transaction first locks
   * all active super-users, always in id order (so two of them cannot deadlock), and the next one sees what the
   * previous one committed. SQLite runs one write transaction at a time anyway.
   */
  async function lockActiveSuperusers(trx: Transaction<Database>) {
    if (app.dialect !== 'postgres') return
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
  async function refuseIfLastSuperuser(trx: Transaction<Database>, exceptId: number) {
    const others = await trx
      .selectFrom('users')
      .select('id')
      .where('is_superuser', '=', true)
      .where('is_active', '=', true)
      .where('id', '!=', exceptId)
      .execute()
    if (others.length === 0) throw new Conflict('LAST_SUPERUSER', 'This is the last active super-user: make someone else super-user first.')
  }

  function duplicateUser(error: unknown, byAdministrator: boolean) {
    const message = String((error as Error).message ?? '') + String((error as { constraint?: string }).constraint ?? '')
    if (/username/i.test(message)) return new Conflict('USERNAME_EXISTS', 'Another user already has this username.')
    if (!byAdministrator) return new AccountRefusal(AUTH_ERRORS.UPDATE_USER_EMAIL_ALREADY_EXISTS)
    return new Conflict('EMAIL_EXISTS', 'Another user already has this e-mail address.')
  }

  async function findUser(id: number) {
    const row = await userRepository.find(app.db, id)
    if (!row) throw new NotFound('User')
    return row
  }

  app.get('/users/me', { schema: { tags, response: { 200: User } } }, (request) => request.user)

  app.patch(
    '/users/me',
    { schema: { tags, body: UserUpdateMe, response: { 200: User, 400: ErrorBody, 409: ErrorBody } } },
    async (request) => toUser(await updateUser(request.user.id, request.body, { byAdministrator: false })),
  )

  app.get(
    '/users/',
    { config: superuser, schema: { tags, querystring: UserListQuery, response: { 200: Type.Array(User) } } },
    async (request, reply) => {
      const { rows, total } = await userRepository.list(app.dialect, app.db, request.query)
      withTotalCount(reply, total)
      return rows.map(toUser)
    },
  )

  app.post(
    '/users/',
    { config: superuser, schema: { tags, body: UserCreate, response: { 201: User, 409: ErrorBody } } },
    async (request, reply) => {
      const body = request.body
      try {
        const row = await insertUser(app.db, body, {
          is_active: body.is_active ?? true,
          is_verified: body.is_verified ?? false,
          is_superuser: body.is_superuser ?? false,
          // an administrator chose this password; the invitation mail lets the person choose their own
          needs_password: true,
        })
        return reply.code(201).send(toUser(row))
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateUser(error, true)
        throw error
      }
    },
  )

  app.get('/users/:id', { config: superuser, schema: { tags, params: IdParams, response: { 200: User } } }, async (request) =>
    toUser(await findUser(request.params.id)),
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/users/:id',
    config: superuser,
    schema: { tags, params: IdParams, body: UserUpdate, response: { 200: User, 409: ErrorBody } },
    handler: async (request) => toUser(await updateUser(request.params.id, request.body, { byAdministrator: true })),
  })

  app.delete(
    '/users/:id',
    { config: superuser, schema: { tags, params: IdParams, response: { 204: Type.Null(), 409: ErrorBody } } },
    async (request, reply) => {
      const { id } = request.params
      await app.db.transaction().execute(async (trx) => {
        await lockActiveSuperusers(trx)
        const user = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
        if (!user) throw new NotFound('User')
        if (user.is_superuser && user.is_active) await refuseIfLastSuperuser(trx, id)
        await trx.deleteFrom('users').where('id', '=', id).execute()
      })
      return reply.code(204).send(null)
    },
  )
}

export default plugin
