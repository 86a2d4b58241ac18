// Sign-in, sign-out, bearer tokens and registration (fastapi-users compatible bodies and codes).
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, startServer, type TestServer } from './helpers'
import { startSession } from '../../src/server/domain/users'
import { issueAccountToken } from '../../src/server/domain/account-tokens'

let server: TestServer
/** known to the tests, so they can sign tokens the server's own way and change one thing at a time */
const SECRET = randomBytes(32).toString('hex')
beforeAll(async () => {
  server = await startServer({ SECRET })
})
afterAll(() => server.close())

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const login = (username: string, password: string) => server.anonymous.post('/api/auth/jwt/login', form({ username, password }), FORM)
const me = (token: string) => server.client(token).get('/api/users/me')

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** A JWT made by hand: any header, any claims, signed with any key (or not at all). */
function forgeJwt(header: Record<string, unknown>, claims: Record<string, unknown>, key?: string, digest = 'sha256') {
  const unsigned = `${b64url(header)}.${b64url(claims)}`
  const signature = key ? createHmac(digest, key).update(unsigned).digest('base64url') : ''
  return `${unsigned}.${signature}`
}
const nowSeconds = () => Math.floor(Date.now() / 1000)

describe('login', () => {
  it('accepts form-encoded username (the e-mail) and password, answering a bearer token that works', async () => {
    const res = await login(ADMIN.email, ADMIN.password)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer' })
    const who = await me(res.json().access_token)
    expect(who.statusCode).toBe(200)
    expect(who.json().email).toBe(ADMIN.email)
  })

  it('accepts a JSON body too, and the e-mail in any case', async () => {
    const res = await server.anonymous.post('/api/auth/jwt/login', { username: 'Admin@EXAMPLE.com', password: ADMIN.password })
    expect(res.statusCode).toBe(200)
    expect((await me(res.json().access_token)).json().email).toBe(ADMIN.email)
  })

  it('answers 400 LOGIN_BAD_CREDENTIALS for a wrong password, an unknown e-mail and an inactive user', async () => {
    const wrong = await login(ADMIN.email, 'not-the-password')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' })

    const unknown = await login('nobody@example.com', ADMIN.password)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' })

    const user = await server.createUser()
    expect((await server.admin.patch(`/api/users/${user.id}`, { is_active: false })).statusCode).toBe(200)
    const inactive = await login(user.email, user.password)
    expect(inactive.statusCode).toBe(400)
    expect(inactive.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' })
    // and back in once reactivated, so it was the flag that kept them out
    await server.admin.patch(`/api/users/${user.id}`, { is_active: true })
    expect((await login(user.email, user.password)).statusCode).toBe(200)
  })

  it('names a missing field in a 422', async () => {
    const res = await server.anonymous.post('/api/auth/jwt/login', form({ username: ADMIN.email }), FORM)
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([{ loc: ['body', 'password'], msg: 'Field required', type: 'missing' }])
  })
})

describe('logout', () => {
  it('answers 204 and the token is dead afterwards, while other sessions of the user live on', async () => {
    const token = await server.login(ADMIN.email, ADMIN.password)
    const other = await server.login(ADMIN.email, ADMIN.password)
    const res = await server.client(token).post('/api/auth/jwt/logout')
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect((await me(token)).statusCode).toBe(401)
    expect((await server.client(token).post('/api/auth/jwt/logout')).statusCode).toBe(401)
    expect((await me(other)).statusCode).toBe(200)
  })

  it('needs a token', async () => {
    expect((await server.anonymous.post('/api/auth/jwt/logout')).statusCode).toBe(401)
  })

  it('accepts the empty JSON body that react-admin sends with a POST without data', async () => {
    const token = await server.login(ADMIN.email, ADMIN.password)
    const res = await server.client(token).post('/api/auth/jwt/logout', '', { 'content-type': 'application/json' })
    expect(res.statusCode).toBe(204)
    expect((await me(token)).statusCode).toBe(401)
    // a call that needs a body still says so
    const login = await server.anonymous.post('/api/auth/jwt/login', '', { 'content-type': 'application/json' })
    expect(login.statusCode).toBe(422)
    expect(login.json().detail[0].loc).toEqual(['body'])
  })
})

describe('bearer tokens', () => {
  const expect401 = async (token: string | undefined) => {
    const res = await server.client(token).get('/api/users/me')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Unauthorized' })
    expect(res.headers['www-authenticate']).toBe('Bearer')
  }

  /** the claims of a token the server issued, for forgeries that differ in one respect only */
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>

  it('answers 401 without a token, with garbage, or with a scheme other than Bearer', async () => {
    await expect401(undefined)
    await expect401('garbage')
    await expect401('a.b.c')
    const token = await server.login(ADMIN.email, ADMIN.password)
    const basic = await server.anonymous.get('/api/users/me', { authorization: `Basic ${token}` })
    expect(basic.statusCode).toBe(401)
  })

  it('answers 401 for a token signed with another secret', async () => {
    const claims = claimsOf(await server.login(ADMIN.email, ADMIN.password))
    await expect401(forgeJwt({ alg: 'HS256', typ: 'JWT' }, claims, 'another-secret-another-secret-another-secret'))
  })

  it('answers 401 for an unsigned token (alg: none)', async () => {
    const claims = claimsOf(await server.login(ADMIN.email, ADMIN.password))
    await expect401(forgeJwt({ alg: 'none', typ: 'JWT' }, claims))
    await expect401(forgeJwt({ alg: 'none', typ: 'JWT' }, claims).slice(0, -1))
  })

  it('answers 401 for a token whose claims were changed after signing', async () => {
    const user = await server.createUser()
    const [header, payload, signature] = user.token.split('.')
    expect((await me(user.token)).json().id).toBe(user.id)
    const { id: adminId } = (await server.admin.get('/api/users/me')).json()
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    await expect401(`${header}.${b64url({ ...claims, sub: String(adminId) })}.${signature}`)
    await expect401(`${header}.${b64url({ ...claims, exp: nowSeconds() + 365 * 24 * 3600 })}.${signature}`)
  })

  it('answers 401 for a token signed with the server own key but another algorithm, another audience or no expiry', async () => {
    const claims = claimsOf(await server.login(ADMIN.email, ADMIN.password))
    const HS256 = { alg: 'HS256', typ: 'JWT' }
    // made the same way, the unchanged token works: so each refusal below is for the one thing changed
    expect((await me(forgeJwt(HS256, claims, SECRET))).statusCode).toBe(200)
    await expect401(forgeJwt({ alg: 'HS512', typ: 'JWT' }, claims, SECRET, 'sha512'))
    await expect401(forgeJwt({ alg: 'HS384', typ: 'JWT' }, claims, SECRET, 'sha384'))
    await expect401(forgeJwt(HS256, { ...claims, aud: 'another-service' }, SECRET))
    const { exp: _exp, ...endless } = claims
    await expect401(forgeJwt(HS256, endless, SECRET))
    const { jti: _jti, ...sessionless } = claims
    await expect401(forgeJwt(HS256, sessionless, SECRET))
  })

  it('answers 401 for a correctly signed token past its exp, even while its session lives', async () => {
    const { id } = (await server.admin.get('/api/users/me')).json()
    const jti = await startSession(server.database.db, id, 3600)
    const fresh = server.app.jwt.sign({ sub: String(id), jti })
    expect((await me(fresh)).statusCode).toBe(200)
    const lifetime = server.config.TOKEN_LIFETIME
    const expired = server.app.jwt.sign({ sub: String(id), jti }, { clockTimestamp: Date.now() - (lifetime + 60) * 1000 } as never)
    expect(claimsOf(expired).exp).toBeLessThan(nowSeconds())
    await expect401(expired)
  })

  it('answers 401 when the session behind a valid token has expired', async () => {
    const token = await server.login(ADMIN.email, ADMIN.password)
    expect((await me(token)).statusCode).toBe(200)
    await server.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', String(claimsOf(token).jti))
      .execute()
    await expect401(token)
  })

  it('issues tokens that expire after TOKEN_LIFETIME (default 8 hours)', async () => {
    expect(server.config.TOKEN_LIFETIME).toBe(8 * 3600)
    const token = await server.login(ADMIN.email, ADMIN.password)
    const claims = claimsOf(token)
    expect(Number(claims.exp) - Number(claims.iat)).toBe(8 * 3600)
    const session = await server.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', String(claims.jti))
      .executeTakeFirstOrThrow()
    const sessionSeconds = (Date.parse(session.expires_at) - Date.parse(session.created_at)) / 1000
    expect(sessionSeconds).toBe(8 * 3600)
  })

  it('answers 401 for a signed token naming no session, or a session of another user', async () => {
    const { id } = (await server.admin.get('/api/users/me')).json()
    await expect401(server.app.jwt.sign({ sub: String(id), jti: randomUUID() }))
    const user = await server.createUser()
    const adminSession = String(claimsOf(await server.login(ADMIN.email, ADMIN.password)).jti)
    await expect401(server.app.jwt.sign({ sub: String(user.id), jti: adminSession }))
  })

  it('answers 401 for a token of a deleted user', async () => {
    const user = await server.createUser()
    expect((await me(user.token)).statusCode).toBe(200)
    expect((await server.admin.delete(`/api/users/${user.id}`)).statusCode).toBe(204)
    await expect401(user.token)
  })

  it('answers 401 for a token of a deactivated user, also after reactivation', async () => {
    const user = await server.createUser()
    expect((await server.admin.patch(`/api/users/${user.id}`, { is_active: false })).statusCode).toBe(200)
    await expect401(user.token)
    await server.admin.patch(`/api/users/${user.id}`, { is_active: true })
    await expect401(user.token)
  })

  it('answers 401 for a token from before a password reset', async () => {
    const user = await server.createUser()
    const row = await server.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
    const resetToken = await issueAccountToken(server.database.db, row, 'reset', 3600)
    const reset = await server.anonymous.post('/api/auth/reset-password', { token: resetToken, password: 'brand-new-password' })
    expect(reset.statusCode).toBe(200)
    await expect401(user.token)
    expect((await login(user.email, 'brand-new-password')).statusCode).toBe(200)
  })

  it('answers 401 for a token from before an administrator set a new password', async () => {
    const user = await server.createUser()
    expect((await server.admin.patch(`/api/users/${user.id}`, { password: 'chosen-by-admin' })).statusCode).toBe(200)
    await expect401(user.token)
  })

  it('guards every route in the OpenAPI description but the public ones', async () => {
    const PUBLIC = [
      'POST /api/auth/jwt/login',
      'POST /api/auth/register',
      'POST /api/auth/request-verify-token',
      'POST /api/auth/verify',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      'GET /api/health',
    ]
    const spec = server.app.swagger() as { paths: Record<string, Record<string, unknown>> }
    const calls = Object.entries(spec.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route.replace(/\{[^}]+\}/g, '1')}`),
    )
    expect(calls.length).toBeGreaterThan(30)
    for (const call of calls) {
      const [method, url] = call.split(' ')
      const res = await server.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      })
      expect(res.statusCode === 401, `${call} answered ${res.statusCode}`).toBe(!PUBLIC.includes(call))
    }
    expect(calls.filter((c) => PUBLIC.includes(c))).toHaveLength(PUBLIC.length)
  })

  it('guards every API route but the public ones', async () => {
    for (const url of [
      '/api/brands/',
      '/api/orgs/',
      '/api/suppliers/',
      '/api/sellers/',
      '/api/warehouses/',
      '/api/users/',
      '/api/users/me',
    ]) {
      expect((await server.anonymous.get(url)).statusCode, url).toBe(401)
    }
    expect((await server.anonymous.get('/api/health')).statusCode).toBe(200)
  })
})

describe('registration', () => {
  it('is closed unless OPEN_REGISTRATION=true: 403 with a readable detail, and nobody is created', async () => {
    const res = await server.anonymous.post('/api/auth/register', {
      email: 'walk-in@example.com',
      password: 'walk-in-password',
      username: 'walkin',
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      detail: 'Registration is closed. Ask an administrator to make an account for you.',
      code: 'REGISTRATION_CLOSED',
    })
    const list = await server.admin.get('/api/users/?q=walk-in')
    expect(list.json()).toEqual([])
  })

  describe('when open', () => {
    let open: TestServer
    beforeAll(async () => {
      open = await startServer({ OPEN_REGISTRATION: 'true' })
    })
    afterAll(() => open.close())

    it('creates an ordinary, unverified account with 201 and ignores flags in the body', async () => {
      const res = await open.anonymous.post('/api/auth/register', {
        email: 'New.Person@Example.com',
        password: 'new-person-password',
        username: 'newperson',
        given_name: 'New',
        is_superuser: true,
        is_verified: true,
        is_active: false,
      })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({
        id: expect.any(Number),
        email: 'new.person@example.com',
        username: 'newperson',
        given_name: 'New',
        family_name: null,
        is_active: true,
        is_verified: false,
        is_superuser: false,
      })
      expect(res.json()).not.toHaveProperty('password')
      expect(res.json()).not.toHaveProperty('hashed_password')
      const token = await open.login('new.person@example.com', 'new-person-password')
      expect((await open.client(token).get('/api/users/')).statusCode).toBe(403)
    })

    it('answers 400 REGISTER_USER_ALREADY_EXISTS for a taken e-mail in any case, or a taken username', async () => {
      for (const body of [
        { email: 'NEW.PERSON@example.COM', password: 'another-password', username: 'someone-else' },
        { email: 'admin@example.com', password: 'another-password', username: 'someone-else' },
        { email: 'fresh@example.com', password: 'another-password', username: 'NewPerson' },
      ]) {
        const res = await open.anonymous.post('/api/auth/register', body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.json()).toEqual({ detail: 'REGISTER_USER_ALREADY_EXISTS' })
      }
    })

    it('names bad fields in a 422', async () => {
      const badEmail = await open.anonymous.post('/api/auth/register', {
        email: 'not-an-address',
        password: 'long-enough-1',
        username: 'x',
      })
      expect(badEmail.statusCode).toBe(422)
      expect(badEmail.json().detail[0].loc).toEqual(['body', 'email'])
      const shortPassword = await open.anonymous.post('/api/auth/register', {
        email: 'short@example.com',
        password: 'short',
        username: 'x',
      })
      expect(shortPassword.statusCode).toBe(422)
      expect(shortPassword.json().detail[0].loc).toEqual(['body', 'password'])
      const missing = await open.anonymous.post('/api/auth/register', { email: 'short@example.com', password: 'long-enough-1' })
      expect(missing.json().detail).toEqual([{ loc: ['body', 'username'], msg: 'Field required', type: 'missing' }])
    })
  })
})

describe('Cache-Control: no-store (issue 15)', () => {
  it('is on every answer that carries a token or user data, refusals included, and not on the catalogue', async () => {
    const user = await server.createUser()
    const answers = {
      'sign-in': await login(ADMIN.email, ADMIN.password),
      'refused sign-in': await login(ADMIN.email, 'wrong-password'),
      '/users/me': await server.admin.get('/api/users/me'),
      'PATCH /users/me': await server.client(user.token).patch('/api/users/me', { given_name: 'Cached?' }),
      'the users list': await server.admin.get('/api/users/'),
      'a user': await server.admin.get(`/api/users/${user.id}`),
      'a changed user': await server.admin.patch(`/api/users/${user.id}`, { family_name: 'Never' }),
      'a user refused to an ordinary user': await server.client(user.token).get(`/api/users/${user.id}`),
      'the audit trail': await server.admin.get('/api/audit/'),
      registration: await server.anonymous.post('/api/auth/register', { email: 'r@example.com', password: 'long-enough-1', username: 'r' }),
    }
    for (const [what, res] of Object.entries(answers)) expect(res.headers['cache-control'], what).toBe('no-store')
    expect((await server.admin.get('/api/brands/')).headers['cache-control']).toBeUndefined()
  })
})
