// Issue 11: every write's answer 1.5 s late (a busy server, warehouse Wi-Fi), and answers lost on the way back. The browser
// tries again with the same Idempotency-Key, so each user action is carried out exactly once, and the screen shows
// the result as if the first call had been answered.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN, apiAs, openSession, screenshot, serverAndBrowser, signIn, unexpectedProblems } from './harness'
import { startSlowProxy, type SlowProxy } from './slow-proxy'

const e2e = serverAndBrowser()
let proxy: SlowProxy
beforeAll(async () => {
  proxy = await startSlowProxy(e2e.server.url)
})
afterAll(async () => proxy.close())

interface Mutation {
  note: string | null
  amount: number
}

it("books once, adds one product and one seller, with every write's answer 1.5 s late and answers lost", async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const product = await api<{ id: number }>('POST', '/products/', { article_number: 'SLOW-1', sku: 'SLOW-SKU-1' })
  const warehouse = await api<{ id: number }>('POST', '/warehouses/', { warehouse_name: 'Far' })
  await api('POST', `/warehouses/${warehouse.id}/locations`, { location_name: 'F-01' })
  const mutationsWith = async (note: string) =>
    (await api<Mutation[]>('GET', `/products/${product.id}/stock_mutations?limit=100`)).filter((m) => m.note === note)

  // the browser talks to the proxy; the test reads the server directly
  const { context, page, problems } = await openSession({ browser: e2e.browser, server: { ...e2e.server, url: proxy.url } })
  context.setDefaultTimeout(30_000)
  proxy.delay(1500)
  await signIn(page)
  await page.goto(`/products/${product.id}/stock`)
  const amount = page.getByRole('textbox', { name: 'Amount' })
  const note = page.getByRole('textbox', { name: 'Note' })
  const submit = page.getByRole('button', { name: 'Submit' })

  // the first try's answer comes after the browser stopped waiting; the second try gets the booking's answer
  await amount.fill('4')
  await note.fill('Slow Wi-Fi')
  await submit.click()
  await page.getByText('Booked +4 at Far / F-01.').waitFor()
  expect(await amount.inputValue()).toBe('')
  const recent = page.getByRole('table', { name: 'Recent mutations' }).locator('tbody tr')
  await recent.filter({ hasText: 'Slow Wi-Fi' }).waitFor()
  // (react-admin's create posts to the collection with a trailing slash)
  expect(proxy.forwarded.get(`POST /api/products/${product.id}/stock_mutations/`)).toBeGreaterThanOrEqual(2)
  expect(await mutationsWith('Slow Wi-Fi')).toHaveLength(1)

  // no answer comes back at all: the screen says what is true, and pressing Submit again books nothing more
  proxy.silenceWrites(true)
  await amount.fill('2')
  await note.fill('Lost answer')
  await submit.click()
  await page.getByText('Not confirmed yet. Press Submit again: it will not be booked twice.').waitFor()
  expect(await amount.inputValue()).toBe('2')
  await screenshot(page, 'slow-network-not-confirmed')
  expect(await mutationsWith('Lost answer')).toHaveLength(1)
  proxy.silenceWrites(false)
  await submit.click()
  await page.getByText('Booked +2 at Far / F-01.').waitFor()
  await recent.filter({ hasText: 'Lost answer' }).waitFor()
  expect(await mutationsWith('Lost answer')).toHaveLength(1)
  await page.getByTestId('stock-total').filter({ hasText: /^6$/ }).waitFor()

  // Add product: one product, however late the answer
  await page.goto('/products')
  await page.getByRole('button', { name: 'Add product' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add product' })
  await dialog.getByLabel('SKU').fill('SLOW-SKU-2')
  await dialog.getByLabel('Article number').fill('SLOW-2')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Product SLOW-2 is added.').waitFor()
  expect((await api<{ total: number }>('GET', '/products/?sku=SLOW-SKU-2')).total).toBe(1)
  await dialog.getByRole('button', { name: 'Close' }).click()

  // a double click on Add seller makes one entry
  await page.goto(`/products/${product.id}/sellers`)
  const addSeller = page.getByRole('button', { name: 'Add seller' })
  await addSeller.dblclick()
  await page.getByRole('region', { name: 'Seller 1' }).waitFor()
  await expect.poll(() => addSeller.isEnabled(), { timeout: 30_000 }).toBe(true)
  expect((await api<{ sellers_info: unknown[] }>('GET', `/products/${product.id}`)).sellers_info).toHaveLength(1)
  await screenshot(page, 'slow-network-one-seller')
  expect(unexpectedProblems(problems, /status of 409 \(Conflict\)/)).toEqual([])
}, 180_000)
