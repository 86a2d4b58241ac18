// Every call to the API: react-admin's fetchJson contract with the bearer token, the 1000 ms timeout of SPEC §9, and
// errors turned into sentences in the user's language (react-admin shows HttpError.message; body.errors marks form fields).
import { fetchUtils, HttpError, type Options } from 'ra-core'
import { API_BASE, REQUEST_TIMEOUT_MS, type ErrorBody, type ValidationErrorItem } from '../../contract'

export type Translate = (key: string, options?: Record<string, unknown>) => string
type QueryValue = string | number | boolean | null | undefined

/** What fetchUtils.fetchJson answers; ra-data-simple-rest and our own calls read it. */
export interface HttpResponse<T = unknown> {
  status: number
  headers: Headers
  body: string
  json: T
  /** the body as it came, when the call asked for a file (`download: true`) */
  blob?: Blob
}
/** fetchJson's options, and ours: a file to download, a call that may take longer than the usual timeout */
export type HttpOptions = Options & { download?: boolean; timeoutMs?: number }
/** react-admin's httpClient: `(url, options)` like fetchUtils.fetchJson, rejecting with ra-core's HttpError */
export type HttpClient = (url: string, options?: HttpOptions) => Promise<HttpResponse>

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

/** The sentence to show for a failed call, in the current language. */
export function describeFailure(status: number, body: Partial<ErrorBody> | null, translate: Translate): string {
  const detail = body?.detail
  if (Array.isArray(detail)) {
    const details = detail.map((item) => `${fieldOf(item)}: ${item.msg}`).join('; ')
    return translate('stockroom.errors.validation', { details, _: `Invalid input: ${details}` })
  }
  if (body?.code)
    return translate(`stockroom.errors.codes.${body.code}`, { ...body.params, smart_count: body.params?.count, _: detail ?? body.code })
  if (typeof detail === 'string' && /^[A-Z_]+$/.test(detail)) return translate(`stockroom.errors.codes.${detail}`, { _: detail })
  if (status === 429) return translate('stockroom.errors.rate_limited')
  if (status >= 500) return translate('stockroom.errors.server', { status })
  if (typeof detail === 'string') return detail
  return translate('stockroom.errors.http', { status })
}

const fieldOf = (item: ValidationErrorItem) => String(item.loc[item.loc.length - 1])

/** A failed call's errors by field, which a react-admin form's onSubmit returns to show them under the fields. */
export const fieldErrorsOf = (failure: unknown) => (failure as { body?: { errors?: Record<string, string> } | null }).body?.errors

/** react-admin puts body.errors on the form's fields. */
function fieldErrors(body: Partial<ErrorBody> | null): Record<string, string> | undefined {
  if (!Array.isArray(body?.detail)) return undefined
  return Object.fromEntries(body.detail.map((item) => [fieldOf(item), item.msg]))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined // an empty 204, or not JSON: fetchJson answers `json: undefined` too
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { getToken, translate, timeoutMs = REQUEST_TIMEOUT_MS } = options
  const doFetch = options.fetch ?? ((url, init) => fetch(url, init))

  return async function httpClient(url, request = {}) {
    const token = getToken()
    const headers = new Headers(request.headers)
    if (!headers.has('Accept')) headers.set('Accept', 'application/json')
    // fetchJson's own rules: a JSON content type for a body unless one is set, and the Authorization header
    fetchUtils.createHeadersFromOptions({
      ...request,
      headers,
      user: token ? { authenticated: true, token: `Bearer ${token}` } : undefined,
    })

    // the caller's signal (react-query cancelling a query) and the timeout both stop the request
    const controller = new AbortController()
    const { download, timeoutMs: callTimeoutMs, ...init } = request
    const timer = setTimeout(() => controller.abort(), callTimeoutMs ?? timeoutMs)
    const cancel = () => controller.abort()
    if (request.signal?.aborted) cancel()
    request.signal?.addEventListener('abort', cancel)
    let response: Response
    try {
      response = await doFetch(url, { ...init, headers, signal: controller.signal })
    } catch (error) {
      if (request.signal?.aborted) throw error
      const timedOut = controller.signal.aborted
      throw new HttpError(
        translate(timedOut ? 'stockroom.errors.timeout' : 'stockroom.errors.network', { seconds: (callTimeoutMs ?? timeoutMs) / 1000 }),
        0,
        {
          timeout: timedOut,
          cause: String(error),
        },
      )
    } finally {
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', cancel)
    }

    // a file comes as it is; only a refusal is read as text
    if (download && response.ok)
      return { status: response.status, headers: response.headers, body: '', json: undefined, blob: await response.blob() }
    const body = await response.text()
    const json = parseJson(body)
    if (!response.ok) {
      const errorBody = (json as Partial<ErrorBody> | undefined) ?? null
      throw new HttpError(describeFailure(response.status, errorBody, translate), response.status, {
        ...errorBody,
        errors: fieldErrors(errorBody),
      })
    }
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
}
export type Api = <T = unknown>(path: string, request?: ApiRequest) => Promise<HttpResponse<T>>

/** Our calls outside react-admin's data model (sign-in, the account) by path, through the same httpClient. */
export function apiOf(httpClient: HttpClient): Api {
  return async <T>(path: string, { method, query, body, form }: ApiRequest = {}) => {
    const formBody = form && new URLSearchParams(form).toString()
    const response = await httpClient(`${API_BASE}${path}${toQueryString(query)}`, {
      method,
      headers: formBody ? { 'Content-Type': 'application/x-www-form-urlencoded' } : undefined,
      body: formBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    })
    return response as HttpResponse<T>
  }
}
