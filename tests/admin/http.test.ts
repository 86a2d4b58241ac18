import { afterEach, describe, expect, it, vi } from 'vitest'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import nl from '../../i18n/nl'
import {
  createHttpClient,
  describeFailure,
  retryAfterOf,
  RETRY_PAUSES_MS,
  toQueryString,
  TRY_TIMEOUTS_MS,
} from '../../src/admin/providers/http'
import { REQUEST_TIMEOUT_MS } from '../../src/contract/constants'
import type { ValidationErrorItem } from '../../src/contract'
import { echoTranslate } from './fake-api'
import { englishI18n } from './render'

afterEach(() => vi.useRealTimers())

describe('http client', () => {
  it('waits the 1000 ms of SPEC §9, tries twice more waiting longer, then says how long it waited', async () => {
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
    expect(neverAnswers.mock.calls[0][1].signal!.aborted).toBe(true)
    // a pause, then a second try that waits twice as long, then a third that waits four times as long
    expect(neverAnswers).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(RETRY_PAUSES_MS[0])
    expect(neverAnswers).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(TRY_TIMEOUTS_MS[1] - 1)
    expect(neverAnswers.mock.calls[1][1].signal!.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1 + RETRY_PAUSES_MS[1])
    expect(neverAnswers).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(TRY_TIMEOUTS_MS[2])
    expect(await outcome).toMatchObject({
      status: 0,
      message: 'stockroom.errors.timeout {"smart_count":7}',
      body: { timeout: true },
    })
    expect(neverAnswers).toHaveBeenCalledTimes(3)
  })

  it('says the server cannot be reached when the network fails on every try', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))
    const api = createHttpClient({ getToken: () => null, translate: echoTranslate, fetch })
    await expect(api('/brands/')).rejects.toMatchObject({ status: 0, message: 'stockroom.errors.network' })
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('answers a read that a later try got', async () => {
    let calls = 0
    const fetch = vi.fn(() => (++calls < 3 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response('[1]'))))
    const api = createHttpClient({ getToken: () => null, translate: echoTranslate, fetch })
    expect((await api('/brands/')).json).toEqual([1])
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('sends one Idempotency-Key with every try of a write, and with the next press of the same button until it is confirmed', async () => {
    const keys: string[] = []
    let reachable = false
    const fetch = vi.fn((_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('idempotency-key') ?? 'none')
      return reachable ? Promise.resolve(new Response('{"id":1}', { status: 201 })) : Promise.reject(new TypeError('Failed to fetch'))
    })
    const api = createHttpClient({ getToken: () => 't', translate: echoTranslate, fetch })
    const booking = { method: 'POST', body: JSON.stringify({ amount: 5 }) }
    // no try reached the server: the booking may have been made, and the message says what is true
    await expect(api('/api/products/1/stock_mutations', booking)).rejects.toMatchObject({
      status: 0,
      message: 'stockroom.errors.unconfirmed',
      body: { unconfirmed: true },
    })
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    // the user presses Submit again with the same form: the same key, so the server books it once
    reachable = true
    expect((await api('/api/products/1/stock_mutations', booking)).json).toEqual({ id: 1 })
    expect(keys[3]).toBe(keys[0])
    // confirmed: the next booking, even of the same amount, is another action with a key of its own
    await api('/api/products/1/stock_mutations', booking)
    expect(keys[4]).not.toBe(keys[0])
    // another form is another action
    await api('/api/products/1/stock_mutations', { method: 'POST', body: JSON.stringify({ amount: 6 }) })
    expect(new Set(keys.slice(4)).size).toBe(2)
  })

  it('waits as the server asks while the first try of a write is still under way, and gets its answer', async () => {
    vi.useFakeTimers()
    const answers = [
      new Response(JSON.stringify({ detail: 'under way', code: 'IDEMPOTENCY_IN_PROGRESS' }), {
        status: 409,
        headers: { 'retry-after': '1' },
      }),
      new Response('{"id":9}', { status: 201, headers: { 'idempotent-replayed': 'true' } }),
    ]
    const keys: string[] = []
    const fetch = vi.fn((_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('idempotency-key')!)
      return Promise.resolve(answers.shift()!)
    })
    const api = createHttpClient({ getToken: () => 't', translate: echoTranslate, fetch })
    const outcome = api('/api/brands/', { method: 'POST', body: '{"brand_name":"A"}' })
    await vi.advanceTimersByTimeAsync(999)
    expect(fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect((await outcome).json).toEqual({ id: 9 })
    expect(keys[1]).toBe(keys[0])
  })

  it('sends no key with a read, and keeps a key the caller chose', async () => {
    const seen: Array<string | null> = []
    const fetch = (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('idempotency-key'))
      return Promise.resolve(new Response('{}', { status: 200 }))
    }
    const api = createHttpClient({ getToken: () => 't', translate: echoTranslate, fetch })
    await api('/api/brands/')
    await api('/api/brands/1', { method: 'DELETE', headers: new Headers({ 'Idempotency-Key': 'chosen-by-the-screen' }) })
    expect(seen).toEqual([null, 'chosen-by-the-screen'])
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

  it("says the API's validation refusals in the reader's language, from their type and values", () => {
    const dutch = polyglotI18nProvider(() => nl, 'nl').translate
    // as the server answers them (tests/api/validation-sentences.test.ts holds the server to these shapes)
    const refused: { detail: ValidationErrorItem[] } = {
      detail: [
        { loc: ['body', 'amount'], msg: 'Input should be a valid integer', type: 'integer_type', ctx: { expected: 'integer' } },
        { loc: ['body', 'sku'], msg: 'String should have at most 100 characters', type: 'string_too_long', ctx: { limit: 100 } },
        { loc: ['body', 'warehouse_id'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'amount'], msg: 'Input should not be 0', type: 'value_error', ctx: { not: '0' } },
        {
          loc: ['body', 'negative_stock'],
          msg: "Input should be 'refuse', 'confirm', 'allow'",
          type: 'enum',
          ctx: { allowed: 'refuse, confirm, allow' },
        },
        { loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error', ctx: { format: 'email' } },
        { loc: ['query', 'limit'], msg: 'Input should be less than or equal to 1000', type: 'less_than_equal', ctx: { limit: 1000 } },
        { loc: ['body', 'brand_name'], msg: 'String should not be blank', type: 'string_pattern_mismatch', ctx: {} },
        // a rule of the domain, by the rule its ctx names (a missing field's type does not hide it)
        {
          loc: ['body', 'location_id'],
          msg: 'Location 4 does not belong to warehouse 2',
          type: 'value_error',
          ctx: { rule: 'location_not_in_warehouse', location_id: 4, warehouse_id: 2 },
        },
        { loc: ['body', 'lines'], msg: 'Give product_id with amount, or lines', type: 'missing', ctx: { rule: 'transfer_lines_missing' } },
        // a rule of the domain is a whole sentence, said without its field; without its rule (an older server) it keeps
        // its own sentence after the field
        { loc: ['body', 'current_password'], msg: 'Field required: changing the e-mail address needs it', type: 'missing' },
      ],
    }
    expect(describeFailure(422, refused, dutch)).toBe(
      'Corrigeer a.u.b.: amount: Moet een geheel getal zijn; sku: Hoogstens 100 tekens; warehouse_id: Verplicht veld; ' +
        'amount: Mag niet 0 zijn; negative_stock: Moet een van deze zijn: refuse, confirm, allow; email: Geen geldig e-mailadres; ' +
        'limit: Moet 1000 of minder zijn; brand_name: Mag niet leeg zijn; Locatie 4 hoort niet bij magazijn 2; ' +
        'Geef product_id met amount, of lines; current_password: Field required: changing the e-mail address needs it',
    )
    expect(describeFailure(422, { detail: [refused.detail[1]] }, englishI18n.translate)).toBe('Please correct: sku: At most 100 characters')
    const newer = { loc: ['body', 'x'], msg: 'A rule of a newer server', type: 'value_error', ctx: { rule: 'not_known_here' } }
    expect(describeFailure(422, { detail: [newer] }, dutch)).toBe('Corrigeer a.u.b.: A rule of a newer server')
  })

  it("names the subject of a refusal in the reader's language, never the server's English", () => {
    const dutch = polyglotI18nProvider(() => nl, 'nl').translate
    const refusal = (params: Record<string, string>) => ({ code: 'UNDO_CHANGED_SINCE', detail: 'English sentence', params })
    expect(describeFailure(409, refusal({ what: 'The stock of this product at this location', thing: 'stock_here' }), dutch)).toBe(
      'De voorraad van dit product op deze locatie is daarna gewijzigd, dus deze wijziging kan niet meer ongedaan worden gemaakt.',
    )
    const imported = {
      code: 'IMPORT_CHANGED_SINCE',
      detail: 'English',
      params: { what: 'x', thing: 'stock_named', sku: 'A-1', location: 'B-07' },
    }
    expect(describeFailure(409, imported, dutch)).toMatch(/^De voorraad van "A-1" op B-07 is na de import gewijzigd/)
    expect(describeFailure(409, refusal({ what: 'The product', thing: 'product' }), englishI18n.translate)).toMatch(
      /^The product changed afterwards/,
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
