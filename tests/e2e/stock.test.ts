// Journey 3: the stock tab of a product, from no warehouse at all to a ledger, the totals in the tab and in the
// list, and a warehouse that cannot be deleted while it holds mutations. Then what a purchase order has on its way:
// beside the stock on a Dutch phone, its receipt in the ledger with the order's number, and a column of the list.
import { expect, it } from 'vitest'
import { ADMIN, apiAs, device, eventually, openSession, screenshot, signIn, serverAndBrowser, unexpectedProblems } from './harness'

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

it('journey 3b: incoming — on a Dutch phone beside the stock, the receipt with its order number; the list column on a desktop', async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const warehouse = await api<{ id: number }>('POST', '/warehouses/', { warehouse_name: 'Inkoop' })
  const location = await api<{ id: number }>('POST', `/warehouses/${warehouse.id}/locations`, { location_name: 'R-1' })
  const supplier = await api<{ id: number }>('POST', '/orgs/', { org_name: 'Lamp BV', is_supplier: true })
  const product = await api<{ id: number }>('POST', '/products/', { article_number: 'LAMP-1', sku: 'LP-1' })
  const drafted = await api<{ id: number }>('POST', '/purchase_orders/', {
    supplier_id: supplier.id,
    warehouse_id: warehouse.id,
    lines: [{ product_id: product.id, quantity: 10 }],
  })
  const order = await api<{ id: number; number: string; lines: { id: number }[] }>('POST', `/purchase_orders/${drafted.id}/send`)
  await api('POST', `/purchase_orders/${order.id}/receipts`, {
    lines: [{ line_id: order.lines[0].id, location_id: location.id, quantity: 4 }],
  })

  const phone = await device(e2e, 'nl')
  await phone.page.goto('/login')
  await phone.page.getByLabel('E-mail').fill(ADMIN.email)
  await phone.page.getByLabel('Wachtwoord').fill(ADMIN.password)
  await phone.page.getByLabel('Wachtwoord').press('Enter')
  await phone.page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await phone.page.goto(`/products/${product.id}/stock`)
  await eventually(() => phone.page.getByTestId('stock-total').textContent()).toBe('4')
  await eventually(() => phone.page.getByTestId('incoming-total').textContent()).toBe('6')
  const levels = phone.page.getByRole('table', { name: 'Voorraad per magazijn' })
  expect(await levels.getByRole('row').allInnerTexts()).toEqual(['Magazijn\tAanwezig\tOnderweg', 'Inkoop\t4\t6', 'R-1\t4\t'])
  const link = phone.page.getByRole('link', { name: `Inkooporder ${order.number}` })
  await link.waitFor()
  // under a finger the link is a finger high
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await screenshot(phone.page, 'journey-03b-incoming-phone-nl')
  await link.click()
  await phone.page.waitForURL(`**/purchase_orders/${order.id}`)
  await phone.context.close()

  const { page, problems } = await openSession(e2e)
  await signIn(page)
  await page.goto('/products')
  const row = page.getByRole('row', { name: /LAMP-1/ })
  await row.waitFor()
  expect(await row.locator('td.column-incoming').count()).toBe(0)
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('switch', { name: 'Incoming' }).click()
  await page.keyboard.press('Escape')
  await eventually(() => row.locator('td.column-incoming').textContent()).toBe('6')
  await screenshot(page, 'journey-03b-list-incoming')
  expect(unexpectedProblems(problems)).toEqual([])
})
