// The front end's budget: Chromium opens the sign-in page of the built app (dist/, built by the global setup) and
// every script it loads before the form is ready, gzipped, must stay under budget; the other screens' code must
// stay behind their routes.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { FIRST_SCREEN_BUDGET, gzipped } from '../../bench/first-screen'
import { openSession, serverAndBrowser } from './harness'

const e2e = serverAndBrowser()

it(`loads the sign-in screen with under ${FIRST_SCREEN_BUDGET / 1000} kB of JavaScript gzipped, the other screens' code left for later`, async () => {
  const { page } = await openSession(e2e)
  const scripts = new Map<string, number>()
  const reading: Promise<void>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    reading.push(response.body().then((body) => void scripts.set(new URL(response.url()).pathname, gzipped(body))))
  })
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign in' }).waitFor()
  await page.waitForLoadState('networkidle')
  await Promise.all(reading)

  const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0)
  const listing = [...scripts].map(([name, bytes]) => `${name} ${(bytes / 1000).toFixed(1)} kB`).join('\n')
  expect(total, `scripts loaded for the sign-in screen:\n${listing}`).toBeLessThan(FIRST_SCREEN_BUDGET)
  expect(total).toBeGreaterThan(0)

  // the rest of the app is there, split into chunks the sign-in screen did not load
  const built = fs.readdirSync(path.resolve(import.meta.dirname, '../../dist/assets')).filter((name) => name.endsWith('.js'))
  const notLoaded = built.filter((name) => !scripts.has(`/assets/${name}`))
  expect(notLoaded.length).toBeGreaterThan(5)
  expect(notLoaded.some((name) => name.startsWith('ProductList'))).toBe(true)
})
