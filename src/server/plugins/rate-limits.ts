// Limits on the calls that guess passwords or send mail: a route whose config names `attemptsOf` (the body field
// that says which account an attempt is for) is limited per client address and per account, each in its own window.
import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import { TooManyAttempts } from '../domain/errors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the body field naming the account an attempt is for (an e-mail or a mailed token); limits the route */
    attemptsOf?: string
  }
}

export interface RateLimitOptions {
  windowSeconds: number
  perAddress: number
  perAccount: number
}

/** Counters kept in memory per limited route; enough that spraying made-up addresses cannot push real ones out. */
const KEYS_KEPT = 100_000

type Limiter = ReturnType<FastifyInstance['createRateLimit']>

async function enforce(limiter: Limiter, request: FastifyRequest) {
  const result = await limiter(request)
  if (!result.isAllowed && result.isExceeded) throw new TooManyAttempts(Math.max(1, result.ttlInSeconds))
}

/** E-mails in any case and spacing are one account; only a digest is kept, so no address or token sits in memory. */
function accountKey(request: FastifyRequest, field: string): string {
  const body: unknown = request.body
  const value: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, field) : undefined
  return createHash('sha256')
    .update((typeof value === 'string' ? value : '').trim().toLowerCase())
    .digest('base64url')
}

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks])

export default fp(async function rateLimits(app: FastifyInstance, options: RateLimitOptions) {
  await app.register(rateLimit, { global: false })
  const limiter = (max: number, keyGenerator?: (request: FastifyRequest) => string): Limiter => {
    const settings = { max, timeWindow: options.windowSeconds * 1000, cache: KEYS_KEPT, ...(keyGenerator ? { keyGenerator } : {}) }
    return app.createRateLimit(settings)
  }

  app.addHook('onRoute', (route) => {
    const field = route.config?.attemptsOf
    if (!field) return
    // the address is counted before the body is read; the account once the body is known to be well-formed
    const perAddress = limiter(options.perAddress)
    const perAccount = limiter(options.perAccount, (request) => accountKey(request, field))
    const countAddress: onRequestAsyncHookHandler = async (request) => enforce(perAddress, request)
    const countAccount: preHandlerAsyncHookHandler = async (request) => enforce(perAccount, request)
    route.onRequest = [...asArray(route.onRequest), countAddress]
    route.preHandler = [...asArray(route.preHandler), countAccount]
  })
})
