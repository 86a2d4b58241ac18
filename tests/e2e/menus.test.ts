// Both menus come from one list: the side menu and the person menu show the same entries, in English and in Dutch, on
// a desktop and at a phone's 390 px (screenshots of each in test-results/).
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { eventually, openSession, screenshot, serverAndBrowser, signIn, unexpectedProblems } from './harness'

const e2e = serverAndBrowser()

const LANGUAGES = {
  en: {
    sideMenu: 'Main menu',
    personMenu: 'Account menu',
    openSideMenu: 'Open menu',
    entries: [
      'Dashboard',
      'Products',
      'Organizations',
      'Brands',
      'Warehouses',
      'Transfers',
      'Counts',
      'Purchase orders',
      'Approvals',
      'Reorder report',
      'Import',
      'Users',
      'Booking reasons',
      'Audit trail',
      'Profile',
      'Sign out',
    ],
  },
  nl: {
    sideMenu: 'Hoofdmenu',
    personMenu: 'Accountmenu',
    openSideMenu: 'Menu openen',
    entries: [
      'Dashboard',
      'Producten',
      'Organisaties',
      'Merken',
      'Magazijnen',
      'Verplaatsingen',
      'Tellingen',
      'Inkooporders',
      'Goedkeuringen',
      'Bestelrapport',
      'Importeren',
      'Gebruikers',
      'Boekingsredenen',
      'Logboek',
      'Profiel',
      'Uitloggen',
    ],
  },
}
type Language = (typeof LANGUAGES)[keyof typeof LANGUAGES]

const entriesOf = (page: Page, menu: string) => page.getByRole('menu', { name: menu }).getByRole('menuitem').allInnerTexts()

async function openPersonMenu(page: Page, language: Language) {
  await page.getByRole('button', { name: language.personMenu }).click()
  await page.getByRole('menu', { name: language.personMenu }).waitFor()
}

async function closePersonMenu(page: Page, language: Language) {
  await page.keyboard.press('Escape')
  await page.getByRole('menu', { name: language.personMenu }).waitFor({ state: 'hidden' })
}

/** A fresh browser at `width` (a stored sidebar state would open the phone's drawer by itself), signed in, in `code`. */
async function signedInAt(width: number, code: keyof typeof LANGUAGES) {
  const session = await openSession(e2e)
  const { page } = session
  await page.setViewportSize({ width, height: 860 })
  await signIn(page)
  await page.getByRole('button', { name: 'Add product' }).waitFor()
  if (code === 'nl') {
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('menuitem', { name: 'Nederlands' }).click()
    await page.getByRole('button', { name: 'Product toevoegen' }).waitFor()
  }
  return session
}

describe.each(['en', 'nl'] as const)('in %s, a super-user', (code) => {
  const language = LANGUAGES[code]

  it('sees the same entries in the side menu and the person menu on a desktop', async () => {
    const { page, problems } = await signedInAt(1280, code)
    expect(await entriesOf(page, language.sideMenu)).toEqual(language.entries)
    await openPersonMenu(page, language)
    expect(await entriesOf(page, language.personMenu)).toEqual(language.entries)
    await screenshot(page, `menus-desktop-${code}`)
    await closePersonMenu(page, language)

    // Sign out in the side menu ends the session as the person menu's does
    await page
      .getByRole('menu', { name: language.sideMenu })
      .getByRole('menuitem', { name: language.entries.at(-1) })
      .click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.goto('/products')
    await page.waitForURL((url) => url.pathname === '/login')
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it("sees them at a phone's 390 px: the drawer, then the person menu, whose button fits in the top bar", async () => {
    const { page, problems } = await signedInAt(390, code)
    const personButton = await page.getByRole('button', { name: language.personMenu }).boundingBox()
    expect(personButton!.x + personButton!.width).toBeLessThanOrEqual(390)

    await page.getByRole('button', { name: language.openSideMenu }).click()
    await eventually(() => entriesOf(page, language.sideMenu)).toEqual(language.entries)
    await screenshot(page, `menus-phone-side-${code}`)
    await page.keyboard.press('Escape')
    await page.getByRole('menu', { name: language.sideMenu }).waitFor({ state: 'hidden' })

    await openPersonMenu(page, language)
    expect(await entriesOf(page, language.personMenu)).toEqual(language.entries)
    await screenshot(page, `menus-phone-person-${code}`)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
