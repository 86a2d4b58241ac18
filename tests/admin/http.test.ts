import { afterEach, describe, expect, it, vi } from 'vitest'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import nl from '../../i18n/nl'
import { createHttpClient, describeFailure, retryAfterOf, toQueryString } from '../../src/admin/providers/http'
import { REQUEST_TIMEOUT_MS } from '../../src/contract/constants'
import { echoTranslate } from './fake-api'
import { englishI18n } from './render'

afterEach(() => vi.useRealTimers())

describe('http client', () => {
  it('gives up after the 1000 ms of SPEC §9 and says so', async () => {
    vi.useFakeTimers()
    const neverAnswers = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    )
    const api = createHttpClient({ getToken: () => null, translate: echoTranslate, fetch: neverAnswers })
    // the outcome is taken at once, so that the rejection is handled when the timer fires
    const outcome = api('/brands/').then(
      () => 'resolved',
      (error: unknown) => error,
    )
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
    expect(neverAnswers.mock.calls[0][1].signal!.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toMatchObject({
      status: 0,
      message: 'stockroom.errors.timeout {"seconds":1}',
      body: { timeout: true },
    })
  })

  it('says the server cannot be reached when the network fails', async () => {
    const api = createHttpClient({
      getToken: () => null,
      translate: echoTranslate,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await expect(api('/brands/')).rejects.toMatchObject({ status: 0, message: 'stockroom.errors.network {"seconds":1}' })
  })

  it('sends no Authorization header without a stored session, and a bearer token with one', async () => {
    const seen: Array<Record<string, string>> = []
    const fetch = (_url: string, init: RequestInit) => {
      seen.push(Object.fromEntries(new Headers(init.headers)))
      return Promise.resolve(new Response('[]', { status: 200 }))
    }
    let token: string | null = null
    const api = createHttpClient({ getToken: () => token, translate: echoTranslate, fetch })
    await api('/x')
    token = 'abc'
    await api('/x')
    expect(seen[0].authorization).toBeUndefined()
    expect(seen[1].authorization).toBe('Bearer abc')
  })

  it('describes each kind of failure', () => {
    expect(describeFailure(400, { detail: 'LOGIN_BAD_CREDENTIALS' }, echoTranslate)).toBe('stockroom.errors.codes.LOGIN_BAD_CREDENTIALS')
    expect(describeFailure(429, { detail: 'Rate limit exceeded, retry in 1 minute' }, echoTranslate)).toBe('stockroom.errors.rate_limited')
    expect(describeFailure(500, { detail: 'Internal server error' }, echoTranslate)).toBe('stockroom.errors.server {"status":500}')
    expect(describeFailure(404, null, echoTranslate)).toBe('stockroom.errors.http {"status":404}')
    expect(describeFailure(413, { detail: 'Request body is too large (limit 1 MB)' }, echoTranslate)).toBe(
      'Request body is too large (limit 1 MB)',
    )
  })

  it('says a refusal in a sentence with the right plural', () => {
    const translate = englishI18n.translate
    const refusal = (count: number) => ({ detail: 'x', code: 'WAREHOUSE_IN_USE', params: { name: 'Main', count } })
    expect(describeFailure(409, refusal(1), translate)).toBe('Warehouse "Main" has 1 stock mutation and cannot be deleted.')
    expect(describeFailure(409, refusal(3), translate)).toBe('Warehouse "Main" has 3 stock mutations and cannot be deleted.')
    expect(describeFailure(409, { detail: 'A sentence from a newer server.', code: 'SOMETHING_NEW' }, translate)).toBe(
      'A sentence from a newer server.',
    )
  })

  it('says how long to wait after too many attempts, from Retry-After, in both languages and with plurals', async () => {
    const english = englishI18n.translate
    const dutch = polyglotI18nProvider(() => nl, 'nl').translate
    const tooMany = { detail: 'Too many attempts. Please wait 240 seconds and try again.' }
    expect(describeFailure(429, tooMany, english, 240)).toBe('Too many attempts. Try again in 4 minutes.')
    expect(describeFailure(429, tooMany, english, 61)).toBe('Too many attempts. Try again in 61 seconds.')
    expect(describeFailure(429, tooMany, english, 1)).toBe('Too many attempts. Try again in 1 second.')
    expect(describeFailure(429, tooMany, english, 90)).toBe('Too many attempts. Try again in 2 minutes.')
    expect(describeFailure(429, tooMany, english, 3 * 3600)).toBe('Too many attempts. Try again in 3 hours.')
    expect(describeFailure(429, tooMany, dutch, 240)).toBe('Te veel pogingen. Probeer het over 4 minuten opnieuw.')
    expect(describeFailure(429, tooMany, dutch, 60)).toBe('Te veel pogingen. Probeer het over 60 seconden opnieuw.')
    expect(describeFailure(429, tooMany, dutch, 100)).toBe('Te veel pogingen. Probeer het over 2 minuten opnieuw.')
    expect(describeFailure(429, tooMany, dutch, 1)).toBe('Te veel pogingen. Probeer het over 1 seconde opnieuw.')

    const api = createHttpClient({
      getToken: () => null,
      translate: english,
      fetch: () => Promise.resolve(new Response(JSON.stringify(tooMany), { status: 429, headers: { 'Retry-After': '240' } })),
    })
    await expect(api('/auth/jwt/login')).rejects.toMatchObject({ status: 429, message: 'Too many attempts. Try again in 4 minutes.' })
    expect(retryAfterOf(new Headers({ 'Retry-After': new Date(Date.now() + 120_000).toUTCString() }))).toBeGreaterThan(100)
    expect(retryAfterOf(new Headers())).toBeUndefined()
  })

  it('builds query strings without empty values', () => {
    expect(toQueryString({ a: 1, b: '', c: null, d: undefined, e: [1, 2], f: false })).toBe('?a=1&e=1&e=2&f=false')
    expect(toQueryString({})).toBe('')
  })
})
