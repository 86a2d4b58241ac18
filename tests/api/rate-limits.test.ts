// Sign-in, forgot-password, request-verify-token and reset-password are limited per client address and per account:
// the excess gets 429 with Retry-After, and the call works again once the window has passed (a faked clock, no sleeping).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ADMIN, startServer, type TestServer } from './helpers'

const WINDOW_SECONDS = 600
const PER_ADDRESS = 5
const PER_ACCOUNT = 3

let server: TestServer
beforeAll(async () => {
  server = await startServer({
    RATE_LIMIT_WINDOW: String(WINDOW_SECONDS),
    RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
    RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
  })
})
afterAll(() => server.close())
afterEach(() => {
  vi.useRealTimers()
})

let addresses = 0
/** A client address no other test used. */
const freshAddress = () => {
  addresses += 1
  return `10.1.${addresses >> 8}.${addresses & 255}`
}
let accounts = 0
const freshEmail = () => `limited${++accounts}@example.com`

interface LimitedCall {
  url: string
  /** a request for `account`, well-formed but (for sign-in) with a wrong password */
  attempt(account: string): { payload: string | Record<string, unknown>; headers?: Record<string, string> }
  /** another spelling of the same account */
  sameAccount?(account: string): string
  /** what the call answers when it is not limited */
  normalStatus: number
}

const LIMITED: Record<string, LimitedCall> = {
  'sign-in': {
    url: '/api/auth/jwt/login',
    attempt: (email) => ({
      payload: new URLSearchParams({ username: email, password: 'not-the-password' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    sameAccount: (email) => `  ${email.toUpperCase()} `,
    normalStatus: 400,
  },
  'forgot-password': {
    url: '/api/auth/forgot-password',
    attempt: (email) => ({ payload: { email } }),
    sameAccount: (e) => e.toUpperCase(),
    normalStatus: 202,
  },
  'request-verify-token': {
    url: '/api/auth/request-verify-token',
    attempt: (email) => ({ payload: { email } }),
    sameAccount: (e) => e.toUpperCase(),
    normalStatus: 202,
  },
  'reset-password': {
    url: '/api/auth/reset-password',
    attempt: (token) => ({ payload: { token, password: 'a-new-password-1' } }),
    normalStatus: 400,
  },
}

function call(limited: LimitedCall, account: string, remoteAddress: string) {
  const { payload, headers } = limited.attempt(account)
  return server.app.inject({ method: 'POST', url: limited.url, payload, headers, remoteAddress })
}

function expectTooMany(res: Awaited<ReturnType<typeof call>>, what: string) {
  expect(res.statusCode, what).toBe(429)
  expect(Number(res.headers['retry-after']), what).toBeGreaterThan(0)
  expect(Number(res.headers['retry-after']), what).toBeLessThanOrEqual(WINDOW_SECONDS)
  expect(res.json().detail, what).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/)
}

/** Moves the clock the limiter reads (Date) forward; nothing else is faked. */
function advanceClock(seconds: number) {
  const now = Date.now()
  vi.useFakeTimers({ toFake: ['Date'], now })
  vi.setSystemTime(now + seconds * 1000)
}

describe.each(Object.entries(LIMITED))('%s', (_name, limited) => {
  it(`allows ${PER_ACCOUNT} attempts per account from any addresses, then answers 429 with Retry-After until the window has passed`, async () => {
    const account = freshEmail()
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await call(limited, account, freshAddress())).statusCode).toBe(limited.normalStatus)
    const refused = await call(limited, account, freshAddress())
    expectTooMany(refused, 'over the account limit')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(WINDOW_SECONDS - 60)
    if (limited.sameAccount)
      expectTooMany(await call(limited, limited.sameAccount(account), freshAddress()), 'the same account spelled otherwise')
    // another account is not held back by this one
    expect((await call(limited, freshEmail(), freshAddress())).statusCode).toBe(limited.normalStatus)

    advanceClock(Number(refused.headers['retry-after']) - 2)
    expectTooMany(await call(limited, account, freshAddress()), 'before the window has passed')
    advanceClock(2)
    expect((await call(limited, account, freshAddress())).statusCode).toBe(limited.normalStatus)
  })

  it(`allows ${PER_ADDRESS} attempts per client address over any accounts, then answers 429 to that address only`, async () => {
    const address = freshAddress()
    for (let i = 0; i < PER_ADDRESS; i++) expect((await call(limited, freshEmail(), address)).statusCode).toBe(limited.normalStatus)
    const account = freshEmail()
    expectTooMany(await call(limited, account, address), 'over the address limit')
    expect((await call(limited, account, freshAddress())).statusCode).toBe(limited.normalStatus)

    advanceClock(WINDOW_SECONDS)
    expect((await call(limited, freshEmail(), address)).statusCode).toBe(limited.normalStatus)
  })
})

describe('sign-in', () => {
  const signIn = (password: string, remoteAddress: string, email = ADMIN.email) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      payload: new URLSearchParams({ username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    })

  it('refuses even the right password while limited, so the limit cannot confirm a guess; after the window it works', async () => {
    const user = await server.createUser()
    // createUser signed in once; the next wrong guesses use up the account's attempts
    for (let i = 1; i < PER_ACCOUNT; i++) expect((await signIn('wrong-guess', freshAddress(), user.email)).statusCode).toBe(400)
    const refused = await signIn(user.password, freshAddress(), user.email)
    expectTooMany(refused, 'right password while limited')
    expect(refused.json()).not.toHaveProperty('access_token')

    advanceClock(Number(refused.headers['retry-after']))
    const after = await signIn(user.password, freshAddress(), user.email)
    expect(after.statusCode).toBe(200)
    const token = after.json().access_token as string
    expect((await server.client(token).get('/api/users/me')).json().email).toBe(user.email)
  })

  it('counts requests with a body that does not parse against the address, not against any account', async () => {
    const address = freshAddress()
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/jwt/login',
        payload: '{"username":',
        headers: { 'content-type': 'application/json' },
        remoteAddress: address,
      })
      expect(res.statusCode).toBe(422)
    }
    expectTooMany(await signIn(ADMIN.password, address), 'after junk from the same address')
    expect((await signIn(ADMIN.password, freshAddress())).statusCode).toBe(200)
  })
})

describe('behind a reverse proxy', () => {
  const attempt = (target: TestServer, remoteAddress: string, forwardedFor: string) =>
    target.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: freshEmail() },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    })

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy, so a client cannot pick its own address', async () => {
    const address = freshAddress()
    for (let i = 0; i < PER_ADDRESS; i++) expect((await attempt(server, address, `192.0.2.${i}`)).statusCode).toBe(202)
    expectTooMany(await attempt(server, address, '192.0.2.200'), 'a new forwarded address from the same client')
  })

  it('counts per forwarded client address when TRUST_PROXY names the proxy', async () => {
    const proxied = await startServer({
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_WINDOW: String(WINDOW_SECONDS),
      RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
      RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
    })
    try {
      for (let i = 0; i < PER_ADDRESS; i++) expect((await attempt(proxied, '127.0.0.1', '198.51.100.7')).statusCode).toBe(202)
      expectTooMany(await attempt(proxied, '127.0.0.1', '198.51.100.7'), 'the same client behind the proxy')
      expect((await attempt(proxied, '127.0.0.1', '198.51.100.8')).statusCode).toBe(202)
    } finally {
      await proxied.close()
    }
  })
})

it('leaves other calls, public or not, unlimited', async () => {
  const address = freshAddress()
  for (let i = 0; i < PER_ADDRESS * 3; i++) {
    expect((await server.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address })).statusCode).toBe(200)
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: 'made-up' }, remoteAddress: address }))
        .statusCode,
    ).toBe(400)
  }
})
