// Journey 10: Nederlands — chosen in the top bar, shown on our screens and on react-admin's own controls, and
// still chosen after a reload.
import { expect, it } from 'vitest'
import { tokenInLink } from '../api/mailbox'
import { ADMIN, apiAs, eventually, openSession, screenshot, signIn, serverAndBrowser, unexpectedProblems } from './harness'

const e2e = serverAndBrowser()

it('journey 10: switch to Nederlands; profile, product edit and react-admin controls are Dutch, also after a reload', async () => {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const product = await api<{ id: number }>('POST', '/products/', { article_number: 'TAAL-1', description: 'Waterkoker' })
  await api('POST', '/brands/', { brand_name: 'Merk A' })
  const { page, problems } = await openSession(e2e)
  await signIn(page)
  await page.getByText('# Products: 1').waitFor()

  await page.getByRole('button', { name: 'English' }).click()
  await page.getByRole('menuitem', { name: 'Nederlands' }).click()
  await page.getByText('# Producten: 1').waitFor()
  await eventually(() => page.title()).toBe('Stockroom - Producten')
  expect(await page.getByRole('button', { name: 'Product toevoegen' }).isVisible()).toBe(true)
  // react-admin's own: the refresh button in the top bar
  expect(await page.getByRole('button', { name: 'Verversen' }).count()).toBe(1)

  // the profile, view and edit mode
  await page.getByRole('menuitem', { name: 'Profiel' }).click()
  await page.waitForURL('**/me')
  await page.getByText('Gebruikersnaam').waitFor()
  expect(await page.getByRole('checkbox', { name: 'Actief' }).isChecked()).toBe(true)
  expect(await page.getByRole('checkbox', { name: 'Geverifieerd' }).isChecked()).toBe(true)
  await page.getByRole('button', { name: 'Bewerken' }).click()
  await page.getByText('Bewerk uw account').waitFor()
  expect(await page.getByRole('textbox', { name: 'Gebruikersnaam' }).inputValue()).toBe('admin')
  expect(await page.getByRole('button', { name: 'Annuleren' }).isVisible()).toBe(true)
  expect(await page.getByRole('button', { name: 'Opslaan', exact: true }).isVisible()).toBe(true)
  await screenshot(page, 'journey-10-profile-nl')
  await page.getByRole('button', { name: 'Annuleren' }).click()
  await page.getByText('Bewerk uw account').waitFor({ state: 'detached' })

  // react-admin's own list controls on the brands page
  await page.getByRole('menuitem', { name: 'Merken' }).click()
  await page.waitForURL('**/brands')
  await page.getByRole('button', { name: 'Opslaan Merk A' }).waitFor()
  expect(await page.getByRole('button', { name: 'Verwijderen Merk A' }).isVisible()).toBe(true)
  expect(await page.getByPlaceholder('Zoeken').isVisible()).toBe(true)
  expect(await page.getByText('Rijen per pagina:').isVisible()).toBe(true)

  // the product's tabs and its 'last edited' in Dutch
  await page.goto(`/products/${product.id}`)
  await page.getByRole('tab', { name: 'Voorraad' }).waitFor()
  expect(await page.getByText(/^Laatst bewerkt: (vandaag|gisteren) om \d{2}:\d{2}$/).count()).toBe(1)

  // the edit screen, then a reload keeps Dutch
  await page.getByRole('link', { name: 'Bewerken', exact: true }).click()
  await page.waitForURL(`**/products/${product.id}/edit`)
  const dutchEditLabels = ['Korte omschrijving', 'Artikelnummer', 'SKU', 'ASIN', 'Barcode', 'Afbeelding-URL']
  for (const label of dutchEditLabels) await page.getByRole('textbox', { name: label }).waitFor()
  await page.reload()
  for (const label of dutchEditLabels) await page.getByRole('textbox', { name: label }).waitFor()
  expect(await page.getByRole('textbox', { name: 'Korte omschrijving' }).inputValue()).toBe('Waterkoker')
  expect(await page.getByRole('combobox', { name: 'Merk' }).getAttribute('placeholder')).toBe('Selecteer of maak een merk')
  expect(await page.getByRole('button', { name: 'Annuleren' }).isVisible()).toBe(true)
  expect(await page.getByRole('button', { name: 'Opslaan' }).isVisible()).toBe(true)
  expect(await page.getByRole('button', { name: 'Nederlands' }).isVisible()).toBe(true)
  await eventually(() => page.title()).toBe('Stockroom - TAAL-1 bewerken')
  await screenshot(page, 'journey-10-product-edit-nl')
  expect(unexpectedProblems(problems)).toEqual([])
})

it("opens the sign-in and mailed-link pages in the browser's language until one is chosen; a Dutch reader's mail is Dutch", async () => {
  const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: { width: 390, height: 844 }, locale: 'nl-NL' })
  context.setDefaultTimeout(10_000)
  const page = await context.newPage()
  try {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Inloggen' }).waitFor()
    expect(await page.getByText('Wachtwoord vergeten?').count()).toBe(1)
    await screenshot(page, 'sign-in-browser-dutch-phone')
    await page.goto('/password/not-a-real-token')
    await page.getByRole('textbox', { name: 'Nieuw wachtwoord' }).waitFor()

    // a person who chose Dutch asks for a new password there: the mail is Dutch, and so is the page its link opens
    const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
    const person = await api<{ id: number }>('POST', '/users/', {
      username: 'vergeetachtig',
      email: 'vergeet@example.com',
      password: 'oud-wachtwoord-1',
    })
    await api('PATCH', `/users/${person.id}`, { language: 'nl' })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Wachtwoord vergeten?' }).click()
    const dialog = page.getByRole('dialog', { name: 'Wachtwoord herstellen' })
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('vergeet@example.com')
    await dialog.getByRole('button', { name: 'Versturen' }).click()
    const mail = await e2e.server.mailbox.next('vergeet@example.com')
    expect(mail.subject).toBe('Stockroom: stel uw wachtwoord opnieuw in')
    expect(mail.text).toContain('1 uur geldig')
    await page.goto(`/password/${tokenInLink(mail, e2e.server.url, 'password')}`)
    await page.getByRole('textbox', { name: 'Nieuw wachtwoord' }).waitFor()
    // the browser's language is not a choice: nothing is kept for the next visit
    expect(await page.evaluate(() => localStorage.getItem('stockroom.locale'))).toBeNull()
  } finally {
    await context.close()
  }
})
