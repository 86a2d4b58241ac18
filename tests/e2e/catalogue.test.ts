// Journey 6: brands and organizations — add, rename, delete; a brand that products use cannot be deleted, and
// the page says why.
import { expect, it } from 'vitest'
import { ADMIN, apiAs, eventually, openSession, screenshot, signIn, serverAndBrowser, unexpectedProblems } from './harness'

const e2e = serverAndBrowser()

it('journey 6: brands and organizations — add, rename, delete; a brand in use says why it stays', async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const used = await api<{ id: number }>('POST', '/brands/', { brand_name: 'Used' })
  await api('POST', '/products/', { article_number: 'CAT-1', brand_id: used.id })
  const { page, problems } = await openSession(e2e)
  await signIn(page)

  // brands: add, rename, delete
  await page.getByRole('menuitem', { name: 'Brands' }).click()
  await page.waitForURL('**/brands')
  await eventually(() => page.title()).toBe('Stockroom - Brands')
  await page.getByRole('textbox', { name: 'New brand' }).fill('Acme')
  await page.getByRole('button', { name: 'Add brand' }).click()
  await page.getByText('Brand "Acme" added.').waitFor()
  const acme = page.getByRole('textbox', { name: 'Name: Acme', exact: true })
  await acme.fill('Acme Corp')
  await page.getByRole('button', { name: 'Save Acme', exact: true }).click()
  await page.getByText('Brand "Acme Corp" saved.').waitFor()
  await eventually(() => page.getByRole('textbox', { name: 'Name: Acme Corp' }).inputValue()).toBe('Acme Corp')
  await page.getByRole('button', { name: 'Delete Acme Corp' }).click()
  const confirmAcme = page.getByRole('dialog', { name: 'Delete brand "Acme Corp"?' })
  await confirmAcme.getByRole('button', { name: 'Delete' }).click()
  await page.getByText('Brand "Acme Corp" deleted.').waitFor()
  await page.getByRole('textbox', { name: 'Name: Acme Corp' }).waitFor({ state: 'detached' })

  // a brand in use: the dialog stays with the reason, and the brand stays too
  await page.getByRole('button', { name: 'Delete Used' }).click()
  const confirmUsed = page.getByRole('dialog', { name: 'Delete brand "Used"?' })
  await confirmUsed.getByRole('button', { name: 'Delete' }).click()
  await confirmUsed.getByRole('alert').getByText('Brand "Used" is used by 1 product and cannot be deleted.').waitFor()
  await screenshot(page, 'journey-06-brand-in-use')
  await confirmUsed.getByRole('button', { name: 'Cancel' }).click()
  await confirmUsed.waitFor({ state: 'hidden' })
  expect(await page.getByRole('textbox', { name: 'Name: Used' }).inputValue()).toBe('Used')

  // organizations: add (as seller), rename (and make supplier), delete
  await page.getByRole('menuitem', { name: 'Organizations' }).click()
  await page.waitForURL('**/orgs')
  await page.getByRole('textbox', { name: 'New organization' }).fill('Org One')
  await page.getByRole('checkbox', { name: 'Seller' }).check()
  await page.getByRole('button', { name: 'Add organization' }).click()
  await page.getByText('Organization "Org One" added.').waitFor()
  const orgOne = page.getByRole('article', { name: 'Org One' })
  expect(await orgOne.getByRole('checkbox', { name: 'Seller' }).isChecked()).toBe(true)
  expect(await orgOne.getByRole('checkbox', { name: 'Supplier' }).isChecked()).toBe(false)
  await orgOne.getByRole('link', { name: 'Edit Org One' }).click()
  await page.waitForURL(/\/orgs\/\d+$/)
  const name = page.getByRole('textbox', { name: 'Name' })
  await eventually(() => name.inputValue()).toBe('Org One')
  await page.getByText(/^Last edited/).waitFor()
  await name.fill('Org Uno')
  await page.getByRole('checkbox', { name: 'Supplier' }).check()
  await page.getByRole('button', { name: 'Save' }).click()
  await page.waitForURL((url) => url.pathname === '/orgs')
  await page.getByText('Organization "Org Uno" saved.').waitFor()
  const orgUno = page.getByRole('article', { name: 'Org Uno' })
  await eventually(() => orgUno.getByRole('checkbox', { name: 'Supplier' }).isChecked()).toBe(true)
  expect(await page.getByRole('article', { name: 'Org One' }).count()).toBe(0)
  await screenshot(page, 'journey-06-organizations')

  await orgUno.getByRole('link', { name: 'Edit Org Uno' }).click()
  await page.waitForURL(/\/orgs\/\d+$/)
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog', { name: 'Delete organization "Org Uno"?' }).getByRole('button', { name: 'Delete' }).click()
  await page.waitForURL((url) => url.pathname === '/orgs')
  await page.getByText('Organization "Org Uno" deleted.').waitFor()
  await page.getByText('No organizations yet. Add the first one above.').waitFor()
  await screenshot(page, 'journey-06-organization-deleted')
  // the refused brand delete is the one failed request of this journey
  expect(unexpectedProblems(problems, /status of 409 \(Conflict\)/)).toEqual([])
})
