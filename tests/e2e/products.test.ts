// Journeys 2 and 5: the products list (Add product modal, filters, sort cycle, paging) and editing, reading and
// removing one product.
import { expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ADMIN, apiAs, createInPicker, eventually, openSession, screenshot, signIn, serverAndBrowser, unexpectedProblems } from './harness'

const e2e = serverAndBrowser()

/** The article numbers of the rows on screen, top to bottom. */
const articleNumbers = (page: Page) => page.locator('tbody td.column-article_number').allTextContents()
const productCount = (page: Page) => page.getByText(/^# Products: \d+$/).textContent()

it('journey 2: products list — add with new brand and supplier, filter, clear, sort cycle, page size and pages', async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const alpha = await api<{ id: number }>('POST', '/brands/', { brand_name: 'Alpha' })
  // created in reverse article order, so the default sort (created_at) differs from the article number sort
  for (let n = 11; n >= 1; n--) {
    const code = String(n).padStart(3, '0')
    await api('POST', '/products/', { article_number: `ART-${code}`, sku: `SKU-${code}`, brand_id: alpha.id })
  }
  const { page, problems } = await openSession(e2e)
  await signIn(page)
  await page.goto('/products')
  await eventually(() => productCount(page)).toBe('# Products: 11')
  expect(await page.title()).toBe('Stockroom - Products')

  // Add product: a new brand and a new supplier made in the pickers, then saved
  await page.getByRole('button', { name: 'Add product' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add product' })
  await dialog.getByLabel('SKU').fill('NEW-1')
  await dialog.getByLabel('Article number').fill('ART-100')
  await dialog.getByLabel('Description').fill('First product of Zeta')
  await createInPicker(dialog, 'brand', 'Zeta')
  await createInPicker(dialog, 'supplier', 'Supplier One')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Product ART-100 is added.').waitFor()
  // the modal stays for the next product: article number and brand kept, the rest cleared
  await eventually(() => dialog.getByLabel('SKU').inputValue()).toBe('')
  expect(await dialog.getByLabel('Article number').inputValue()).toBe('ART-100')
  expect(await dialog.getByRole('combobox', { name: 'Brand' }).inputValue()).toBe('Zeta')
  expect(await dialog.getByRole('combobox', { name: 'Supplier' }).inputValue()).toBe('')
  await screenshot(page, 'journey-02-add-product-kept-fields')
  await dialog.getByLabel('SKU').fill('NEW-2')
  await dialog.getByLabel('Article number').fill('ART-101')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Product ART-101 is added.').waitFor()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'hidden' })
  // new products come first on the page
  await eventually(() => articleNumbers(page).then((rows) => rows.slice(0, 2))).toEqual(['ART-101', 'ART-100'])
  await eventually(() => productCount(page)).toBe('# Products: 13')

  // filter by SKU with Enter, then clear it
  const sku = page.getByRole('search').getByRole('textbox', { name: 'SKU' })
  await sku.fill('NEW')
  await sku.press('Enter')
  await eventually(() => articleNumbers(page)).toEqual(['ART-100', 'ART-101'])
  expect(await productCount(page)).toBe('# Products: 2')
  await page.getByRole('button', { name: 'Clear SKU' }).click()
  await eventually(() => productCount(page)).toBe('# Products: 13')
  expect(await sku.inputValue()).toBe('')

  // filter by brand, then All
  await page.getByRole('search').getByRole('combobox', { name: 'Brand' }).click()
  await page.getByRole('option', { name: 'Zeta' }).click()
  await eventually(() => productCount(page)).toBe('# Products: 2')
  expect(await articleNumbers(page)).toEqual(['ART-100', 'ART-101'])
  await page.getByRole('search').getByRole('combobox', { name: 'Brand' }).click()
  await page.getByRole('option', { name: 'All' }).click()
  await eventually(() => productCount(page)).toBe('# Products: 13')

  // the list opens by article number ascending; the header cycles descending, back to created_at, ascending
  const firstTen = ['ART-001', 'ART-002', 'ART-003', 'ART-004', 'ART-005', 'ART-006', 'ART-007', 'ART-008', 'ART-009', 'ART-010']
  await eventually(() => articleNumbers(page)).toEqual(firstTen)
  const articleHeader = page.getByRole('columnheader', { name: 'Article number' })
  await articleHeader.click()
  await eventually(() => articleNumbers(page).then((rows) => rows.slice(0, 3))).toEqual(['ART-101', 'ART-100', 'ART-011'])
  await articleHeader.click()
  await eventually(() => articleNumbers(page).then((rows) => rows.slice(0, 3))).toEqual(['ART-011', 'ART-010', 'ART-009'])
  await articleHeader.click()
  await eventually(() => articleNumbers(page)).toEqual(firstTen)
  expect(await productCount(page)).toBe('# Products: 13')

  // page 2 and back
  await page.getByRole('button', { name: 'Go to page 2' }).click()
  await eventually(() => articleNumbers(page)).toEqual(['ART-011', 'ART-100', 'ART-101'])
  expect(await productCount(page)).toBe('# Products: 13')
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
  await page.getByRole('button', { name: 'Previous' }).click()
  await eventually(() => articleNumbers(page)).toEqual(firstTen)
  expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true)

  // a larger page shows all 13 on one page
  await page.getByRole('combobox', { name: 'Per page' }).click()
  await page.getByRole('option', { name: '25' }).click()
  await eventually(() => articleNumbers(page)).toEqual([...firstTen, 'ART-011', 'ART-100', 'ART-101'])
  expect(await productCount(page)).toBe('# Products: 13')
  expect(await page.getByRole('button', { name: 'Go to page 2' }).count()).toBe(0)

  await screenshot(page, 'journey-02-products-list')
  expect(unexpectedProblems(problems)).toEqual([])
})

it('journey 5: edit a product, the detail shows it with its EAN-13 barcode or a readable message, then remove it', async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const product = await api<{ id: number }>('POST', '/products/', { article_number: 'EDIT-1', sku: 'ED-1', description: 'Before' })
  const { page, problems } = await openSession(e2e)
  await signIn(page)
  await page.goto(`/products/${product.id}`)
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await page.waitForURL(`**/products/${product.id}/edit`)

  await page.getByLabel('Short description').fill('Blue kettle, 1.7 litre')
  await page.getByLabel('ASIN').fill('B00TEST123')
  await page.getByLabel('Barcode').fill('4006381333931')
  await createInPicker(page, 'brand', 'Kettleworks')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.waitForURL((url) => url.pathname === `/products/${product.id}`)
  await page.getByText('Product EDIT-1 is saved.').waitFor()

  const details = page.locator('dl')
  await eventually(() => details.textContent()).toContain('Blue kettle, 1.7 litre')
  expect(await details.textContent()).toContain('Kettleworks')
  expect(await details.textContent()).toContain('B00TEST123')
  const barcode = page.getByRole('img', { name: 'EAN-13 barcode 4006381333931' })
  await barcode.waitFor()
  // jsbarcode drew the bars and the digits
  expect(await barcode.locator('rect').count()).toBeGreaterThan(10)
  expect(await barcode.textContent()).toContain('400638')
  await screenshot(page, 'journey-05-barcode')

  // an invalid check digit: the form refuses it before saving
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await page.getByLabel('Barcode').fill('4006381333932')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Barcode "4006381333932" is no EAN-8, UPC-A or EAN-13: its length or check digit is wrong.').waitFor()
  expect(new URL(page.url()).pathname).toBe(`/products/${product.id}/edit`)
  // one that came another way (the API, an old import): a sentence instead of a barcode, and the page still works
  await api('PATCH', `/products/${product.id}`, { barcode: '4006381333932' })
  await page.goto(`/products/${product.id}`)
  await page.getByText("'4006381333932' is not a valid EAN-13 barcode").waitFor()
  expect(await page.getByRole('img', { name: /EAN-13 barcode/ }).count()).toBe(0)
  await screenshot(page, 'journey-05-invalid-barcode')

  // remove, with its confirmation
  await page.getByRole('button', { name: 'Remove' }).click()
  const confirm = page.getByRole('dialog', { name: 'Remove product?' })
  await confirm.getByText('Please confirm you want to remove this product.').waitFor()
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await page.waitForURL((url) => url.pathname === '/products')
  await page.getByText('Product EDIT-1 was removed.').waitFor()
  await eventually(() => page.locator('tbody td.column-article_number').allTextContents()).not.toContain('EDIT-1')
  await page.goto(`/products/${product.id}`)
  await page.getByText(`Product ${product.id} does not exist: it may have been removed.`).waitFor()
  await screenshot(page, 'journey-05-product-removed')
  // the last visit asked for the removed product on purpose
  expect(unexpectedProblems(problems, /status of 404/)).toEqual([])
})
