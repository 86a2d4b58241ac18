// Limits that slow down guessing without letting anyone lock the owner out (issue 15), counted in the database so
// that several servers count together (issue 16). Only failed sign-ins count; failures from one address block that
// address for that account, not the account for everybody; a higher ceiling per account across all addresses makes
// attempts wait a growing delay instead of a lock; mails to one address are capped quietly; registration is limited
// per address. 429 answers carry Retry-After. The clock is faked (Date only), nothing sleeps.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FREE_FAILURES, MAX_ACCOUNT_DELAY_SECONDS } from '../../src/server/plugins/rate-limits'
import { attemptCounters } from '../../src/server/db/repositories/attempt-counters'
import { ADMIN, startServer, type TestServer } from './helpers'
import { startMailbox, type Mailbox } from './mailbox'
import { csv, upload } from './uploads'

const WINDOW_SECONDS = 3600
const LIMITS = {
  RATE_LIMIT_WINDOW: String(WINDOW_SECONDS),
  RATE_LIMIT_PER_ADDRESS: '5',
  RATE_LIMIT_PER_ACCOUNT: '3',
  RATE_LIMIT_ACCOUNT_CEILING: '4',
  RATE_LIMIT_MAILS: '2',
  RATE_LIMIT_IMPORTS: '3',
}
const PER_ADDRESS = 5
const PER_ACCOUNT = 3
const CEILING = 4

let server: TestServer
let mailbox: Mailbox
beforeAll(async () => {
  mailbox = await startMailbox()
  server = await startServer({ ...LIMITS, SMTP_URL: mailbox.url, OPEN_REGISTRATION: 'true' })
})
afterAll(async () => {
  await server?.close()
  await mailbox?.close()
})
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

type Answer = Awaited<ReturnType<TestServer['app']['inject']>>
const signIn = (target: TestServer, email: string, password: string, remoteAddress: string) =>
  target.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    payload: new URLSearchParams({ username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  })
const post = (url: string, payload: Record<string, unknown>, remoteAddress: string) =>
  server.app.inject({ method: 'POST', url, payload, remoteAddress })

function expectTooMany(res: Answer, what: string, seconds?: { min?: number; max?: number }) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(429)
  const retryAfter = Number(res.headers['retry-after'])
  expect(retryAfter, what).toBeGreaterThan(0)
  expect(retryAfter, what).toBeLessThanOrEqual(seconds?.max ?? WINDOW_SECONDS)
  if (seconds?.min !== undefined) expect(retryAfter, what).toBeGreaterThanOrEqual(seconds.min)
  expect(res.json().detail, what).toBe(`Too many attempts. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`)
  expect(res.json(), what).not.toHaveProperty('access_token')
  return retryAfter
}

/** Moves the clock the limiter reads (Date) forward; nothing else is faked. */
function advanceClock(seconds: number) {
  const now = Date.now()
  vi.useFakeTimers({ toFake: ['Date'], now })
  vi.setSystemTime(now + seconds * 1000)
}

describe('sign-in', () => {
  it('counts only failed attempts: many successful sign-ins from one address and several devices are never limited', async () => {
    const user = await server.createUser()
    const office = freshAddress()
    for (let i = 0; i < PER_ADDRESS + PER_ACCOUNT + CEILING; i++)
      expect((await signIn(server, user.email, user.password, i % 2 ? office : freshAddress())).statusCode).toBe(200)
    // a typo in between does not add up with the successes
    expect((await signIn(server, user.email, 'typo', office)).statusCode).toBe(400)
    expect((await signIn(server, user.email, user.password, office)).statusCode).toBe(200)
  })

  it('blocks an address that failed for an account, for that account only, even with the right password; others sign in', async () => {
    const user = await server.createUser()
    const guesser = freshAddress()
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signIn(server, user.email, `guess-${i}`, guesser)).statusCode).toBe(400)
    const refused = await signIn(server, user.email, user.password, guesser)
    const retryAfter = expectTooMany(refused, 'the right password from the guessing address', { min: WINDOW_SECONDS - 60 })
    expectTooMany(await signIn(server, `  ${user.email.toUpperCase()} `, user.password, guesser), 'the same account spelled otherwise')

    // the owner elsewhere is not locked out, and the guessing address may still try other accounts
    expect((await signIn(server, user.email, user.password, freshAddress())).statusCode).toBe(200)
    expect((await signIn(server, ADMIN.email, ADMIN.password, guesser)).statusCode).toBe(200)

    advanceClock(retryAfter)
    expect((await signIn(server, user.email, user.password, guesser)).statusCode).toBe(200)
  })

  it('slows an address down before it blocks it: after the free failures each waits twice as long', async () => {
    const slow = await startServer({ ...LIMITS, RATE_LIMIT_PER_ACCOUNT: String(FREE_FAILURES + 3), RATE_LIMIT_ACCOUNT_CEILING: '1000' })
    try {
      const address = freshAddress()
      for (let i = 1; i < FREE_FAILURES; i++) expect((await signIn(slow, ADMIN.email, 'wrong', address)).statusCode).toBe(400)
      const waits: number[] = []
      for (let i = 0; i < 3; i++) {
        expect((await signIn(slow, ADMIN.email, 'wrong', address)).statusCode).toBe(400)
        const wait = expectTooMany(await signIn(slow, ADMIN.email, ADMIN.password, address), `after failure ${FREE_FAILURES + i}`)
        waits.push(wait)
        advanceClock(wait)
      }
      expect(waits.slice(0, 2)).toEqual([1, 2])
      // the last failure reached the limit: blocked until the window is over
      expect(waits[2]).toBeGreaterThan(WINDOW_SECONDS - 60)
    } finally {
      await slow.close()
    }
  })

  it('beyond the per-account ceiling across addresses, each attempt waits a growing delay, never a lock; a known address is not held back', async () => {
    const user = await server.createUser()
    const home = freshAddress()
    expect((await signIn(server, user.email, user.password, home)).statusCode).toBe(200)
    for (let i = 0; i < CEILING; i++) expect((await signIn(server, user.email, `spray-${i}`, freshAddress())).statusCode).toBe(400)

    const waits: number[] = []
    for (let i = 0; i < 11; i++) {
      expect((await signIn(server, user.email, `spray-more-${i}`, freshAddress())).statusCode).toBe(400)
      const wait = expectTooMany(await signIn(server, user.email, user.password, freshAddress()), `beyond the ceiling ${i}`, {
        max: MAX_ACCOUNT_DELAY_SECONDS,
      })
      waits.push(wait)
      advanceClock(wait)
    }
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8])
    expect(Math.max(...waits)).toBe(MAX_ACCOUNT_DELAY_SECONDS)

    expect((await signIn(server, user.email, 'one-more-guess', freshAddress())).statusCode).toBe(400)
    const wait = expectTooMany(await signIn(server, user.email, user.password, freshAddress()), 'a new address during the delay')
    // the owner at an address they signed in from before is not held back
    expect((await signIn(server, user.email, user.password, home)).statusCode).toBe(200)
    // once the delay has passed, the right password from a new address works
    advanceClock(wait)
    expect((await signIn(server, user.email, user.password, freshAddress())).statusCode).toBe(200)
  })

  it('limits failures per address over all accounts, and counts bodies that do not parse against the address', async () => {
    const address = freshAddress()
    for (let i = 0; i < PER_ADDRESS - 1; i++) expect((await signIn(server, freshEmail(), 'nope', address)).statusCode).toBe(400)
    const junk = await server.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: address,
    })
    expect(junk.statusCode).toBe(422)
    expectTooMany(await signIn(server, ADMIN.email, ADMIN.password, address), 'over the address limit')
    expect((await signIn(server, ADMIN.email, ADMIN.password, freshAddress())).statusCode).toBe(200)
    advanceClock(WINDOW_SECONDS)
    expect((await signIn(server, ADMIN.email, ADMIN.password, address)).statusCode).toBe(200)
  })

  it('lets no burst of simultaneous guesses slip past the limit', async () => {
    const user = await server.createUser()
    const address = freshAddress()
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(server, user.email, `burst-${i}`, address)))
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(PER_ACCOUNT)
    expect(statuses.filter((s) => s !== 400).every((s) => s === 429)).toBe(true)
  })

  it('lets no burst slip past the waits either: of thirty guesses sent at once only the free failures are tried', async () => {
    // limits well above the burst, so only the waits between failures hold it back
    const roomy = await startServer({
      ...LIMITS,
      RATE_LIMIT_PER_ADDRESS: '100',
      RATE_LIMIT_PER_ACCOUNT: '10',
      RATE_LIMIT_ACCOUNT_CEILING: '1000',
    })
    try {
      const address = freshAddress()
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(roomy, ADMIN.email, `burst-${i}`, address)))
      const tried = answers.filter((a) => a.statusCode === 400)
      expect(tried).toHaveLength(FREE_FAILURES)
      for (const answer of tried) expect(answer.json().detail).toBe('LOGIN_BAD_CREDENTIALS')
      // the wait is 1 s from the last free failure's count, which a request that read the clock a moment earlier rounds up to 2
      const waits = answers.filter((a) => a.statusCode !== 400).map((a, i) => expectTooMany(a, `held back ${i}`, { max: 2 }))
      expect(waits).toHaveLength(30 - FREE_FAILURES)

      advanceClock(1)
      expect((await signIn(roomy, ADMIN.email, ADMIN.password, address)).statusCode).toBe(200)
    } finally {
      await roomy.close()
    }
  })
})

describe('mails to one address', () => {
  it.each([
    ['/api/auth/forgot-password', 'Stockroom: reset your password'],
    ['/api/auth/request-verify-token', 'Stockroom: verify your e-mail address'],
  ])('%s sends at most a few per hour however often it is called, and always answers 202', async (url, subject) => {
    const res = await server.anonymous.post('/api/auth/register', {
      email: freshEmail(),
      password: 'registered-1',
      username: `r${accounts}`,
    })
    const email = res.json().email as string
    for (let i = 0; i < 4; i++) expect((await post(url, { email: email.toUpperCase() }, freshAddress())).statusCode).toBe(202)
    await server.app.mailer.settled()
    expect(mailbox.to(email).filter((m) => m.subject === subject)).toHaveLength(2)

    advanceClock(3600)
    expect((await post(url, { email }, freshAddress())).statusCode).toBe(202)
    await server.app.mailer.settled()
    expect(mailbox.to(email).filter((m) => m.subject === subject)).toHaveLength(3)
  })

  it.each(['/api/auth/forgot-password', '/api/auth/request-verify-token'])('%s is limited per client address (429)', async (url) => {
    const address = freshAddress()
    for (let i = 0; i < PER_ADDRESS; i++) expect((await post(url, { email: freshEmail() }, address)).statusCode).toBe(202)
    expectTooMany(await post(url, { email: freshEmail() }, address), 'over the address limit')
    expect((await post(url, { email: freshEmail() }, freshAddress())).statusCode).toBe(202)
  })
})

describe('other limited calls', () => {
  it('registration (OPEN_REGISTRATION=true) is limited per client address', async () => {
    const address = freshAddress()
    const register = () => {
      const email = freshEmail()
      return post('/api/auth/register', { email, password: 'registered-1', username: email.split('@')[0] }, address)
    }
    for (let i = 0; i < PER_ADDRESS; i++) expect((await register()).statusCode).toBe(201)
    expectTooMany(await register(), 'the next registration from that address')
    const elsewhere = freshEmail()
    expect(
      (await post('/api/auth/register', { email: elsewhere, password: 'registered-1', username: elsewhere }, freshAddress())).statusCode,
    ).toBe(201)
  })

  it('reset-password counts failed tokens per client address', async () => {
    const address = freshAddress()
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await post('/api/auth/reset-password', { token: `made-up-${i}`, password: 'a-new-password-1' }, address)).statusCode).toBe(
        400,
      )
    expectTooMany(
      await post('/api/auth/reset-password', { token: 'made-up', password: 'a-new-password-1' }, address),
      'over the address limit',
    )
  })

  it('leaves other calls, public or not, unlimited', async () => {
    const address = freshAddress()
    for (let i = 0; i < PER_ADDRESS * 3; i++) {
      expect((await server.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address })).statusCode).toBe(200)
      expect((await post('/api/auth/verify', { token: 'made-up' }, address)).statusCode).toBe(400)
    }
  })

  it('keeps no address, e-mail or token in its counters, only digests under the route', async () => {
    const keys = (await server.database.db.selectFrom('attempt_counters').select('key').execute()).map((r) => r.key)
    expect(keys.length).toBeGreaterThan(10)
    for (const key of keys) {
      expect(key).toMatch(/^\/api\/auth\/[a-z/-]+:(address|pair|account|known|mail):[A-Za-z0-9_-]{43}$/)
      expect(key).not.toMatch(/@|10\.1\./)
    }
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
    const proxied = await startServer({ ...LIMITS, TRUST_PROXY: '127.0.0.1' })
    try {
      for (let i = 0; i < PER_ADDRESS; i++) expect((await attempt(proxied, '127.0.0.1', '198.51.100.7')).statusCode).toBe(202)
      expectTooMany(await attempt(proxied, '127.0.0.1', '198.51.100.7'), 'the same client behind the proxy')
      expect((await attempt(proxied, '127.0.0.1', '198.51.100.8')).statusCode).toBe(202)
    } finally {
      await proxied.close()
    }
  })
})

// last in the file: its keys are not a route's (the test above checks every key of the database)
describe('the gated count of an address for an account', () => {
  it('counts and sets the next wait in one statement, holds back while waiting or at the limit, and lifts a wait taken back', async () => {
    const db = server.database.db
    const gate = { key: 'test:gate', windowMs: 3500, limit: FREE_FAILURES + 2, freeHits: FREE_FAILURES }
    const start = Date.now()
    const counted = async (at: number) => {
      const answer = await attemptCounters.countUnlessHeld(db, gate, at)
      if (!('counted' in answer)) throw new Error(`held back until ${answer.heldUntil}`)
      return answer.counted
    }
    for (let hit = 1; hit < FREE_FAILURES; hit++) expect(await counted(start)).toMatchObject({ hits: hit, blocked_until: 0 })
    // the attempt that uses the last free failure sets the first wait, 1 s
    expect(await counted(start)).toMatchObject({ hits: FREE_FAILURES, blocked_until: start + 1000 })
    expect(await attemptCounters.countUnlessHeld(db, gate, start + 999)).toEqual({ heldUntil: start + 1000 })
    expect(await counted(start + 1000)).toMatchObject({ hits: FREE_FAILURES + 1, blocked_until: start + 3000 })
    // an attempt taken back (a server error, a refusal elsewhere) takes its wait with it; another attempt's wait stays
    await attemptCounters.liftDelay(db, gate.key, start + 3001)
    expect(await attemptCounters.countUnlessHeld(db, gate, start + 1000)).toEqual({ heldUntil: start + 3000 })
    await attemptCounters.refund(db, [gate.key])
    await attemptCounters.liftDelay(db, gate.key, start + 3000)
    expect(await counted(start + 1000)).toMatchObject({ hits: FREE_FAILURES + 1, blocked_until: start + 3000 })
    // 4 s, but no wait is longer than the window
    expect(await counted(start + 3000)).toMatchObject({ hits: gate.limit, blocked_until: start + 3000 + gate.windowMs })
    // at the limit, with no wait left, held back until the window is over; a new window counts from one again
    await attemptCounters.liftDelay(db, gate.key, start + 3000 + gate.windowMs)
    expect(await attemptCounters.countUnlessHeld(db, gate, start + 3000)).toEqual({ heldUntil: start + gate.windowMs })
    expect(await counted(start + gate.windowMs)).toMatchObject({ hits: 1, window_ends: start + 2 * gate.windowMs })
    await attemptCounters.forget(db, gate.key)
  })
})

describe('uploads of imports', () => {
  it('are limited per user an hour, counted before the file is read, and another user still uploads', async () => {
    const file = { name: 'p.csv', content: csv([['sku'], ['Q-1']]) }
    const first = await server.createUser({ roles: [{ role: 'office', warehouse_id: null }] })
    for (let n = 0; n < 3; n++) expect((await upload(server, first.token, { kind: 'products' }, file)).statusCode).toBe(200)
    const refused = await upload(server, first.token, { kind: 'products' }, file)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500)
    // a kept import is an upload too, and nothing of it is kept
    expect((await upload(server, first.token, { kind: 'products' }, file, false)).statusCode).toBe(429)
    expect((await server.admin.get('/api/imports/')).json()).toEqual([])
    const second = await server.createUser({ roles: [{ role: 'office', warehouse_id: null }] })
    expect((await upload(server, second.token, { kind: 'products' }, file)).statusCode).toBe(200)
  })
})
