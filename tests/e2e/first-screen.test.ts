// The front end's budget: Chromium opens the sign-in page of the built app (dist/, built by the global setup) and
// everything that crosses the wire before the form is ready (the page, its scripts, styles and API calls, as the
// server sends them: precompressed with brotli) must stay under budget; the other screens' code must stay behind
// their routes.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { FIRST_SCREEN_BUDGET } from '../../bench/first-screen'
import { openSession, serverAndBrowser } from './harness'

const e2e = serverAndBrowser()

it(`loads the sign-in screen with under ${FIRST_SCREEN_BUDGET / 1000} kB on the wire, compressed, the other screens' code left for later`, async () => {
  const { page } = await openSession(e2e)
  /** bytes on the wire (headers and the body as sent) per path, and the encoding each script came in */
  const transferred = new Map<string, number>()
  const scripts = new Map<string, string>()
  const reading: Promise<void>[] = []
  page.on('requestfinished', (request) => {
    const name = new URL(request.url()).pathname
    reading.push(
      request.sizes().then(async (sizes) => {
        transferred.set(name, sizes.responseHeadersSize + sizes.responseBodySize)
        const response = await request.response()
        if (request.resourceType() === 'script') scripts.set(name, (await response?.headerValue('content-encoding')) ?? 'identity')
      }),
    )
  })
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  await page.waitForLoadState('networkidle')
  await Promise.all(reading)

  const total = [...transferred.values()].reduce((sum, bytes) => sum + bytes, 0)
  const listing = [...transferred].map(([name, bytes]) => `${name} ${(bytes / 1000).toFixed(1)} kB`).join('\n')
  expect(total, `bytes on the wire for the sign-in screen:\n${listing}`).toBeLessThan(FIRST_SCREEN_BUDGET)
  expect(scripts.size).toBeGreaterThan(0)
  // the browser asks for brotli, and every script big enough to have a compressed copy comes that way
  const big = [...scripts].filter(([name]) => fs.statSync(path.resolve(import.meta.dirname, '../../dist', `.${name}`)).size > 1024)
  expect(big.length).toBeGreaterThan(0)
  expect(Object.fromEntries(big)).toEqual(Object.fromEntries(big.map(([name]) => [name, 'br'])))

  // the rest of the app is there, split into chunks the sign-in screen did not load
  const built = fs.readdirSync(path.resolve(import.meta.dirname, '../../dist/assets')).filter((name) => name.endsWith('.js'))
  const notLoaded = built.filter((name) => !scripts.has(`/assets/${name}`))
  expect(notLoaded.length).toBeGreaterThan(5)
  expect(notLoaded.some((name) => name.startsWith('ProductList'))).toBe(true)
})
