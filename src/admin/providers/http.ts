// Every call to the API: base path, bearer token, the 1000 ms timeout of SPEC §9, and errors turned into
// sentences in the user's language (react-admin shows HttpError.message; body.errors marks form fields).
import { HttpError } from 'ra-core'
import { API_BASE, REQUEST_TIMEOUT_MS, type ErrorBody, type ValidationErrorItem } from '../../contract'

export type Translate = (key: string, options?: Record<string, unknown>) => string
type QueryValue = string | number | boolean | null | undefined

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, QueryValue | QueryValue[]>
  /** JSON body */
  body?: unknown
  /** form-encoded body (the fastapi-users login) */
  form?: Record<string, string>
}
export interface ApiResponse<T> {
  status: number
  headers: Headers
  json: T
}
export type Api = <T = unknown>(path: string, request?: ApiRequest) => Promise<ApiResponse<T>>

export interface HttpClientOptions {
  getToken: () => string | null
  translate: Translate
  timeoutMs?: number
  fetch?: typeof fetch
}

export function toQueryString(query: ApiRequest['query'] = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item))
    }
  }
  const text = params.toString()
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

/** react-admin puts body.errors on the form's fields. */
function fieldErrors(body: Partial<ErrorBody> | null): Record<string, string> | undefined {
  if (!Array.isArray(body?.detail)) return undefined
  return Object.fromEntries(body.detail.map((item) => [fieldOf(item), item.msg]))
}

export function createHttpClient(options: HttpClientOptions): Api {
  const { getToken, translate, timeoutMs = REQUEST_TIMEOUT_MS } = options
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))

  return async function api<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json' }
    const token = getToken()
    if (token) headers.authorization = `Bearer ${token}`
    let body: string | undefined
    if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(request.form).toString()
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(request.body)
    }

    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    try {
      response = await doFetch(`${API_BASE}${path}${toQueryString(request.query)}`, {
        method: request.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
      })
    } catch (error) {
      const timedOut = controller.signal.aborted
      throw new HttpError(translate(timedOut ? 'stockroom.errors.timeout' : 'stockroom.errors.network', { seconds: timeoutMs / 1000 }), 0, {
        timeout: timedOut,
        cause: String(error),
      })
    } finally {
      clearTimeout(timer)
    }

    const text = await response.text()
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = null
    }
    if (!response.ok) {
      const errorBody = json as Partial<ErrorBody> | null
      throw new HttpError(describeFailure(response.status, errorBody, translate), response.status, {
        ...errorBody,
        errors: fieldErrors(errorBody),
      })
    }
    return { status: response.status, headers: response.headers, json: json as T }
  }
}
