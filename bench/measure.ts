// Throughput and latency of a scenario: over HTTP with autocannon, or in-process on the database. Latencies are
// kept per response in milliseconds with their fractions (autocannon's own histogram keeps whole milliseconds).
import autocannon from 'autocannon'
import { Random } from '../src/server/db/seed/random'
import type { Request } from './scenarios'

export interface Measurement {
  perSecond: number
  p50: number
  p99: number
  /** answers other than 2xx, and connection errors and timeouts */
  failures: number
}

function summarize(latencies: number[], seconds: number, failures: number): Measurement {
  latencies.sort((a, b) => a - b)
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN)
  return { perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures }
}

/** Drives the server for `seconds` with `connections` keeping one request each in flight. */
export async function overHttp(
  url: string,
  token: string,
  next: (random: Random) => Request,
  connections: number,
  seconds: number,
): Promise<Measurement> {
  const random = new Random(connections * 7919 + seconds)
  const latencies: number[] = []
  let failures = 0
  let finished!: (result: autocannon.Result) => void
  let failed!: (error: unknown) => void
  const done = new Promise<autocannon.Result>((resolve, reject) => ([finished, failed] = [resolve, reject]))
  const instance = autocannon(
    {
      url,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => {
            const { method, path, body, headers } = next(random)
            return { ...request, method, path, body, headers: { ...request.headers, ...headers } }
          },
        },
      ],
    },
    (error, result) => (error ? failed(error) : finished(result)),
  )
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
    else failures += 1
  })
  const result = await done
  return summarize(latencies, seconds, failures + result.errors + result.timeouts)
}

/** Calls `work` for `seconds` from `concurrency` loops at once (on SQLite the calls take turns: the driver is synchronous). */
export async function inProcess(work: (random: Random) => Promise<unknown>, concurrency: number, seconds: number): Promise<Measurement> {
  const random = new Random(concurrency * 104_729 + seconds)
  const latencies: number[] = []
  let failures = 0
  const end = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const started = performance.now()
        try {
          await work(random)
          latencies.push(performance.now() - started)
        } catch {
          failures += 1
        }
      }
    }),
  )
  return summarize(latencies, seconds, failures)
}
