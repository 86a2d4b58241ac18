// A client over real HTTP with a connection of its own (an agent with one socket), so that twenty of them are
// twenty clients as the server sees them. Network failures (a killed server) reject; every answer resolves.
import http from 'node:http'

export interface HttpAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
}

type Headers = Record<string, string>

export interface HttpClient {
  get(path: string): Promise<HttpAnswer>
  post(path: string, body?: unknown, headers?: Headers): Promise<HttpAnswer>
  patch(path: string, body?: unknown, headers?: Headers): Promise<HttpAnswer>
  delete(path: string, headers?: Headers): Promise<HttpAnswer>
  close(): void
}

export function httpClient(base: string, token?: string): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const call = (method: string, path: string, body?: unknown, extra: Headers = {}) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const headers: http.OutgoingHttpHeaders = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra }
      if (payload !== undefined)
        Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) })
      const request = http.request(`${base}${path}`, { method, agent, headers }, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('error', reject)
        response.on('end', () => {
          let parsed: unknown = text
          try {
            parsed = text ? JSON.parse(text) : undefined
          } catch {
            // not JSON: keep the text for the assertion message
          }
          resolve({ status: response.statusCode!, headers: response.headers, body: parsed })
        })
      })
      request.on('error', reject)
      request.end(payload)
    })
  return {
    get: (path) => call('GET', path),
    post: (path, body, headers) => call('POST', path, body, headers),
    patch: (path, body, headers) => call('PATCH', path, body, headers),
    delete: (path, headers) => call('DELETE', path, undefined, headers),
    close: () => agent.destroy(),
  }
}

/** A small seeded random generator (mulberry32), so a failing run can be repeated. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  }
}
