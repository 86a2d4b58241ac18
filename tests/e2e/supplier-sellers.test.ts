// Journey 4: a product's supplier tab and sellers tab, saved and still there after a reload.
import { expect, it } from 'vitest'
import { ADMIN, apiAs, createInPicker, eventually, openSession, screenshot, signIn, serverAndBrowser, unexpectedProblems } from './harness'

const e2e = serverAndBrowser()

it('journey 4: supplier, MOQ, price and currency; two sellers (one created in the picker), one deleted; a reload shows what was saved', async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const product = await api<{ id: number }>('POST', '/products/', { article_number: 'SELL-1', sku: 'SE-1' })
  await api('POST', '/suppliers/', { org_name: 'Supplies Ltd' })
  await api('POST', '/sellers/', { org_name: 'Shop A' })
  const { page, problems } = await openSession(e2e)
  await signIn(page)

  // supplier tab
  await page.goto(`/products/${product.id}/supplier`)
  const supplier = page.getByRole('combobox', { name: 'Supplier' })
  await supplier.click()
  await page.getByRole('option', { name: 'Supplies Ltd' }).click()
  await eventually(() => supplier.inputValue()).toBe('Supplies Ltd')
  await page.getByRole('spinbutton', { name: 'Minimum order quantity' }).fill('12')
  await page.getByRole('spinbutton', { name: 'Purchase price' }).fill('4.25')
  await page.getByRole('combobox', { name: 'Currency' }).click()
  await page.getByRole('option', { name: 'GBP' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('The supplier data is saved.').waitFor()

  // sellers tab: one existing seller, one created in the picker
  await page.getByRole('tab', { name: 'Sellers' }).click()
  await page.waitForURL(`**/products/${product.id}/sellers`)
  await page.getByText('No sellers yet.').waitFor()
  await page.getByRole('button', { name: 'Add seller' }).click()
  const first = page.getByRole('region', { name: 'Seller 1' })
  await first.getByRole('combobox', { name: 'Seller' }).click()
  await page.getByRole('option', { name: 'Shop A' }).click()
  await first.getByRole('spinbutton', { name: 'Selling price' }).fill('9.99')
  await first.getByRole('combobox', { name: 'Currency' }).click()
  await page.getByRole('option', { name: 'EUR' }).click()
  await first.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('region', { name: 'Shop A' }).waitFor()

  await page.getByRole('button', { name: 'Add seller' }).click()
  const second = page.getByRole('region', { name: 'Seller 2' })
  await createInPicker(second, 'seller', 'Shop B')
  await second.getByRole('spinbutton', { name: 'Selling price' }).fill('11.50')
  await second.getByRole('combobox', { name: 'Currency' }).click()
  await page.getByRole('option', { name: 'USD' }).click()
  await second.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('region', { name: 'Shop B' }).waitFor()
  expect(await page.getByRole('region').count()).toBe(2)

  // delete Shop A, with its confirmation
  await page.getByRole('button', { name: 'Delete Shop A' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Shop A?' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('region', { name: 'Shop A' }).waitFor({ state: 'detached' })

  // a reload reads everything from the server again
  await page.reload()
  const shopB = page.getByRole('region', { name: 'Shop B' })
  await shopB.waitFor()
  expect(await page.getByRole('region').count()).toBe(1)
  expect(await shopB.getByRole('combobox', { name: 'Seller' }).inputValue()).toBe('Shop B')
  expect(await shopB.getByRole('spinbutton', { name: 'Selling price' }).inputValue()).toBe('11.5')
  expect(await shopB.getByRole('combobox', { name: 'Currency' }).textContent()).toBe('USD')
  // the seller made in the picker is an organization with the seller role
  await page.getByRole('menuitem', { name: 'Organizations' }).click()
  const shopBCard = page.getByRole('article', { name: 'Shop B' })
  expect(await shopBCard.getByRole('checkbox', { name: 'Seller' }).isChecked()).toBe(true)
  await page.goBack()
  await shopB.waitFor()
  await screenshot(page, 'journey-04-sellers')

  await page.getByRole('tab', { name: 'Supplier' }).click()
  await eventually(() => page.getByRole('combobox', { name: 'Supplier' }).inputValue()).toBe('Supplies Ltd')
  expect(await page.getByRole('spinbutton', { name: 'Minimum order quantity' }).inputValue()).toBe('12')
  expect(await page.getByRole('spinbutton', { name: 'Purchase price' }).inputValue()).toBe('4.25')
  expect(await page.getByRole('combobox', { name: 'Currency' }).textContent()).toBe('GBP')
  await screenshot(page, 'journey-04-supplier')
  expect(unexpectedProblems(problems)).toEqual([])
})
