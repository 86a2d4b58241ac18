// An HTTP proxy in front of the real server that holds the answers to writes back, as a busy server or warehouse
// Wi-Fi does: each request reaches the server at once, and a write's answer reaches the browser `delayMs` later;
// `silenceWrites()` passes writes on but never answers them (the answer is lost on the way back). Reads pass at
// once: their tries are the http client's own tests, and a late page of code only made the journey longer.
import http from 'node:http'
import type net from 'node:net'

export interface SlowProxy {
  url: string
  /** every write's answer from now on reaches the browser after `ms` */
  delay(ms: number): void
  /** writes (POST, PUT, PATCH, DELETE) reach the server, but their answers never come back */
  silenceWrites(silent: boolean): void
  /** how many requests of each `METHOD path` reached the server */
  forwarded: Map<string, number>
  close(): Promise<void>
}

export async function startSlowProxy(target: string): Promise<SlowProxy> {
  let delayMs = 0
  let silent = false
  const forwarded = new Map<string, number>()
  const held = new Set<NodeJS.Timeout>()
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', target)
    const seen = `${request.method} ${pathname}`
    forwarded.set(seen, (forwarded.get(seen) ?? 0) + 1)
    const upstream = http.request(`${target}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => {
        const write = request.method !== 'GET' && request.method !== 'HEAD'
        if (silent && write) return
        const timer = setTimeout(
          () => {
            held.delete(timer)
            if (response.destroyed) return
            response.writeHead(answer.statusCode ?? 502, answer.headers)
            response.end(Buffer.concat(chunks))
          },
          write ? delayMs : 0,
        )
        held.add(timer)
      })
    })
    upstream.on('error', () => response.destroy())
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    delay: (ms) => (delayMs = ms),
    silenceWrites: (value) => (silent = value),
    forwarded,
    async close() {
      held.forEach(clearTimeout)
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
