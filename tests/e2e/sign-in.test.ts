// Journey 1: a signed-out visitor asks for a page, signs in (wrongly, then rightly) and lands on it.
import { expect, it } from 'vitest'
import { ADMIN, apiAs, eventually, openSession, screenshot, serverAndBrowser } from './harness'

const e2e = serverAndBrowser()

it('journey 1: signed out → /login?nextUrl=..., a wrong password is said, the right one lands on the page', async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const product = await api<{ id: number }>('POST', '/products/', { article_number: 'ART-1', sku: 'SKU-1' })
  const { page, problems } = await openSession(e2e)

  await page.goto(`/products/${product.id}/stock`)
  await page.waitForURL('**/login?nextUrl=*')
  expect(new URL(page.url()).searchParams.get('nextUrl')).toBe(`/products/${product.id}/stock`)
  expect(await page.title()).toBe('Stockroom - Sign in')

  await page.getByLabel('E-mail').fill(ADMIN.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await eventually(() => page.getByRole('alert').textContent()).toContain('The e-mail address or the password is wrong.')
  expect(new URL(page.url()).pathname).toBe('/login')

  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(`**/products/${product.id}/stock`)
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy()
  // the wanted page itself, not only its address
  await page.getByRole('tab', { name: 'Stock', selected: true }).waitFor()
  await page.getByText('Recent mutations').waitFor()
  await screenshot(page, 'journey-01-sign-in')
  expect(problems.filter((p) => !p.includes('401') && !p.includes('400'))).toEqual([])
})
