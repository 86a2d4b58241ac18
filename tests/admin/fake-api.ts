// A fetch double that records requests and answers from a script, for provider tests.
import { vi } from 'vitest'

export interface Recorded {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
}

export function fakeFetch(answer: (request: Recorded) => { status?: number; json?: unknown; headers?: Record<string, string> }) {
  const requests: Recorded[] = []
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const request: Recorded = {
      method: init.method ?? 'GET',
      url,
      // names in lower case, as fetch sends them, whether the client passed a Headers object or a plain one
      headers: Object.fromEntries(new Headers(init.headers)),
      body: init.body as string | undefined,
    }
    requests.push(request)
    const { status = 200, json = null, headers = {} } = answer(request)
    return Promise.resolve(
      new Response(status === 204 ? null : JSON.stringify(json), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    )
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests }
}

/** translate that shows the key and its options, so tests can see what would be said */
export const echoTranslate = (key: string, options?: Record<string, unknown>) =>
  options && Object.keys(options).some((k) => k !== '_')
    ? `${key} ${JSON.stringify(Object.fromEntries(Object.entries(options).filter(([k]) => k !== '_')))}`
    : key
