// Journey 3: the stock tab of a product, from no warehouse at all to a ledger, the totals in the tab and in the
// list, and a warehouse that cannot be deleted while it holds mutations.
import { expect, it } from 'vitest'
import { ADMIN, apiAs, eventually, openSession, screenshot, signIn, serverAndBrowser, unexpectedProblems } from './harness'

const e2e = serverAndBrowser()

it('journey 3: stock — create warehouse and location in the tab, book +10 and -3, totals, delete a mutation, warehouse refusal', async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const product = await api<{ id: number }>('POST', '/products/', { article_number: 'STOCK-1', sku: 'ST-1' })
  const { page, problems } = await openSession(e2e)
  await signIn(page)
  await page.goto(`/products/${product.id}/stock`)
  const total = page.getByTestId('stock-total')
  await eventually(() => total.textContent()).toBe('0')
  await page.getByText('No stock mutations yet.').waitFor()

  // no warehouse yet: the create-warehouse input is open by itself
  const newWarehouse = page.getByRole('textbox', { name: 'New warehouse' })
  await newWarehouse.waitFor()
  await page.getByText('No warehouses yet: create the first one.').waitFor()
  await newWarehouse.fill('Main')
  await page.getByRole('button', { name: 'Save' }).click()
  // the new warehouse is selected, and having no locations it opens create-location by itself
  await eventually(() => page.getByRole('combobox', { name: 'Warehouse' }).locator('option:checked').textContent()).toBe('Main')
  const newLocation = page.getByRole('textbox', { name: 'New location' })
  await newLocation.fill('A-01')
  await page.getByRole('button', { name: 'Save' }).click()
  // the location is an autocomplete: the chosen one is its text
  await eventually(() => page.getByRole('combobox', { name: 'Location' }).inputValue()).toBe('A-01')

  // Submit waits for an amount
  const submit = page.getByRole('button', { name: 'Submit' })
  expect(await submit.isDisabled()).toBe(true)
  await page.getByRole('textbox', { name: 'Amount' }).fill('10')
  await page.getByRole('textbox', { name: 'Note' }).fill('Delivery')
  await submit.click()
  await page.getByText('Booked +10 at Main / A-01.').waitFor()
  await eventually(() => total.textContent()).toBe('10')
  // the form clears for the next booking at the same place
  expect(await page.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('')
  await page.getByRole('textbox', { name: 'Amount' }).fill('-3')
  await page.getByRole('textbox', { name: 'Note' }).fill('Broken')
  await submit.click()
  await eventually(() => total.textContent()).toBe('7')
  const levels = page.getByRole('table', { name: 'Stock per warehouse' })
  expect(await levels.getByRole('row').allInnerTexts()).toEqual(['Main\t7', 'A-01\t7'])
  const mutations = page.getByRole('table', { name: 'Recent mutations' }).locator('tbody tr')
  await eventually(() => mutations.count()).toBe(2)
  expect(await mutations.first().innerText()).toMatch(/-3\s+Main\s+A-01\s+Broken\s+admin/)

  // the list shows 7 globally and with the warehouse chosen
  await page.getByRole('link', { name: 'Products', exact: true }).first().click()
  await page.waitForURL((url) => url.pathname === '/products')
  const stockCell = page.getByRole('row', { name: /STOCK-1/ }).locator('td.column-stock')
  await eventually(() => stockCell.textContent()).toBe('7')
  await page.getByRole('combobox', { name: 'Warehouse' }).click()
  await page.getByRole('option', { name: 'Main' }).click()
  await page.getByRole('listbox').waitFor({ state: 'hidden' })
  await eventually(() => page.getByRole('combobox', { name: 'Warehouse' }).textContent()).toBe('Main')
  await eventually(() => stockCell.textContent()).toBe('7')
  await screenshot(page, 'journey-03-list-with-warehouse')

  // deleting the -3 mutation brings the total back to 10
  await page.getByRole('row', { name: /STOCK-1/ }).click()
  await page.waitForURL(`**/products/${product.id}`)
  await page.getByRole('tab', { name: 'Stock' }).click()
  await page.waitForURL(`**/products/${product.id}/stock`)
  await eventually(() => total.textContent()).toBe('7')
  await mutations.filter({ hasText: 'Broken' }).getByRole('button', { name: 'Delete mutation' }).click()
  const confirmMutation = page.getByRole('dialog', { name: 'Delete this stock mutation?' })
  await confirmMutation.getByText('The stock at Main / A-01 changes by +3.').waitFor()
  await confirmMutation.getByRole('button', { name: 'Remove' }).click()
  await page.getByText('The stock mutation is deleted.').waitFor()
  await eventually(() => total.textContent()).toBe('10')
  await eventually(() => mutations.count()).toBe(1)

  // the warehouse still has a mutation: the refusal says so and nothing is deleted
  await page.getByRole('button', { name: 'Remove warehouse' }).click()
  const confirmWarehouse = page.getByRole('dialog', { name: 'Remove warehouse "Main"?' })
  await confirmWarehouse.getByText('Warehouse and all related locations will be deleted.').waitFor()
  await confirmWarehouse.getByText('Deletion is only possible if no stock mutations are registered to this warehouse.').waitFor()
  await confirmWarehouse.getByRole('button', { name: 'Remove' }).click()
  await confirmWarehouse.getByText('Warehouse "Main" has 1 stock mutation and cannot be deleted.').waitFor()
  await screenshot(page, 'journey-03-warehouse-refused')
  await confirmWarehouse.getByRole('button', { name: 'Cancel' }).click()
  await confirmWarehouse.waitFor({ state: 'hidden' })
  expect(await page.getByRole('combobox', { name: 'Warehouse' }).locator('option:checked').textContent()).toBe('Main')
  expect(await total.textContent()).toBe('10')
  // the refused delete is the one failed request of this journey
  expect(unexpectedProblems(problems, /status of 409 \(Conflict\)/)).toEqual([])
})
