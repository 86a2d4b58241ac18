// fastapi-users compatible authentication: login/logout, registration, verification, password reset.
// Answers never tell whether an address has an account: the same status, and the mail work happens after the answer.
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { AccessToken, AUTH_ERRORS, EmailBody, ErrorBody, LoginForm, ResetPasswordBody, TokenBody, User, UserCreate } from '../../contract'
import { AccountRefusal, Forbidden } from '../domain/errors'
import { isUniqueViolation } from '../db/errors'
import { checkPassword, hashPassword } from '../domain/passwords'
import { endAllSessions, findUserByEmail, insertUser, toUser, type UserRow } from '../domain/users'
import { consumeAccountToken, issueAccountToken, TOKEN_LIFETIME_SECONDS } from '../domain/account-tokens'
import { invitationMail, passwordResetMail, verificationMail } from '../domain/account-mail'
import { now } from '../db/clock'

export interface AuthRouteOptions {
  publicUrl: string
  openRegistration: boolean
}

const tags = ['auth']
const publicRoute = { auth: 'public' as const }
const Accepted = { 202: Type.Null() }

const plugin: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, options) => {
  const link = (kind: 'verify' | 'password', token: string) => `${options.publicUrl}/${kind}/${token}`

  /** A verification mail, or for an account whose password an administrator chose, an invitation to choose one. */
  async function sendVerification(user: UserRow, log: FastifyBaseLogger) {
    if (user.needs_password) {
      const token = await issueAccountToken(app.db, user, 'reset', TOKEN_LIFETIME_SECONDS.invitation)
      await app.mailer.send(invitationMail(user.email, user.username, link('password', token)), log)
    } else {
      const token = await issueAccountToken(app.db, user, 'verify', TOKEN_LIFETIME_SECONDS.verify)
      await app.mailer.send(verificationMail(user.email, link('verify', token)), log)
    }
  }

  app.post(
    '/auth/jwt/login',
    {
      config: { ...publicRoute, attemptsOf: 'username' },
      schema: { tags, body: LoginForm, response: { 200: AccessToken, 400: ErrorBody } },
    },
    async (request, reply) => {
      const { username, password } = request.body
      const user = await findUserByEmail(app.db, username)
      const valid = await checkPassword(user?.hashed_password, password)
      if (!user || !valid || !user.is_active) throw new AccountRefusal(AUTH_ERRORS.LOGIN_BAD_CREDENTIALS)
      return { access_token: await app.issueToken(user.id), token_type: 'bearer' as const }
    },
  )

  app.post('/auth/jwt/logout', { schema: { tags, response: { 204: Type.Null() } } }, async (request, reply) => {
    await app.db.deleteFrom('sessions').where('id', '=', request.sessionId!).execute()
    return reply.code(204).send(null)
  })

  app.post(
    '/auth/register',
    { config: publicRoute, schema: { tags, body: UserCreate, response: { 201: User, 400: ErrorBody, 403: ErrorBody } } },
    async (request, reply) => {
      if (!options.openRegistration)
        throw new Forbidden('Registration is closed. Ask an administrator to make an account for you.', 'REGISTRATION_CLOSED')
      const body = request.body
      try {
        // registration never grants flags, whatever the body says
        const row = await insertUser(app.db, body, { is_active: true, is_verified: false, is_superuser: false, needs_password: false })
        return reply.code(201).send(toUser(row))
      } catch (error) {
        if (isUniqueViolation(error)) throw new AccountRefusal(AUTH_ERRORS.REGISTER_USER_ALREADY_EXISTS)
        throw error
      }
    },
  )

  app.post(
    '/auth/request-verify-token',
    { config: { ...publicRoute, attemptsOf: 'email' }, schema: { tags, body: EmailBody, response: Accepted } },
    async (request, reply) => {
      const { email } = request.body
      app.mailer.later(
        'verification mail',
        async () => {
          const user = await findUserByEmail(app.db, email)
          if (user?.is_active && (!user.is_verified || user.needs_password)) await sendVerification(user, request.log)
        },
        request.log,
      )
      return reply.code(202).send(null)
    },
  )

  app.post(
    '/auth/verify',
    { config: publicRoute, schema: { tags, body: TokenBody, response: { 200: User, 400: ErrorBody } } },
    async (request) => {
      const { token } = request.body
      const user = await consumeAccountToken(app.db, token, 'verify', (candidate) =>
        candidate.is_verified ? new AccountRefusal(AUTH_ERRORS.VERIFY_USER_ALREADY_VERIFIED) : undefined,
      )
      if (!user) throw new AccountRefusal(AUTH_ERRORS.VERIFY_USER_BAD_TOKEN)
      const row = await app.db
        .updateTable('users')
        .set({ is_verified: true, updated_at: now() })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return toUser(row)
    },
  )

  app.post(
    '/auth/forgot-password',
    { config: { ...publicRoute, attemptsOf: 'email' }, schema: { tags, body: EmailBody, response: Accepted } },
    async (request, reply) => {
      const { email } = request.body
      app.mailer.later(
        'password reset mail',
        async () => {
          const user = await findUserByEmail(app.db, email)
          if (!user?.is_active) return
          const token = await issueAccountToken(app.db, user, 'reset', TOKEN_LIFETIME_SECONDS.reset)
          await app.mailer.send(passwordResetMail(user.email, link('password', token)), request.log)
        },
        request.log,
      )
      return reply.code(202).send(null)
    },
  )

  app.post(
    '/auth/reset-password',
    {
      config: { ...publicRoute, attemptsOf: 'token' },
      schema: { tags, body: ResetPasswordBody, response: { 200: Type.Null(), 400: ErrorBody } },
    },
    async (request) => {
      const { token, password } = request.body
      const user = await consumeAccountToken(app.db, token, 'reset')
      if (!user) throw new AccountRefusal(AUTH_ERRORS.RESET_PASSWORD_BAD_TOKEN)
      request.auditSubject = user.id
      await app.db
        .updateTable('users')
        // the token came by mail to this address, so the address is proven too
        .set({ hashed_password: await hashPassword(password), needs_password: false, is_verified: true, updated_at: now() })
        .where('id', '=', user.id)
        .execute()
      await endAllSessions(app.db, user.id)
      return null
    },
  )
}

export default plugin
