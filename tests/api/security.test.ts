// What the HTTP layer promises every client: security headers, CORS closed unless CORS_ORIGIN names origins,
// request bodies of at most 1 MB, and only http(s) image URLs in the catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  )
}

describe('security headers', () => {
  it('sends a content security policy that allows no foreign or inline script, no plugins and no framing', async () => {
    for (const res of [
      await server.anonymous.get('/api/health'),
      await server.anonymous.get('/api/nowhere'),
      await server.admin.get('/api/brands/'),
    ]) {
      const csp = directives(res.headers['content-security-policy'])
      expect(csp.get('default-src')).toEqual(["'self'"])
      expect(csp.get('script-src')).toEqual(["'self'"])
      expect(csp.get('script-src-attr')).toEqual(["'none'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('frame-ancestors')).toEqual(["'none'"])
      expect(csp.get('connect-src')).toEqual(["'self'"])
      expect(csp.get('base-uri')).toEqual(["'self'"])
      expect(csp.get('form-action')).toEqual(["'self'"])
      // product images live on other sites, over http(s) only: never javascript: or other schemes
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http:'])
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval/)
    }
  })

  it('forbids sniffing, framing and referrers', async () => {
    const res = await server.anonymous.get('/api/health')
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    })
    expect(res.headers['x-powered-by']).toBeUndefined()
  })
})

describe('CORS', () => {
  const ALLOWED = 'https://admin.example.com'
  const preflight = (target: TestServer, origin: string, method = 'PATCH') =>
    target.app.inject({
      method: 'OPTIONS',
      url: '/api/brands/1',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
    })

  it('is closed by default: no origin gets Access-Control-Allow-Origin, not even in a preflight', async () => {
    for (const origin of [ALLOWED, 'https://evil.example', 'null']) {
      const res = await server.admin.get('/api/brands/', { origin })
      expect(res.statusCode).toBe(200)
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined()
      expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined()
      const pre = await preflight(server, origin)
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined()
      expect(pre.headers['access-control-allow-methods'], origin).toBeUndefined()
    }
  })

  describe('with CORS_ORIGIN', () => {
    let open: TestServer
    beforeAll(async () => {
      open = await startServer({ CORS_ORIGIN: `${ALLOWED}, https://second.example.com` })
    })
    afterAll(() => open.close())

    it('lets the named origins read answers, x-total-count included, and make every call the admin makes', async () => {
      for (const origin of [ALLOWED, 'https://second.example.com']) {
        const res = await open.admin.get('/api/brands/', { origin })
        expect(res.headers['access-control-allow-origin']).toBe(origin)
        expect(String(res.headers['access-control-expose-headers']).split(/,\s*/)).toContain('x-total-count')
        expect(String(res.headers.vary)).toMatch(/Origin/)
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
          const pre = await preflight(open, origin, method)
          expect(pre.statusCode, method).toBe(204)
          expect(pre.headers['access-control-allow-origin'], method).toBe(origin)
          expect(String(pre.headers['access-control-allow-methods']).split(/,\s*/), method).toContain(method)
          expect(String(pre.headers['access-control-allow-headers']).toLowerCase(), method).toContain('authorization')
        }
      }
    })

    it('gives other origins nothing', async () => {
      for (const origin of ['https://evil.example', 'https://admin.example.com.evil.example', 'http://admin.example.com', 'null']) {
        const res = await open.admin.get('/api/brands/', { origin })
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined()
        expect((await preflight(open, origin)).headers['access-control-allow-origin'], origin).toBeUndefined()
      }
    })
  })
})

describe('request bodies over 1 MB', () => {
  const MB = 1024 * 1024

  it('get 413 with a readable detail and change nothing, JSON or form-encoded', async () => {
    const big = await server.admin.post('/api/brands/', { brand_name: 'x'.repeat(MB) })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toEqual({ detail: 'Request body is too large (limit 1 MB)' })
    expect(big.headers['x-total-count']).toBeUndefined()
    expect((await server.admin.get('/api/brands/')).headers['x-total-count']).toBe('0')

    const form = await server.anonymous.post('/api/auth/jwt/login', `username=a%40example.com&password=${'p'.repeat(MB)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(form.statusCode).toBe(413)
  })

  it('are refused by the limit, not by something smaller: a body just under 1 MB is read (and its over-long name refused)', async () => {
    const res = await server.admin.post('/api/brands/', { brand_name: 'x'.repeat(MB - 100) })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail[0].loc).toEqual(['body', 'brand_name'])
  })
})

describe('image URLs', () => {
  const REFUSED = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\u0000script:alert(1)',
    'javascript://example.com/%0Aalert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/a.png',
    '/relative/a.png',
    'https:/one-slash.example',
    'https://',
    'https://example.com/a.png\njavascript:alert(1)',
    'https://example.com/a b.png',
    '\u00a0https://example.com/a.png',
    'https://example.com/\u2028javascript:alert(1)',
  ]

  it('accepts and stores http and https URLs, the scheme in any case', async () => {
    const accepted = [
      'https://example.com/a.png',
      'http://images.example.com/p/1.jpg?size=30',
      'https://example.com/javascript:not-a-scheme.png',
      'HTTPS://EXAMPLE.COM/A.PNG',
      'Http://example.com/b.png',
    ]
    for (const url of accepted) {
      const res = await server.admin.post('/api/products/', { image_url: url })
      expect(res.statusCode, url).toBe(201)
      expect(res.json().image_url).toBe(url)
    }
  })

  it('refuses every other scheme and every whitespace or case trick with a 422 naming image_url, on create and on change', async () => {
    const product = (await server.admin.post('/api/products/', { sku: 'IMAGE-URLS', image_url: 'https://example.com/kept.png' })).json()
    const before = (await server.admin.get('/api/products/?limit=100')).json().total
    for (const url of REFUSED) {
      for (const res of [
        await server.admin.post('/api/products/', { image_url: url }),
        await server.admin.patch(`/api/products/${product.id}`, { image_url: url }),
        await server.admin.put(`/api/products/${product.id}`, { image_url: url }),
      ]) {
        expect(res.statusCode, JSON.stringify(url)).toBe(422)
        expect(
          res.json().detail.map((item: { loc: unknown }) => item.loc),
          JSON.stringify(url),
        ).toContainEqual(['body', 'image_url'])
      }
    }
    expect((await server.admin.get('/api/products/?limit=100')).json().total).toBe(before)
    expect((await server.admin.get(`/api/products/${product.id}`)).json().image_url).toBe('https://example.com/kept.png')
    const stored = await server.database.db.selectFrom('products').select('image_url').where('image_url', 'is not', null).execute()
    for (const { image_url } of stored) expect(image_url).toMatch(/^https?:\/\/\S+$/i)
  })
})
