// No account enumeration: sign-in does the same argon2 work whether or not the e-mail has an account (counted, not
// timed), and sign-in, forgot-password and request-verify-token answer alike for known and unknown addresses.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { argon2 } from '../../src/server/domain/passwords'
import { ADMIN, startServer, type Response, type TestServer } from './helpers'

// counted, still hashing and verifying for real
const verify = vi.spyOn(argon2, 'verify')
const hash = vi.spyOn(argon2, 'hash')

let server: TestServer
let known: { id: number; email: string; password: string }
let inactive: { id: number; email: string; password: string }
beforeAll(async () => {
  server = await startServer()
  known = await server.createUser()
  inactive = await server.createUser()
  await server.admin.patch(`/api/users/${inactive.id}`, { is_active: false })
  // the first sign-in for an unknown address makes the stand-in hash once; later ones only verify
  await signIn('warm-up@example.com', 'whatever-password')
})
afterAll(async () => {
  verify.mockRestore()
  hash.mockRestore()
  await server.close()
})
beforeEach(() => {
  verify.mockClear()
  hash.mockClear()
})

const signIn = (username: string, password: string) =>
  server.anonymous.post('/api/auth/jwt/login', new URLSearchParams({ username, password }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  })

/** argon2 parameters of a PHC string: `$argon2id$v=19$m=19456,t=2,p=1$...` → `argon2id v=19 m=19456,t=2,p=1` */
const parametersOf = (phc: string) => phc.split('$').slice(1, 4).join(' ')

/** What a client can tell apart: status, body and every header but the date. */
const observable = (res: Response) => {
  const { date: _date, ...headers } = res.headers
  return { status: res.statusCode, body: res.body, headers }
}

describe('sign-in', () => {
  it('verifies one argon2id hash of the same cost for an unknown e-mail, a wrong password, an inactive user and the right password', async () => {
    const stored = await server.database.db
      .selectFrom('users')
      .select('hashed_password')
      .where('id', '=', known.id)
      .executeTakeFirstOrThrow()
    const attempts = {
      'unknown e-mail': () => signIn('nobody-here@example.com', known.password),
      'wrong password': () => signIn(known.email, 'not-the-password'),
      'inactive user': () => signIn(inactive.email, inactive.password),
      'right password': () => signIn(known.email, known.password),
    }
    for (const [what, attempt] of Object.entries(attempts)) {
      verify.mockClear()
      const res = await attempt()
      expect(res.statusCode, what).toBe(what === 'right password' ? 200 : 400)
      expect(verify, what).toHaveBeenCalledTimes(1)
      expect(parametersOf(String(verify.mock.calls[0][0])), what).toBe(parametersOf(stored.hashed_password))
      expect(hash, what).not.toHaveBeenCalled()
    }
  })

  it('answers an unknown e-mail, a wrong password and an inactive user identically', async () => {
    const answers = [
      await signIn('nobody-here@example.com', 'some-password-1'),
      await signIn(known.email, 'some-password-1'),
      await signIn(inactive.email, inactive.password),
      await signIn(ADMIN.email.toUpperCase(), 'some-password-1'),
    ].map(observable)
    expect(answers[0]).toMatchObject({ status: 400, body: JSON.stringify({ detail: 'LOGIN_BAD_CREDENTIALS' }) })
    for (const answer of answers) expect(answer).toEqual(answers[0])
  })
})

describe.each(['/api/auth/forgot-password', '/api/auth/request-verify-token'])('%s', (url) => {
  it('answers identically for an unknown address, an active, an inactive and a verified account, and does the work after the answer', async () => {
    const verified = await server.createUser()
    await server.admin.patch(`/api/users/${verified.id}`, { is_verified: true })
    const answers: ReturnType<typeof observable>[] = []
    for (const email of ['nobody-here@example.com', known.email, inactive.email, verified.email, ADMIN.email]) {
      const tokensBefore = await server.database.db.selectFrom('user_tokens').select('token_hash').execute()
      answers.push(observable(await server.anonymous.post(url, { email })))
      // nothing was looked up or written before the answer went out
      expect(await server.database.db.selectFrom('user_tokens').select('token_hash').execute()).toEqual(tokensBefore)
      await server.app.mailer.settled()
    }
    expect(answers[0]).toMatchObject({ status: 202, body: 'null' })
    for (const answer of answers) expect(answer).toEqual(answers[0])
  })
})
