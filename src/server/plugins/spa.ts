// Serves the built admin UI; any other GET that is not an /api call answers index.html (history fallback).
import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
/** Hashed bundles: a missing one must be a 404, not index.html parsed as JavaScript by a stale page. */
const isAssetPath = (url: string) => url.startsWith('/assets/')

/** The built worker of src/admin/scanning/barcode-worker.ts (Vite names it after its source), or its brotli or gzip copy. */
const isBarcodeWorker = (file: string) => /[\\/]assets[\\/]barcode-worker-[\w-]+\.js(\.br|\.gz)?$/.test(file)
/** helmet's headers that only a page (a document) reads, and the validators an immutable file never needs */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'last-modified',
  'etag',
  // a script is read whole: nobody asks for a range of it
  'accept-ranges',
]
const BARCODE_WORKER_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; object-src 'none'"

export default fp(async function spa(app: FastifyInstance, options: { root?: string }) {
  const root = options.root && path.resolve(options.root)
  // a build may finish after the server started (a second server beside `npm start`'s build): looked for until found
  let built = false
  const isBuilt = () => (built ||= Boolean(root && fs.existsSync(path.join(root, 'index.html'))))
  if (root) {
    await app.register(fastifyStatic, {
      root,
      // a folder not built yet is no fault: index.html is looked for until it is there
      suppressWarning: true,
      // `/` answers index.html like every other client-side route
      index: ['index.html'],
      wildcard: true,
      // the build wrote file.br and file.gz beside each file: the one the Accept-Encoding allows is sent as it is
      preCompressed: true,
      // hashed assets never change; index.html must be fetched anew after each deploy
      setHeaders: (res, file) => {
        const asset = file.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache')
        // a script or style is no page: the page's own headers (policy, framing, referrer, HSTS) say nothing for it, and
        // on fifty files of the sign-in screen they were fifty kB on the wire; nosniff and CORP stay
        if (asset) for (const name of PAGE_ONLY_HEADERS) res.removeHeader(name)
        // the camera's barcode decoder compiles its WebAssembly in this worker alone; the page's policy stays without it
        if (isBarcodeWorker(file)) res.header('content-security-policy', BARCODE_WORKER_POLICY)
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const notFound = () => reply.code(404).send({ detail: 'Not Found' })
    if (isApiPath(request.url) || isAssetPath(request.url) || !['GET', 'HEAD'].includes(request.method)) return notFound()
    if (!isBuilt()) return reply.code(404).send({ detail: 'The admin UI is not built: run `npm run build`.' })
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
})
