// Limits on the calls that guess passwords, use mailed tokens, send mail or make accounts, counted in the database
// (db/repositories/attempt-counters.ts) so that every server of one database counts together. A route opts in with
// `config.throttle`; its keys start with the route, so each call has counters of its own.
//
// - Per client address, over all accounts: `perAddress` attempts per window, then 429 until the window is over.
// - Per account and client address (`throttle.account` names the body field, e.g. the e-mail): the first failures
//   are free, then each waits twice as long as the one before (1 s, 2 s, 4 s ...), and at `perAccount` failures that
//   address is blocked for that account until the window is over. Other addresses are not held back.
// - Per account over all addresses: beyond `accountCeiling` failures in a window each further attempt waits a delay
//   that doubles up to five minutes, never a lock; an address the account signed in from before is not held back.
// With `counts: 'failures'` only failed attempts count (a success, a refusal for being too early, or a server error
// is taken back); with `counts: 'all'` every answered attempt counts. An attempt is counted when it starts, so a
// burst of simultaneous attempts cannot slip past a limit; an address's attempt for an account is counted only while
// that pair is not waiting, by the same statement that sets the pair's next wait, so a burst cannot slip past the
// waits either: only the free failures of a burst are tried.
// - Per signed-in user (`config.hourlyPerUser`, e.g. uploads of imports, each of which reads a file of up to 50 MB):
//   at most that many calls an hour, then 429 until the hour is over, counted before the body is read.
import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { TooManyAttempts } from '../domain/errors'
import { attemptCounters, type Counted } from '../db/repositories/attempt-counters'

export interface Throttle {
  /** the body field naming the account an attempt is for (an e-mail) */
  account?: string
  counts: 'failures' | 'all'
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** limits the route (see plugins/rate-limits.ts) */
    throttle?: Throttle
    /** limits a signed-in user's calls of the route an hour: the option of RateLimitOptions it takes its number from */
    hourlyPerUser?: 'importsPerHour'
  }
  interface FastifyInstance {
    /** Counts a mail of `route` to `email`; false once the address had its share this hour (the mail is not sent). */
    mayMail(route: string, email: string): Promise<boolean>
  }
}

export interface RateLimitOptions {
  windowSeconds: number
  perAddress: number
  perAccount: number
  accountCeiling: number
  mailsPerHour: number
  /** uploads of imports (dry runs too) one user may send an hour */
  importsPerHour: number
}

/** Failures of one address for one account that wait nothing; the next ones wait 1 s, 2 s, 4 s ... */
export const FREE_FAILURES = 3
/** The longest wait the per-account ceiling makes anyone wait. */
export const MAX_ACCOUNT_DELAY_SECONDS = 300
/** How long an address an account signed in from is known to it. */
const KNOWN_ADDRESS_DAYS = 30

/** E-mails in any case and spacing are one account; keys hold a digest only, never an address or a token. */
const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url')
function accountOf(request: FastifyRequest, field: string): string {
  const body: unknown = request.body
  const value: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, field) : undefined
  return (typeof value === 'string' ? value : '').trim().toLowerCase()
}

const secondsUntil = (time: number, now: number) => Math.max(1, Math.ceil((time - now) / 1000))
const doubling = (step: number, maxSeconds: number) => Math.min(2 ** Math.max(0, step), maxSeconds) * 1000

/** What a request has counted so far, to take back or to follow up when its answer is known. */
interface Tally {
  keys: string[]
  refused: boolean
  pair?: { key: string; known: string; counted: Counted }
  account?: { key: string; counted: Counted }
}

declare module 'fastify' {
  interface FastifyRequest {
    attemptTally?: Tally
  }
}

export default fp(async function rateLimits(app: FastifyInstance, options: RateLimitOptions) {
  const windowMs = options.windowSeconds * 1000
  const refuse = (tally: Tally, seconds: number) => {
    tally.refused = true
    return new TooManyAttempts(seconds)
  }

  app.decorate('mayMail', async (route: string, email: string) => {
    const key = `${route}:mail:${digest(email.trim().toLowerCase())}`
    const counted = (await attemptCounters.count(app.db, [{ key, windowMs: 3600_000 }], Date.now())).get(key)
    return counted !== undefined && counted.hits <= options.mailsPerHour
  })

  app.addHook('onRoute', (route) => {
    const hourly = route.config?.hourlyPerUser
    if (hourly) {
      const limit = options[hourly]
      const countUser = async (request: FastifyRequest) => {
        const key = `${route.url}:user:${request.user.id}`
        const now = Date.now()
        const counted = (await attemptCounters.count(app.db, [{ key, windowMs: 3600_000 }], now)).get(key)!
        if (counted.hits > limit) throw new TooManyAttempts(secondsUntil(counted.window_ends, now))
      }
      route.preHandler = [...asArray(route.preHandler), countUser]
    }
    const throttle = route.config?.throttle
    if (!throttle) return
    const name = route.url
    const addressKey = (request: FastifyRequest) => `${name}:address:${digest(request.ip)}`

    // the address is counted before the body is read, so junk costs the sender too
    const countAddress = async (request: FastifyRequest) => {
      const tally: Tally = { keys: [], refused: false }
      request.attemptTally = tally
      const key = addressKey(request)
      const now = Date.now()
      const counted = (await attemptCounters.count(app.db, [{ key, windowMs }], now)).get(key)!
      tally.keys.push(key)
      if (counted.hits > options.perAddress) throw refuse(tally, secondsUntil(counted.window_ends, now))
    }

    // the account once the body is known to be well-formed
    const countAccount = async (request: FastifyRequest) => {
      const tally = request.attemptTally
      if (!tally || !throttle.account) return
      const account = accountOf(request, throttle.account)
      const pairKey = `${name}:pair:${digest(request.ip, account)}`
      const accountKey = `${name}:account:${digest(account)}`
      const known = `${name}:known:${digest(request.ip, account)}`
      const now = Date.now()
      // the pair first: an attempt it holds back counts nowhere else
      const pair = await attemptCounters.countUnlessHeld(
        app.db,
        { key: pairKey, windowMs, limit: options.perAccount, freeHits: FREE_FAILURES },
        now,
      )
      if ('heldUntil' in pair) throw refuse(tally, secondsUntil(pair.heldUntil, now))
      tally.keys.push(pairKey)
      tally.pair = { key: pairKey, known, counted: pair.counted }
      const [perAccount, isKnown] = await Promise.all([
        attemptCounters.count(app.db, [{ key: accountKey, windowMs }], now).then((counts) => counts.get(accountKey)!),
        attemptCounters.isMarked(app.db, known, now),
      ])
      tally.keys.push(accountKey)
      tally.account = { key: accountKey, counted: perAccount }
      if (!isKnown && perAccount.blocked_until > now) throw refuse(tally, secondsUntil(perAccount.blocked_until, now))
    }

    /** Once the answer is known: take back what does not count, and make the account's next attempts wait. */
    const settle = async (request: FastifyRequest, status: number) => {
      const tally = request.attemptTally
      if (!tally || tally.keys.length === 0) return
      request.attemptTally = undefined
      const failed = status >= 400 && status < 500 && !tally.refused
      if (tally.refused || status >= 500 || (throttle.counts === 'failures' && !failed)) {
        await attemptCounters.refund(app.db, tally.keys)
        // the wait the pair's count set goes with the attempt it was set for
        if (tally.pair) await attemptCounters.liftDelay(app.db, tally.pair.key, tally.pair.counted.blocked_until)
      }
      if (!throttle.account || !tally.pair || !tally.account) return
      const now = Date.now()
      if (status < 400) {
        // a success forgives this address its failures for the account, and makes it known to the account
        await attemptCounters.forget(app.db, tally.pair.key)
        await attemptCounters.mark(app.db, tally.pair.known, now + KNOWN_ADDRESS_DAYS * 86_400_000)
        return
      }
      if (!failed) return
      const beyondCeiling = tally.account.counted.hits - options.accountCeiling
      if (beyondCeiling > 0)
        await attemptCounters.delay(app.db, tally.account.key, now + doubling(beyondCeiling - 1, MAX_ACCOUNT_DELAY_SECONDS))
    }

    route.onRequest = [...asArray(route.onRequest), countAddress]
    route.preHandler = [...asArray(route.preHandler), countAccount]
    route.onSend = [
      ...asArray(route.onSend),
      async (request, reply, payload) => {
        // the answer stands whatever happens to the bookkeeping; a counter not taken back only counts one too many
        await settle(request, reply.statusCode).catch((err: unknown) => request.log.warn({ err }, 'attempt counters not settled'))
        return payload
      },
    ]
  })
})

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks])
