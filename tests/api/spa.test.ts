// The built admin UI next to the API: files from the build, index.html for every other GET (history fallback),
// and JSON 404s for /api paths that do not exist, signed in or not.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { openDatabase } from '../../src/server/db'
import { migrateToLatest } from '../../src/server/db/migrate'
import { freshDatabaseUrl } from './helpers'

let app: Awaited<ReturnType<typeof buildApp>>
let cleanup: () => Promise<void>
const INDEX = '<!doctype html><title>Stockroom</title><div id="root"></div>'
const BIG_SCRIPT = `console.log(${JSON.stringify('stock '.repeat(5000))})`

async function appWith(spaRoot: string | undefined) {
  const { url, drop } = await freshDatabaseUrl()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-spa-data-'))
  const database = openDatabase(url)
  await migrateToLatest(database)
  const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' })
  const built = await buildApp({ config, database, secret: randomBytes(32).toString('hex'), logger: false, spaRoot })
  await built.ready()
  return {
    app: built,
    async close() {
      await built.close()
      await drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

describe('with the admin UI built', () => {
  beforeAll(async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-dist-'))
    fs.mkdirSync(path.join(root, 'assets'))
    fs.writeFileSync(path.join(root, 'index.html'), INDEX)
    fs.writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log("app")')
    // as the build writes them (vite-plugin-compression2): a brotli and a gzip copy beside the file
    for (const [file, text] of [
      ['index.html', INDEX],
      ['assets/big-def456.js', BIG_SCRIPT],
    ]) {
      fs.writeFileSync(path.join(root, file), text)
      fs.writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(text))
      fs.writeFileSync(path.join(root, `${file}.gz`), gzipSync(text))
    }
    const built = await appWith(root)
    app = built.app
    cleanup = async () => {
      await built.close()
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
  afterAll(() => cleanup())

  it('serves index.html at the root and for every client-side route, never cached', async () => {
    for (const url of ['/', '/products/5', '/orgs', '/login?nextUrl=%2Fbrands', '/verify/some-token', '/password/some-token']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.body, url).toBe(INDEX)
    }
    expect((await app.inject({ method: 'HEAD', url: '/brands' })).statusCode).toBe(200)
  })

  it('serves the hashed assets with a long cache, and 404 for an asset that is not there', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log("app")')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    // a script keeps the headers a script is read by (no sniffing, same-origin only); a page's own are on the page
    expect(asset.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' })
    // nor the validators and ranges a file that never changes is never asked again for
    for (const pageOnly of [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'referrer-policy',
      'etag',
      'accept-ranges',
    ])
      expect(asset.headers[pageOnly], pageOnly).toBeUndefined()
    const page = await app.inject({ method: 'GET', url: '/products' })
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/)
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
    // a stale page asking for an old bundle must not get HTML in its place
    const missing = await app.inject({ method: 'GET', url: '/assets/index-old999.js' })
    expect(missing.statusCode).toBe(404)
  })

  it('sends the precompressed copy the browser accepts (brotli first), with Vary: Accept-Encoding', async () => {
    const fetchAs = (url: string, acceptEncoding?: string) =>
      app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
    const brotli = await fetchAs('/assets/big-def456.js', 'gzip, deflate, br')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotli.headers['content-type']).toMatch(/javascript/)
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    // the bytes on the wire are the brotli file, far smaller than the script
    expect(brotli.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10)
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT)

    const gzip = await fetchAs('/assets/big-def456.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toMatch(/accept-encoding/i)
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT)

    const plain = await fetchAs('/assets/big-def456.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(BIG_SCRIPT)

    // the history fallback answers index.html compressed too
    for (const url of ['/', '/products/5']) {
      const page = await fetchAs(url, 'br')
      expect(page.headers['content-encoding'], url).toBe('br')
      expect(page.headers['cache-control'], url).toBe('no-cache')
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX)
    }
  })

  it('answers 404 JSON for unknown /api paths, without a session too (not 401, not the SPA)', async () => {
    for (const [method, url] of [
      ['GET', '/api/x'],
      ['GET', '/api/'],
      ['GET', '/api'],
      ['GET', '/api/products/1/nothing'],
      ['POST', '/api/x'],
      ['DELETE', '/api/brands'],
      ['HEAD', '/api/x'],
    ] as const) {
      const res = await app.inject({ method, url })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/)
      // eslint-disable-next-line vitest/no-conditional-expect -- a HEAD answer has no body
      if (method !== 'HEAD') expect(res.json(), `${method} ${url}`).toEqual({ detail: 'Not Found' })
    }
  })

  it('still guards the API routes that exist', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/brands/' })).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('answers 404 JSON to other methods on client-side routes', async () => {
    const res = await app.inject({ method: 'POST', url: '/products' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Not Found' })
  })
})

describe('without the admin UI built', () => {
  let bare: Awaited<ReturnType<typeof appWith>>
  const root = path.join(os.tmpdir(), `no-such-dist-${randomBytes(4).toString('hex')}`)
  beforeAll(async () => {
    bare = await appWith(root)
  })
  afterAll(async () => {
    await bare.close()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('serves the API and says how to build the UI', async () => {
    expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' })
    const page = await bare.app.inject({ method: 'GET', url: '/products' })
    expect(page.statusCode).toBe(404)
    expect(page.json().detail).toMatch(/npm run build/)
    expect((await bare.app.inject({ method: 'GET', url: '/api/x' })).json()).toEqual({ detail: 'Not Found' })
  })

  it('serves a build that finishes after the server started, without a restart', async () => {
    fs.mkdirSync(path.join(root, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(root, 'assets', 'index-late1.js'), 'console.log("late")')
    fs.writeFileSync(path.join(root, 'index.html'), INDEX)
    const page = await bare.app.inject({ method: 'GET', url: '/products' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe(INDEX)
    const script = await bare.app.inject({ method: 'GET', url: '/assets/index-late1.js' })
    expect(script.statusCode).toBe(200)
    expect(script.body).toBe('console.log("late")')
    expect((await bare.app.inject({ method: 'GET', url: '/assets/index-gone.js' })).statusCode).toBe(404)
  })
})
