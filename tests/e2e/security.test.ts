// The built SPA runs under the server's content security policy: signed in, on every screen, no violation is
// reported (and a control shows that one would be); the server's log holds neither the password nor the token.
import { expect, it } from 'vitest'
import { ADMIN, apiAs, openSession, signIn, serverAndBrowser } from './harness'

const e2e = serverAndBrowser()

interface Violation {
  directive: string
  blocked: string
  page: string
}

it('runs every screen of the signed-in admin without a content security policy violation', async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const brand = await api<{ id: number }>('POST', '/brands/', { brand_name: 'Policy Brand' })
  const warehouse = await api<{ id: number }>('POST', '/warehouses/', { warehouse_name: 'Policy WH' })
  const location = await api<{ id: number }>('POST', `/warehouses/${warehouse.id}/locations`, { location_name: 'P-1' })
  // an image on another site, as product images are (the host never resolves: a network error, not a policy one)
  const product = await api<{ id: number }>('POST', '/products/', {
    sku: 'CSP-1',
    article_number: 'CSP-ART',
    brand_id: brand.id,
    image_url: 'https://images.invalid/csp.png',
  })
  await api('POST', `/products/${product.id}/stock_mutations`, { amount: 4, warehouse_id: warehouse.id, location_id: location.id })
  await api('POST', `/products/${product.id}/sellers`, {})

  const { context, page, problems } = await openSession(e2e)
  const violations: Violation[] = []
  await context.exposeBinding('reportViolation', (_source, violation: Violation) => violations.push(violation))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(v: unknown): void }).reportViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        page: window.location.pathname,
      }),
    )
  })

  const first = await page.goto('/login')
  const policy = first?.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("script-src 'self'")
  expect(policy).toContain("default-src 'self'")
  await signIn(page)

  const screens = [
    '/products',
    `/products/${product.id}`,
    `/products/${product.id}/stock`,
    `/products/${product.id}/supplier`,
    `/products/${product.id}/sellers`,
    `/products/${product.id}/edit`,
    '/brands',
    '/orgs',
    '/warehouses',
    '/users',
    '/me',
  ]
  for (const screen of screens) {
    await page.goto(screen)
    await page.waitForLoadState('networkidle')
    expect(new URL(page.url()).pathname, `${screen} stayed signed in`).not.toBe('/login')
    await page.locator('#main-content, main').first().waitFor()
  }
  // the pages a mailed link opens, signed out
  await page.evaluate(() => localStorage.clear())
  for (const screen of ['/password/not-a-real-token', '/verify/not-a-real-token']) {
    await page.goto(screen)
    await page.waitForLoadState('networkidle')
  }

  expect(violations).toEqual([])
  const unexpected = problems.filter(
    (problem) =>
      // the product image's host does not exist; the made-up verification token is refused with a 400
      !/Failed to load resource: net::ERR_NAME_NOT_RESOLVED/.test(problem) && !/status of 400/.test(problem),
  )
  expect(unexpected).toEqual([])

  // control: the listener does see what the policy blocks, here an inline script
  const ran = await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.inlineScriptRan = true'
    document.head.appendChild(script)
    return (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan ?? false
  })
  expect(ran).toBe(false)
  await expect.poll(() => violations.map((v) => v.directive)).toContain('script-src-elem')
})

it('keeps the password and the access token out of the server log', async () => {
  const { page } = await openSession(e2e)
  await signIn(page)
  await page.goto('/products')
  await page.waitForLoadState('networkidle')
  const token = await page.evaluate(() => localStorage.getItem('jwt'))
  expect(token).toBeTruthy()
  expect(e2e.server.logs.length).toBeGreaterThan(10)
  for (const line of e2e.server.logs) {
    expect(line).not.toContain(ADMIN.password)
    expect(line).not.toContain(token!)
    expect(line).not.toMatch(/bearer /i)
  }
})
