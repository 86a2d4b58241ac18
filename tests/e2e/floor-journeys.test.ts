// The warehouse floor, as a clerk does it on a phone (390 x 844, touch) with a hand-held scanner and no mouse: sign in,
// scan a product anywhere to open it, scan a location on the stock tab, book, sign out from the drawer; in English and
// Dutch. Then labels: printed from the product tab, the list's selection and a warehouse, each PDF read back with the
// camera path's decoder.
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { LABEL_LAYOUTS, locationCode } from '../../src/contract'
import { decodeLabels, pdfInfo } from '../support/barcodes'
import { ADMIN, apiAs, device, eventually, scan, screenshot, serverAndBrowser, unexpectedProblems } from './harness'

const e2e = serverAndBrowser()

const TEXT = {
  en: {
    signIn: 'Sign in',
    stockTab: 'Stock',
    amount: 'Amount',
    note: 'Note',
    openMenu: 'Open menu',
    signOut: 'Sign out',
    printLabel: 'Print label',
    download: 'Download PDF',
    roll: 'Roll, 62 x 29 mm',
    copies: 'Copies of each',
    booked: (where: string) => `Booked +5 at ${where}.`,
    brokenBarcode: '0000079328 is no whole EAN or UPC (its length or check digit is wrong): scan it again.',
    largeTitle: 'Book +469?',
    cancel: 'Cancel',
  },
  nl: {
    signIn: 'Inloggen',
    stockTab: 'Voorraad',
    amount: 'Aantal',
    note: 'Notitie',
    openMenu: 'Menu openen',
    signOut: 'Uitloggen',
    printLabel: 'Etiket afdrukken',
    download: 'PDF downloaden',
    roll: 'Rol, 62 x 29 mm',
    copies: 'Exemplaren van elk',
    booked: (where: string) => `+5 geboekt op ${where}.`,
    brokenBarcode: '0000079328 is geen volledige EAN of UPC (de lengte of het controlecijfer klopt niet): scan opnieuw.',
    largeTitle: '+469 boeken?',
    cancel: 'Annuleren',
  },
}

/** Reads a download's PDF. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  return fs.readFileSync(await download.path())
}

describe.each(['en', 'nl'] as const)('in %s, a clerk with a phone and a scanner', (language) => {
  const text = TEXT[language]

  it('finds a product, books a mutation and signs out without a mouse', async () => {
    const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
    const barcode = language === 'en' ? '4006381333931' : '5012345678900'
    const product = await api<{ id: number }>('POST', '/products/', {
      article_number: `SCAN-${language}`,
      barcode,
      description: 'Scanned kettle',
    })
    const warehouse = await api<{ id: number }>('POST', '/warehouses/', { warehouse_name: `Hall ${language}` })
    const locations: { id: number; location_name: string }[] = []
    for (const name of ['A-01', 'A-02', 'B-07'])
      locations.push(await api('POST', `/warehouses/${warehouse.id}/locations`, { location_name: name }))
    // a second warehouse is chosen first, so the scan has to choose the warehouse too
    await api('POST', '/warehouses/', { warehouse_name: `Annex ${language}` })
    const target = locations[2]

    const { context, page, problems } = await device(e2e, language)
    await page.goto('/login')
    await page.getByLabel('E-mail').focus()
    await page.keyboard.type(ADMIN.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(ADMIN.password)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))

    // a scan on another screen opens the product
    await page.goto('/warehouses')
    await page.getByRole('button', { name: new RegExp(`^(Locations of|Locaties van) Hall ${language}`) }).waitFor()
    await scan(page, barcode)
    await page.waitForURL(`**/products/${product.id}`)

    // in the products list a scan filters it, but not a cut-off EAN; the product opens from the keyboard
    await page.goto('/products')
    await page.getByRole('link', { name: /SCAN-/ }).first().waitFor()
    await scan(page, '0000079328')
    await page.getByText(text.brokenBarcode).waitFor()
    expect(new URL(page.url()).searchParams.get('filter') ?? '').not.toContain('0000079328')
    await scan(page, barcode)
    await eventually(() => page.getByRole('link', { name: /SCAN-/ }).count()).toBe(1)
    await page.getByText(`Barcode ${barcode}`).waitFor()
    await page.getByRole('link', { name: new RegExp(`SCAN-${language}`) }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/products/${product.id}`)
    await page.getByRole('tab', { name: text.stockTab }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/products/${product.id}/stock`)

    // with the cursor in the amount, a scanned location code chooses it and its warehouse; the amount stays empty
    const amount = page.getByRole('textbox', { name: text.amount })
    await eventually(() => page.getByRole('combobox', { name: language === 'en' ? 'Warehouse' : 'Magazijn' }).isEnabled()).toBe(true)
    await amount.focus()
    await scan(page, locationCode(target.id))
    await eventually(() => page.getByRole('combobox', { name: language === 'en' ? 'Location' : 'Locatie' }).inputValue()).toBe('B-07')
    expect(
      await page
        .getByRole('combobox', { name: language === 'en' ? 'Warehouse' : 'Magazijn' })
        .locator('option:checked')
        .textContent(),
    ).toBe(`Hall ${language}`)
    expect(await amount.inputValue()).toBe('')
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode'))).toBe('numeric')
    // a person's pace, 80 ms a key: typed this fast a note with Enter would be taken for a scan
    await page.keyboard.type('5', { delay: 80 })
    await page.keyboard.press('Tab')
    await page.keyboard.type('Scanned in', { delay: 80 })
    await page.keyboard.press('Enter')
    await page.getByText(text.booked(`Hall ${language} / B-07`)).waitFor()
    await eventually(() => page.getByTestId('stock-total').textContent()).toBe('5')
    await screenshot(page, `floor-journey-booked-${language}`)

    // after a booking the cursor waits in Location for the next label; a busy phone delivers its keys up to 100 ms
    // apart, and the scan still books nothing, even with the cursor put back in Amount
    const location = page.getByRole('combobox', { name: language === 'en' ? 'Location' : 'Locatie' })
    await eventually(() => location.evaluate((element) => element === document.activeElement)).toBe(true)
    await scan(page, locationCode(locations[0].id), [11, 75, 40, 100, 23, 98, 64])
    await eventually(() => location.inputValue()).toBe('A-01')
    await amount.focus()
    await scan(page, locationCode(locations[1].id), [98, 11, 100, 75, 40, 23, 64])
    await eventually(() => location.inputValue()).toBe('A-02')
    expect(await amount.inputValue()).toBe('')
    const booked = await api<{ amount: number }[]>('GET', `/products/${product.id}/stock_mutations`)
    expect(booked.map((mutation) => mutation.amount)).toEqual([5])

    // 469 at a location holding nothing asks first; Cancel books nothing
    await amount.focus()
    await page.keyboard.type('469', { delay: 80 })
    await page.keyboard.press('Enter')
    const question = page.getByRole('dialog', { name: text.largeTitle })
    await question.waitFor()
    await screenshot(page, `floor-journey-large-amount-${language}`, { fullPage: false })
    await question.getByRole('button', { name: text.cancel }).click()
    await question.waitFor({ state: 'hidden' })
    expect((await api<unknown[]>('GET', `/products/${product.id}/stock_mutations`)).length).toBe(1)

    // sign out from the drawer
    await page.getByRole('button', { name: text.openMenu }).focus()
    await page.keyboard.press('Enter')
    const signOut = page.getByRole('menuitem', { name: text.signOut })
    await signOut.waitFor()
    await screenshot(page, `floor-journey-drawer-${language}`)
    await signOut.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByRole('button', { name: text.signIn }).waitFor()
    expect(unexpectedProblems(problems)).toEqual([])
    await context.close()
  })

  it('prints the product label from the product tab: preview, PDF, barcode read back', async () => {
    const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
    const product = await api<{ id: number }>('POST', '/products/', {
      article_number: `LABEL-${language}`,
      sku: 'LB-1',
      description: 'Label me',
      barcode: '8712345678906',
    })
    const { context, page, problems } = await device(e2e, language)
    await context.addInitScript(
      ([jwt, user]) => {
        localStorage.setItem('jwt', jwt)
        localStorage.setItem('user', user)
      },
      [await tokenOf(), JSON.stringify({ id: 1, is_superuser: true })] as const,
    )
    await page.goto(`/products/${product.id}`)
    await page.getByRole('button', { name: text.printLabel }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('radio', { name: text.roll }).check()
    await dialog.getByRole('spinbutton', { name: text.copies }).fill('2')
    await eventually(() => dialog.getByTestId('label-preview').count()).toBe(2)
    await screenshot(page, `floor-labels-preview-phone-${language}`)
    const pdf = await downloaded(page, () => dialog.getByRole('button', { name: text.download }).click())
    expect(pdfInfo(pdf)).toMatchObject({ pages: 2 })
    const labels = await decodeLabels(pdf, LABEL_LAYOUTS['roll-62x29'])
    expect(labels.map((slots) => slots.map((slot) => slot.map((code) => code.rawValue)))).toEqual([
      [['8712345678906']],
      [['8712345678906']],
    ])
    expect(unexpectedProblems(problems)).toEqual([])
    await context.close()
  })
})

async function tokenOf() {
  const login = await fetch(`${e2e.server.url}/api/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  })
  return ((await login.json()) as { access_token: string }).access_token
}

it("prints labels of a selection in the products list and of a warehouse's locations", async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const first = await api<{ id: number }>('POST', '/products/', { article_number: 'SEL-1', barcode: '4006381333931' })
  const second = await api<{ id: number }>('POST', '/products/', { article_number: 'SEL-2', barcode: 'ACME-77' })
  const warehouse = await api<{ id: number }>('POST', '/warehouses/', { warehouse_name: 'Label hall' })
  const codes: string[] = []
  for (const name of ['R-1', 'R-2', 'R-3'])
    codes.push((await api<{ code: string }>('POST', `/warehouses/${warehouse.id}/locations`, { location_name: name })).code)

  const { context, page, problems } = await device(e2e, 'en', false)
  await context.addInitScript(
    ([jwt, user]) => {
      localStorage.setItem('jwt', jwt)
      localStorage.setItem('user', user)
    },
    [await tokenOf(), JSON.stringify({ id: 1, is_superuser: true })] as const,
  )
  await page.goto('/products')
  for (const name of ['SEL-1', 'SEL-2'])
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('checkbox')
      .check()
  await page.getByRole('button', { name: 'Print labels' }).click()
  const dialog = page.getByRole('dialog', { name: 'Print 2 labels' })
  await eventually(() => dialog.getByTestId('label-preview').count()).toBe(2)
  await screenshot(page, 'floor-labels-preview-selection')
  const sheet = await downloaded(page, () => dialog.getByRole('button', { name: 'Download PDF' }).click())
  const [slots] = await decodeLabels(sheet, LABEL_LAYOUTS['a4-3x8'], 200)
  expect(slots.slice(0, 3).map((slot) => slot.map((code) => code.rawValue))).toEqual([['4006381333931'], ['ACME-77'], []])
  await dialog.getByRole('button', { name: 'Close' }).click()
  // in the desktop table the article number is a real link: the keyboard opens the product from it
  await page.getByRole('link', { name: 'SEL-2', exact: true }).focus()
  await page.keyboard.press('Enter')
  await page.waitForURL(`**/products/${second.id}`)
  expect(first.id).toBeGreaterThan(0)

  await page.goto('/warehouses')
  await page.getByRole('button', { name: 'Locations of Label hall: 3' }).click()
  await page.getByRole('textbox', { name: 'Find a location' }).fill('R-2')
  await eventually(() => page.getByText(/^Code L\d+$/).allTextContents()).toEqual([`Code ${codes[1]}`])
  await page.getByRole('textbox', { name: 'Find a location' }).fill('')
  await screenshot(page, 'floor-warehouse-locations')
  await page.getByRole('button', { name: 'Print labels' }).click()
  const locations = page.getByRole('dialog', { name: 'Print 3 labels' })
  await eventually(() => locations.getByTestId('label-preview').count()).toBe(3)
  const pdf = await downloaded(page, () => locations.getByRole('button', { name: 'Download PDF' }).click())
  const [page1] = await decodeLabels(pdf, LABEL_LAYOUTS['a4-3x8'], 200)
  expect(page1.slice(0, 3).map((slot) => slot.map((code) => code.rawValue))).toEqual(codes.map((code) => [code]))
  expect(unexpectedProblems(problems)).toEqual([])
  await context.close()
})
