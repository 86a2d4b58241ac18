// Roles in the browser: a clerk of Rotterdam on a phone and a viewer at a desk, in English and Dutch. Each sees the
// screens their permissions open and no others; what the server refuses them is said in their language, naming the
// right it takes and where, and books nothing; what they may not do is not offered.
import { describe, expect, it } from 'vitest'
import { locationCode } from '../../src/contract'
import { ADMIN, apiAs, device, eventually, scan, screenshot, serverAndBrowser, unexpectedProblems } from './harness'

const e2e = serverAndBrowser()

const TEXT = {
  en: {
    amount: 'Amount',
    close: 'Close',
    edit: 'Edit',
    addProduct: 'Add product',
    openMenu: 'Open menu',
    booked: (where: string) => `Booked +5 at ${where}.`,
    refusedIn: (warehouse: string) => `You may not do this in ${warehouse}: it takes the right to book stock there. Ask an administrator.`,
  },
  nl: {
    amount: 'Aantal',
    close: 'Sluiten',
    edit: 'Bewerken',
    addProduct: 'Product toevoegen',
    openMenu: 'Menu openen',
    booked: (where: string) => `+5 geboekt op ${where}.`,
    refusedIn: (warehouse: string) =>
      `U mag dit niet doen in ${warehouse}: daarvoor is daar het recht nodig om voorraad te boeken. Vraag het een beheerder.`,
  },
}

type Language = keyof typeof TEXT
/** a busy phone delivers a scanner's keys 11 to 100 ms apart */
const BUSY_PHONE = [11, 75, 40, 100, 23, 98, 64]

/** Two warehouses with a location each, a product, and a user holding `role` in the first. */
async function arrange(language: Language, role: 'clerk' | 'viewer') {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const tag = `${role}-${language}`
  const rotterdam = await api<{ id: number }>('POST', '/warehouses/', { warehouse_name: `Rotterdam ${tag}` })
  const berlin = await api<{ id: number }>('POST', '/warehouses/', { warehouse_name: `Berlin ${tag}` })
  const inRotterdam = await api<{ id: number; warehouse_id: number }>('POST', `/warehouses/${rotterdam.id}/locations`, {
    location_name: 'R-1',
  })
  const inBerlin = await api<{ id: number }>('POST', `/warehouses/${berlin.id}/locations`, { location_name: 'B-1' })
  const product = await api<{ id: number }>('POST', '/products/', { article_number: `ROLE-${tag}`, description: 'Guarded lamp' })
  const email = `${tag}@example.com`
  const user = await api<{ id: number }>('POST', '/users/', { email, username: tag, password: 'role-password-1' })
  await api('PUT', `/users/${user.id}/roles`, [{ role, warehouse_id: rotterdam.id }])
  return { api, product, inRotterdam, inBerlin, email, names: { rotterdam: `Rotterdam ${tag}`, berlin: `Berlin ${tag}` } }
}

describe.each(['en', 'nl'] as const)('in %s', (language) => {
  const text = TEXT[language]

  it('a clerk of Rotterdam on a phone sees no Import or Users, books in Rotterdam and is told why not in Berlin', async () => {
    const { api, product, inRotterdam, inBerlin, email, names } = await arrange(language, 'clerk')
    const { context, page, problems } = await device(e2e, language, true)
    await page.goto('/login')
    await page.getByLabel('E-mail').fill(email)
    await page.locator('input[type="password"]').fill('role-password-1')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))

    await page.getByRole('button', { name: text.openMenu }).click()
    const drawer = page.getByRole('menu').last()
    await drawer.locator('a[href="/stock_counts"]').waitFor()
    expect(await drawer.locator('a[href="/imports"], a[href="/users"], a[href="/audit"]').count()).toBe(0)
    await screenshot(page, `roles-clerk-menu-${language}`)
    await page.keyboard.press('Escape')

    await page.goto(`/products/${product.id}/stock`)
    const amount = page.getByRole('textbox', { name: text.amount })
    await amount.waitFor()
    await eventually(() => amount.isEnabled()).toBe(true)
    // Berlin: refused, in the clerk's language, naming the right and the warehouse
    await amount.focus()
    await scan(page, locationCode(inBerlin.id), BUSY_PHONE)
    await eventually(() => page.getByRole('combobox', { name: language === 'en' ? 'Location' : 'Locatie' }).inputValue()).toBe('B-1')
    await amount.fill('5')
    await amount.press('Enter')
    await page.getByText(text.refusedIn(names.berlin)).waitFor()
    await screenshot(page, `roles-clerk-refused-${language}`, { fullPage: false })
    expect(await api<unknown[]>('GET', `/products/${product.id}/stock_mutations`)).toEqual([])

    // Rotterdam: booked
    await amount.focus()
    await scan(page, locationCode(inRotterdam.id), BUSY_PHONE)
    await eventually(() => page.getByRole('combobox', { name: language === 'en' ? 'Location' : 'Locatie' }).inputValue()).toBe('R-1')
    await amount.fill('5')
    await amount.press('Enter')
    await page.getByText(text.booked(`${names.rotterdam} / R-1`)).waitFor()
    expect((await api<{ amount: number }[]>('GET', `/products/${product.id}/stock_mutations`)).map((m) => m.amount)).toEqual([5])
    await screenshot(page, `roles-clerk-stock-${language}`)

    // the catalogue is read, not changed: no Add product in the list, no Edit or Remove on the product
    await page.goto(`/products/${product.id}`)
    await page.getByRole('link', { name: text.close }).waitFor()
    expect(await page.getByRole('link', { name: text.edit }).count()).toBe(0)
    await screenshot(page, `roles-clerk-product-${language}`)
    await page.goto('/products')
    await page.getByText(`ROLE-clerk-${language}`).first().waitFor()
    expect(await page.getByRole('button', { name: text.addProduct }).count()).toBe(0)
    await screenshot(page, `roles-clerk-products-${language}`)
    expect(unexpectedProblems(problems, /status of 403/)).toEqual([])
    await context.close()
  })

  it('a viewer at a desk sees no Import, and the stock tab shows the levels without a booking form', async () => {
    const { api, product, inRotterdam, email, names } = await arrange(language, 'viewer')
    await api('POST', `/products/${product.id}/stock_mutations`, {
      amount: 3,
      warehouse_id: inRotterdam.warehouse_id,
      location_id: inRotterdam.id,
    })
    const { context, page, problems } = await device(e2e, language, false)
    await page.goto('/login')
    await page.getByLabel('E-mail').fill(email)
    await page.locator('input[type="password"]').fill('role-password-1')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    const side = page.getByRole('menu', { name: language === 'en' ? 'Main menu' : 'Hoofdmenu' })
    await side.locator('a[href="/stock_transfers"]').waitFor()
    expect(await side.locator('a[href="/imports"], a[href="/users"], a[href="/audit"]').count()).toBe(0)

    await page.goto(`/products/${product.id}/stock`)
    await eventually(() => page.getByTestId('stock-total').textContent()).toBe('3')
    await page.getByText(names.rotterdam).first().waitFor()
    expect(await page.getByRole('textbox', { name: text.amount }).count()).toBe(0)
    await screenshot(page, `roles-viewer-stock-${language}`)
    expect(unexpectedProblems(problems)).toEqual([])
    await context.close()
  })
})
