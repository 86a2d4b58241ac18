// Users: everyone may read and change their own account; only a super-user manages the others.
import Type from 'typebox'
import { ErrorBody, IdParams, Me, RoleGrants, User, UserCreate, UserListQuery, UserUpdate, UserUpdateMe } from '../../contract'
import type { FastifyBaseLogger } from 'fastify'
import { userRepository } from '../db/repositories/users'
import { changeNotices, type Mail } from '../domain/account-mail'
import { NotFound } from '../domain/errors'
import { checkPassword, hashPassword } from '../domain/passwords'
import { createUser, deleteUser, needsCurrentPassword, refuseCurrentPassword, toUser, updateUser, type UpdatedUser } from '../domain/users'
import { grantFirstRole, replaceRoles, rolesOf } from '../domain/roles'
import { withTotalCount } from './support/lists'
import { keepAnswersPrivate } from './support/private-answers'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['users']
const byId = { entity: 'user', id: { param: 'id' } } as const
/** hashed before the write transaction starts: hashing takes long, and no transaction should wait for it */
const hashed = async (password: string | undefined) => (password === undefined ? undefined : hashPassword(password))

const plugin: RoutePlugin = async (app, { defaultRole }) => {
  keepAnswersPrivate(app)
  /** Mails the notices a committed change calls for, after the answer. */
  const notify = (notices: Mail[], log: FastifyBaseLogger) => {
    for (const notice of notices) app.mailer.later('account change notice', () => app.mailer.send(notice, log), log)
  }
  const noticesOf = (updated: UpdatedUser) => changeNotices(updated.before, updated.after)

  // the roles were read with the session, the permissions from them
  app.get('/users/me', { schema: { tags, response: { 200: Me } }, config: { access: 'signed-in' } }, (request) => ({
    ...request.user,
    roles: request.roles,
    permissions: request.permissions,
  }))

  app.patch(
    '/users/me',
    {
      schema: { tags, body: UserUpdateMe, response: { 200: User, 400: ErrorBody, 409: ErrorBody } },
      config: { access: 'signed-in', audit: { entity: 'user', id: 'me' } },
    },
    async (request, reply) => {
      const { current_password: currentPassword, ...changes } = request.body
      let checkedHash: string | undefined
      if (needsCurrentPassword(request.user, changes)) {
        // checked before the write, as hashing is; the write refuses if the password changed in between
        const row = await userRepository.find(app.db, request.user.id)
        if (!row || currentPassword === undefined || !(await checkPassword(row.hashed_password, currentPassword)))
          throw refuseCurrentPassword(currentPassword)
        checkedHash = row.hashed_password
      }
      const hashedPassword = await hashed(changes.password)
      let notices: Mail[] = []
      await reply.commit(200, async (trx) => {
        const updated = await updateUser(trx, request.user.id, changes, { hashedPassword, byAdministrator: false, checkedHash })
        notices = noticesOf(updated)
        return updated.user
      })
      notify(notices, request.log)
      return reply
    },
  )

  app.get(
    '/users/',
    { config: { access: 'administer' }, schema: { tags, querystring: UserListQuery, response: { 200: Type.Array(User) } } },
    async (request, reply) => {
      const { rows, total } = await userRepository.list(app.dialect, app.db, request.query)
      withTotalCount(reply, total)
      return rows.map(toUser)
    },
  )

  app.post(
    '/users/',
    {
      config: { access: 'administer', audit: { entity: 'user', id: 'answer' } },
      schema: { tags, body: UserCreate, response: { 201: User, 409: ErrorBody } },
    },
    async (request, reply) => {
      const hashedPassword = await hashPassword(request.body.password)
      return reply.commit(201, async (trx) => {
        const user = toUser(await createUser(trx, request.body, hashedPassword))
        await grantFirstRole(trx, user.id, defaultRole)
        return user
      })
    },
  )

  app.get(
    '/users/:id',
    { config: { access: 'administer' }, schema: { tags, params: IdParams, response: { 200: User } } },
    async (request) => {
      const row = await userRepository.find(app.db, request.params.id)
      if (!row) throw new NotFound('User')
      return toUser(row)
    },
  )

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/users/:id',
    config: { access: 'administer', audit: { ...byId, before: { table: 'users', param: 'id' } } },
    schema: { tags, params: IdParams, body: UserUpdate, response: { 200: User, 409: ErrorBody } },
    handler: async (request, reply) => {
      const hashedPassword = await hashed(request.body.password)
      let notices: Mail[] = []
      await reply.commit(200, async (trx) => {
        const updated = await updateUser(trx, request.params.id, request.body, { hashedPassword, byAdministrator: true })
        notices = noticesOf(updated)
        return updated.user
      })
      notify(notices, request.log)
      return reply
    },
  })

  app.get(
    '/users/:id/roles',
    { config: { access: 'administer' }, schema: { tags, params: IdParams, response: { 200: RoleGrants } } },
    async (request) => {
      const row = await userRepository.find(app.db, request.params.id)
      if (!row) throw new NotFound('User')
      return rolesOf(app.db, row.id)
    },
  )

  app.put(
    '/users/:id/roles',
    {
      // the audit keeps the roles before and after: the body is a list, not a record's fields
      config: { access: 'administer', audit: { entity: 'work', id: { param: 'id' } } },
      schema: { tags, params: IdParams, body: RoleGrants, response: { 200: RoleGrants, 403: ErrorBody } },
    },
    async (request, reply) =>
      reply.commit(200, async (trx) => {
        const { before, after } = await replaceRoles(trx, request.params.id, request.user.id, request.body)
        request.audited = { entity: 'user', id: request.params.id, action: 'update', changes: { roles: after, before: { roles: before } } }
        return after
      }),
  )

  app.delete(
    '/users/:id',
    {
      config: { access: 'administer', audit: { ...byId, before: { table: 'users', param: 'id' } } },
      schema: { tags, params: IdParams, response: { 204: Type.Null(), 409: ErrorBody } },
    },
    async (request, reply) => reply.commit(204, (trx) => deleteUser(trx, request.params.id)),
  )
}

export default plugin
