// fastapi-users compatible authentication: login/logout, registration, verification, password reset.
// Answers never tell whether an address has an account: the same status, and the mail work happens after the answer.
import type { FastifyBaseLogger } from 'fastify'
import Type from 'typebox'
import { AccessToken, AUTH_ERRORS, EmailBody, ErrorBody, LoginForm, ResetPasswordBody, TokenBody, User, UserCreate } from '../../contract'
import { AccountRefusal, Forbidden } from '../domain/errors'
import { checkPassword, hashPassword } from '../domain/passwords'
import { userRepository, type UserRow } from '../db/repositories/users'
import { issueAccountToken, TOKEN_LIFETIME_SECONDS, userOfAccountToken } from '../domain/account-tokens'
import { invitationMail, passwordResetMail, verificationMail } from '../domain/account-mail'
import { register, resetPassword, verifyAddress } from '../domain/self-service'
import { grantFirstRole } from '../domain/roles'
import { keepAnswersPrivate } from './support/private-answers'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['auth']
const publicRoute = { auth: 'public' as const }
/** the person acts on their own account, so they are the one the audit names */
const bySubject = { entity: 'user', bySubject: true } as const
const Accepted = { 202: Type.Null() }

const plugin: RoutePlugin = async (app, { publicUrl, openRegistration, defaultRole }) => {
  keepAnswersPrivate(app)
  const link = (kind: 'verify' | 'password', token: string) => `${publicUrl}/${kind}/${token}`

  /** A verification mail, or for an account whose password an administrator chose, an invitation to choose one. */
  async function sendVerification(user: UserRow, log: FastifyBaseLogger) {
    if (user.needs_password) {
      const token = await issueAccountToken(app.db, user, 'reset', TOKEN_LIFETIME_SECONDS.invitation)
      await app.mailer.send(invitationMail(user.email, user.language, user.username, link('password', token)), log)
    } else {
      const token = await issueAccountToken(app.db, user, 'verify', TOKEN_LIFETIME_SECONDS.verify)
      await app.mailer.send(verificationMail(user.email, user.language, link('verify', token)), log)
    }
  }

  /** An address that had its share of these mails this hour gets no more, however often it is asked for (the answer stays 202). */
  async function mailedEnough(route: string, email: string, log: FastifyBaseLogger) {
    if (await app.mayMail(route, email)) return false
    log.info({ route }, 'mail not sent: this address had its share of these mails this hour')
    return true
  }

  app.post(
    '/auth/jwt/login',
    {
      // a session is no record of the catalogue, the ledger or the accounts
      config: { ...publicRoute, throttle: { account: 'username', counts: 'failures' }, audit: false },
      // fastapi-users' OAuth2 password form; JSON is taken too
      schema: {
        tags,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginForm,
        response: { 200: AccessToken, 400: ErrorBody },
      },
    },
    async (request) => {
      const { username, password } = request.body
      const user = await userRepository.findByEmail(app.db, username)
      const valid = await checkPassword(user?.hashed_password, password)
      if (!user || !valid || !user.is_active) throw new AccountRefusal(AUTH_ERRORS.LOGIN_BAD_CREDENTIALS)
      return { access_token: await app.issueToken(user.id), token_type: 'bearer' as const }
    },
  )

  // ends a session only
  app.post(
    '/auth/jwt/logout',
    { config: { access: 'signed-in', audit: false }, schema: { tags, response: { 204: Type.Null() } } },
    async (request, reply) => {
      if (request.sessionId) await app.db.deleteFrom('sessions').where('id', '=', request.sessionId).execute()
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/auth/register',
    {
      config: { ...publicRoute, throttle: { counts: 'all' }, audit: { ...bySubject, id: 'answer' } },
      schema: { tags, body: UserCreate, response: { 201: User, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody } },
    },
    async (request, reply) => {
      if (!openRegistration)
        throw new Forbidden('Registration is closed. Ask an administrator to make an account for you.', 'REGISTRATION_CLOSED')
      const hashedPassword = await hashPassword(request.body.password)
      return reply.commit(201, async (trx) => {
        const user = await register(trx, request.body, hashedPassword)
        await grantFirstRole(trx, user.id, defaultRole)
        return user
      })
    },
  )

  app.post(
    '/auth/request-verify-token',
    // stores a mailed token only, after the answer
    { config: { ...publicRoute, throttle: { counts: 'all' }, audit: false }, schema: { tags, body: EmailBody, response: Accepted } },
    async (request, reply) => {
      const { email } = request.body
      app.mailer.later(
        'verification mail',
        async () => {
          const user = await userRepository.findByEmail(app.db, email)
          if (!user?.is_active || (user.is_verified && !user.needs_password)) return
          if (await mailedEnough('/api/auth/request-verify-token', user.email, request.log)) return
          await sendVerification(user, request.log)
        },
        request.log,
      )
      return reply.code(202).send(null)
    },
  )

  app.post(
    '/auth/verify',
    {
      config: { ...publicRoute, audit: { ...bySubject, id: 'answer', action: 'update' } },
      schema: { tags, body: TokenBody, response: { 200: User, 400: ErrorBody } },
    },
    async (request, reply) => reply.commit(200, (trx) => verifyAddress(trx, request.body.token)),
  )

  app.post(
    '/auth/forgot-password',
    // stores a mailed token only, after the answer
    { config: { ...publicRoute, throttle: { counts: 'all' }, audit: false }, schema: { tags, body: EmailBody, response: Accepted } },
    async (request, reply) => {
      const { email } = request.body
      app.mailer.later(
        'password reset mail',
        async () => {
          const user = await userRepository.findByEmail(app.db, email)
          if (!user?.is_active) return
          if (await mailedEnough('/api/auth/forgot-password', user.email, request.log)) return
          const token = await issueAccountToken(app.db, user, 'reset', TOKEN_LIFETIME_SECONDS.reset)
          await app.mailer.send(passwordResetMail(user.email, user.language, link('password', token)), request.log)
        },
        request.log,
      )
      return reply.code(202).send(null)
    },
  )

  app.post(
    '/auth/reset-password',
    {
      config: { ...publicRoute, throttle: { counts: 'failures' }, audit: { ...bySubject, id: 'subject', action: 'update' } },
      schema: { tags, body: ResetPasswordBody, response: { 200: Type.Null(), 400: ErrorBody } },
    },
    async (request, reply) => {
      const { token, password } = request.body
      // a dead link is refused before the costly hash; the write checks the link again as it uses it up
      if (!(await userOfAccountToken(app.db, token, 'reset'))) throw new AccountRefusal(AUTH_ERRORS.RESET_PASSWORD_BAD_TOKEN)
      const hashedPassword = await hashPassword(password)
      return reply.commit(200, async (trx) => {
        request.auditSubject = await resetPassword(trx, token, hashedPassword)
        return null
      })
    },
  )
}

export default plugin
