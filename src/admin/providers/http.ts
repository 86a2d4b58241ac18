// Every call to the API: react-admin's fetchJson contract with the bearer token, the 1000 ms timeout of SPEC §9 (then
// two more tries that wait longer, for slow networks), an Idempotency-Key on every write so that no try and no second
// press of a button writes twice, and errors turned into sentences in the user's language (react-admin shows
// HttpError.message; body.errors marks form fields).
import { fetchUtils, HttpError, type Options } from 'ra-core'
import { v4 as uuid } from 'uuid'
import { API_BASE, IDEMPOTENCY_KEY_HEADER, REQUEST_TIMEOUT_MS, type ErrorBody, type ValidationErrorItem } from '../../contract'

import type { Translate } from '../common/translate'
export type { Translate }
type QueryValue = string | number | boolean | null | undefined

/** What fetchUtils.fetchJson answers; ra-data-simple-rest and our own calls read it. */
export interface HttpResponse<T = unknown> {
  status: number
  headers: Headers
  body: string
  json: T
  /** the answer's bytes, when the call asked for something other than JSON (a PDF) */
  blob?: Blob
}
/** fetchJson's options; `timeoutMs` for a call that may take longer than the usual limit (a PDF of many labels) */
export type RequestOptions = Options & { timeoutMs?: number }
/** react-admin's httpClient: `(url, options)` like fetchUtils.fetchJson, rejecting with ra-core's HttpError */
export type HttpClient = (url: string, options?: RequestOptions) => Promise<HttpResponse>

export interface HttpClientOptions {
  getToken: () => string | null
  translate: Translate
  timeoutMs?: number
  /** the browser's fetch unless a test passes its own */
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

export function toQueryString(query: Record<string, QueryValue | QueryValue[]> = {}): string {
  const text = fetchUtils.queryParameters(query, { skipNull: true, skipEmptyString: true, sort: false })
  return text ? `?${text}` : ''
}

/** "Try again in 4 minutes": the wait a 429's Retry-After asks for, in seconds, minutes or hours as a person says it. */
export function describeWait(retryAfterSeconds: number, translate: Translate): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  if (seconds < 90) return translate('stockroom.errors.rate_limited_seconds', { smart_count: seconds })
  if (seconds < 90 * 60) return translate('stockroom.errors.rate_limited_minutes', { smart_count: Math.ceil(seconds / 60) })
  return translate('stockroom.errors.rate_limited_hours', { smart_count: Math.ceil(seconds / 3600) })
}

/** Retry-After as seconds (the server sends seconds; an HTTP date is read too), or undefined. */
export function retryAfterOf(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('Retry-After')
  if (!value) return undefined
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - now) / 1000
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined
}

/** The sentence to show for a failed call, in the current language; `retryAfterSeconds` from a 429's Retry-After. */
export function describeFailure(status: number, body: Partial<ErrorBody> | null, translate: Translate, retryAfterSeconds?: number): string {
  const detail = body?.detail
  if (Array.isArray(detail)) {
    // a rule of the domain is a whole sentence that names what it refuses; a schema's rule needs its field before it
    const said = (item: ValidationErrorItem) =>
      typeof item.ctx?.rule === 'string' ? validationSentence(item, translate) : `${fieldOf(item)}: ${validationSentence(item, translate)}`
    const details = detail.map(said).join('; ')
    return translate('stockroom.errors.validation', { details, _: `Invalid input: ${details}` })
  }
  if (body?.code === 'FORBIDDEN' && typeof body.params?.permission === 'string') {
    const { permission, warehouse } = body.params
    const right = translate(`roles.permissions.${permission.replace(/\./g, '_')}`, { _: permission })
    if (warehouse === undefined) return translate('stockroom.errors.forbidden_company', { right })
    return translate('stockroom.errors.forbidden_in_warehouse', { right, warehouse })
  }
  if (body?.code) {
    const params = { ...body.params }
    // the subject of the sentence, named by the server as a `thing` (its own `what` is English)
    if (typeof params.thing === 'string') params.what = translate(`stockroom.errors.things.${params.thing}`, { ...params, _: params.what })
    // the status of a document, as its own screens name it
    if (typeof params.document === 'string' && typeof params.status === 'string')
      params.status = translate(`${params.document}.status.${params.status}`, { _: params.status })
    return translate(`stockroom.errors.codes.${body.code}`, { ...params, smart_count: params.count, _: detail ?? body.code })
  }
  if (typeof detail === 'string' && /^[A-Z_]+$/.test(detail)) return translate(`stockroom.errors.codes.${detail}`, { _: detail })
  if (status === 429) return retryAfterSeconds ? describeWait(retryAfterSeconds, translate) : translate('stockroom.errors.rate_limited')
  if (status >= 500) return translate('stockroom.errors.server', { status })
  if (typeof detail === 'string') return detail
  return translate('stockroom.errors.http', { status })
}

const fieldOf = (item: ValidationErrorItem) => String(item.loc[item.loc.length - 1])

/** The value each rule's sentence names */
const RULE_VALUES: Record<string, string> = {
  enum: 'allowed',
  literal_error: 'allowed',
  string_too_short: 'limit',
  string_too_long: 'limit',
  greater_than_equal: 'limit',
  less_than_equal: 'limit',
}

/**
 * The text a refusal is said with: a rule of the domain by the `rule` its ctx names (stockroom.errors.domain), a rule
 * of the schemas by its type and values (stockroom.errors.rules); none for a refusal without them (its msg is said).
 */
function ruleOf({ type, ctx, msg }: ValidationErrorItem): string | undefined {
  if (typeof ctx?.rule === 'string') return `stockroom.errors.domain.${ctx.rule}`
  const rule = schemaRuleOf(type, ctx, msg)
  return rule && `stockroom.errors.rules.${rule}`
}

function schemaRuleOf(type: string, ctx: ValidationErrorItem['ctx'], msg: string): string | undefined {
  // a missing field is said as fastapi says it, without ctx
  if (type === 'missing') return msg === 'Field required' ? 'missing' : undefined
  if (!ctx) return undefined
  if (type.endsWith('_type')) return ctx.expected === undefined ? undefined : 'wrong_type'
  if (type === 'value_error') return ctx.format === 'email' ? 'email' : ctx.not !== undefined ? 'not' : undefined
  if (type === 'string_pattern_mismatch') return ctx.description === undefined ? 'blank' : 'pattern'
  const value = RULE_VALUES[type]
  // a refusal without the value its sentence names (an older server) keeps the server's sentence
  return value === undefined || ctx[value] === undefined ? undefined : type
}

/** A refusal of the API in the reader's language, from its rule and values; the server's sentence otherwise. */
export function validationSentence(item: ValidationErrorItem, translate: Translate): string {
  const key = ruleOf(item)
  if (!key) return item.msg
  const ctx = { ...item.ctx }
  if (typeof ctx.expected === 'string') ctx.expected = translate(`stockroom.errors.value_kinds.${ctx.expected}`, { _: ctx.expected })
  return translate(key, { ...ctx, smart_count: typeof ctx.limit === 'number' ? ctx.limit : 1, _: item.msg })
}

/** A failed call's errors by field, which a react-admin form's onSubmit returns to show them under the fields. */
export const fieldErrorsOf = (failure: unknown) => (failure as { body?: { errors?: Record<string, string> } | null }).body?.errors

/** react-admin puts body.errors on the form's fields. */
function fieldErrors(body: Partial<ErrorBody> | null, translate: Translate): Record<string, string> | undefined {
  if (!Array.isArray(body?.detail)) return undefined
  return Object.fromEntries(body.detail.map((item) => [fieldOf(item), validationSentence(item, translate)]))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined // an empty 204, or not JSON: fetchJson answers `json: undefined` too
  }
}

/** The tries of one call: the first waits the 1000 ms of SPEC §9; on a slow network each further try waits longer. */
export const TRY_TIMEOUTS_MS = [REQUEST_TIMEOUT_MS, 2 * REQUEST_TIMEOUT_MS, 4 * REQUEST_TIMEOUT_MS]
/** The pause before the second and the third try. */
export const RETRY_PAUSES_MS = [250, 500]
/** How long the key of a write that was never confirmed waits for the user to press again (and get its answer). */
const UNCONFIRMED_KEY_LIFETIME_MS = 10 * 60 * 1000
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** A pause that ends early, with the call, when the caller cancels it. */
const pause = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

/** An answer that does not settle a write: it may still be carried out, so its key is kept for the next try. */
const leavesWriteOpen = (status: number, body: Partial<ErrorBody> | null) =>
  status === 503 || (status === 409 && body?.code === 'IDEMPOTENCY_IN_PROGRESS')

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { getToken, translate } = options
  const timeouts = options.timeoutMs === undefined ? TRY_TIMEOUTS_MS : [options.timeoutMs]
  const doFetch = options.fetch ?? ((url, init) => fetch(url, init))
  /**
   * The Idempotency-Key of each write not yet confirmed, by what it sends: the user's next press of the same button
   * with the same form sends the same key, so the server carries the action out once, however often it was sent.
   */
  const openWrites = new Map<string, { key: string; until: number }>()

  function keyFor(write: string): string {
    const now = Date.now()
    for (const [sent, open] of openWrites) if (open.until < now) openWrites.delete(sent)
    const open = openWrites.get(write) ?? { key: uuid(), until: 0 }
    openWrites.set(write, { key: open.key, until: now + UNCONFIRMED_KEY_LIFETIME_MS })
    return open.key
  }

  /** One try: the answer, or why there was none (the caller's cancel is thrown as it is). */
  async function tryOnce(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal | null) {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    const cancel = () => controller.abort()
    if (signal?.aborted) cancel()
    signal?.addEventListener('abort', cancel)
    try {
      const response = await doFetch(url, { ...init, signal: controller.signal })
      // a call that asked for something other than JSON (a PDF) gets its bytes
      if (response.ok && !/json/.test(new Headers(init.headers).get('Accept') ?? ''))
        return { response, body: '', blob: await response.blob() }
      return { response, body: await response.text() }
    } catch (error) {
      if (signal?.aborted) throw error
      return { failure: { timedOut: controller.signal.aborted, cause: String(error) } }
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', cancel)
    }
  }

  return async function httpClient(url, { timeoutMs: callTimeoutMs, ...request } = {}) {
    const token = getToken()
    const headers = new Headers(request.headers)
    if (!headers.has('Accept')) headers.set('Accept', 'application/json')
    // fetchJson's own rules: a JSON content type for a body unless one is set, and the Authorization header
    fetchUtils.createHeadersFromOptions({
      ...request,
      headers,
      user: token ? { authenticated: true, token: `Bearer ${token}` } : undefined,
    })
    const method = (request.method ?? 'GET').toUpperCase()
    // every try of a write, and every press of the same button for it, carries one key (see openWrites); a file sent
    // (a form with an upload) cannot be told from another file by its text, so each send of one gets a key of its own
    const write = WRITES.has(method) ? `${method} ${url} ${typeof request.body === 'string' ? request.body : ''}` : undefined
    const sameAction = write !== undefined && (request.body === undefined || typeof request.body === 'string')
    if (write && !headers.has(IDEMPOTENCY_KEY_HEADER)) headers.set(IDEMPOTENCY_KEY_HEADER, sameAction ? keyFor(write) : uuid())

    let outcome: Awaited<ReturnType<typeof tryOnce>> | undefined
    let waited = 0
    // a call that may take long (a PDF of many labels) is tried once, with its own limit
    const tries = callTimeoutMs === undefined ? timeouts : [callTimeoutMs]
    for (let attempt = 0; attempt < tries.length; attempt++) {
      if (attempt > 0) {
        // the server asked to wait (a write with this key under way), or a short pause before trying again
        const retryAfter = Number(outcome?.response?.headers.get('retry-after'))
        await pause(retryAfter > 0 ? Math.min(retryAfter, 5) * 1000 : RETRY_PAUSES_MS[attempt - 1], request.signal)
      }
      outcome = await tryOnce(url, { ...request, headers }, tries[attempt], request.signal)
      if (outcome.failure) {
        waited += tries[attempt]
        continue
      }
      const retry = write && outcome.response.status === 409 && parseJson(outcome.body)
      if (!(retry && (retry as Partial<ErrorBody>).code === 'IDEMPOTENCY_IN_PROGRESS')) break
    }

    if (!outcome?.response) {
      const failure = outcome?.failure
      // a write that got no answer may have been carried out: say what is true, and keep its key for the next press
      if (write)
        throw new HttpError(translate('stockroom.errors.unconfirmed'), 0, {
          unconfirmed: true,
          timeout: failure?.timedOut,
          cause: failure?.cause,
        })
      const said = failure?.timedOut
        ? translate('stockroom.errors.timeout', { smart_count: Math.round(waited / 1000) })
        : translate('stockroom.errors.network')
      throw new HttpError(said, 0, {
        timeout: failure?.timedOut,
        cause: failure?.cause,
      })
    }

    const { response, body, blob } = outcome
    if (blob) return { status: response.status, headers: response.headers, body: '', json: undefined, blob }
    const json = parseJson(body)
    const errorBody = response.ok ? null : ((json as Partial<ErrorBody> | undefined) ?? null)
    if (write && !leavesWriteOpen(response.status, errorBody)) openWrites.delete(write)
    if (!response.ok)
      throw new HttpError(describeFailure(response.status, errorBody, translate, retryAfterOf(response.headers)), response.status, {
        ...errorBody,
        ...(write && leavesWriteOpen(response.status, errorBody) ? { unconfirmed: true } : {}),
        errors: fieldErrors(errorBody, translate),
      })
    return { status: response.status, headers: response.headers, body, json }
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, QueryValue | QueryValue[]>
  /** JSON body */
  body?: unknown
  /** form-encoded body (the fastapi-users login) */
  form?: Record<string, string>
  /** what to answer instead of JSON (application/pdf): the answer's `blob` holds it */
  accept?: string
  timeoutMs?: number
}
export type Api = <T = unknown>(path: string, request?: ApiRequest) => Promise<HttpResponse<T>>

/** Our calls outside react-admin's data model (sign-in, the account) by path, through the same httpClient. */
export function apiOf(httpClient: HttpClient): Api {
  return async <T>(path: string, { method, query, body, form, accept, timeoutMs }: ApiRequest = {}) => {
    const formBody = form && new URLSearchParams(form).toString()
    const response = await httpClient(`${API_BASE}${path}${toQueryString(query)}`, {
      method,
      timeoutMs,
      headers: { ...(formBody ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}), ...(accept ? { Accept: accept } : {}) },
      body: formBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    })
    return response as HttpResponse<T>
  }
}
