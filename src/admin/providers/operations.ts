// The one client for the admin's writes outside react-admin's record CRUD: an operation declared in
// src/contract/operations.ts, the values of its path's {params}, its body. It goes through the one http client, so
// each write carries its Idempotency-Key and is tried again by the same rules as every call.
import { API_BASE, type AnswerOf, type BodyOf, type Operation, type ParamsOf, type WriteMethod } from '../../contract'
import { toQueryString, type HttpClient } from './http'

/** An import, its revert or an undo of one may write for minutes */
export const LONG_CALL_MS = 10 * 60 * 1000

type ParamsFor<O> = O extends Operation<WriteMethod, infer Path> ? ParamsOf<Path> : never
type Query = Record<string, string | number | boolean>

export type WriteRequest<O> = (unknown extends ParamsFor<O> ? { params?: never } : { params: ParamsFor<O> }) &
  (undefined extends BodyOf<O> ? { body?: never } : { body: BodyOf<O> }) & { query?: Query }

/** The request may be left out where the operation has neither params nor a body. */
type RequestArgs<O> = object extends WriteRequest<O> ? [request?: WriteRequest<O>] : [request: WriteRequest<O>]

export type Send = <O extends Operation>(operation: O, ...request: RequestArgs<O>) => Promise<AnswerOf<O>>

/** '/stock_counts/{id}/lines/{line_id}' with {id: 4, line_id: 9} → '/stock_counts/4/lines/9' */
export function pathOf(path: string, params: Record<string, number | string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${path} needs ${name}`)
    return encodeURIComponent(String(params[name]))
  })
}

function encoded(operation: Operation, body: unknown): { body?: string | FormData; headers?: Record<string, string> } {
  if (body === undefined) return {}
  if (operation.encoding === 'multipart') return { body: body as FormData }
  if (operation.encoding === 'form')
    return {
      body: new URLSearchParams(body as Record<string, string>).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }
  return { body: JSON.stringify(body) }
}

export function sendOf(httpClient: HttpClient): Send {
  return async (operation, ...[request]) => {
    const { params, body, query } = (request ?? {}) as { params?: Record<string, number | string>; body?: unknown; query?: Query }
    const { json } = await httpClient(`${API_BASE}${pathOf(operation.path, params)}${toQueryString(query)}`, {
      method: operation.method,
      ...encoded(operation, body),
      ...(operation.long ? { timeoutMs: LONG_CALL_MS } : {}),
    })
    // the server answers each operation by its response schema (OpenAPI, checked against OPERATIONS by a test)
    return json as AnswerOf<typeof operation>
  }
}
