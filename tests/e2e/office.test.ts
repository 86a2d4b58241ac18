// Journeys of the office (issue 14): export what the list shows and open the file, import a file with errors,
// read the audit trail and a History panel, undo a booking and a deletion, the dashboard and the dark theme; in
// English and Dutch, at desktop and at a phone's 390 px (screenshots in test-results/).
import fs from 'node:fs'
import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { MAX_CHECKED_ROWS } from '../../src/contract'
import { ADMIN, apiAs, choosePlace, eventually, openSession, screenshot, signIn, serverAndBrowser, unexpectedProblems } from './harness'

// these journeys sign the admin in more often than the sign-in limit per account allows in its window
const e2e = serverAndBrowser({ RATE_LIMIT_PER_ACCOUNT: '100' })

async function arrange() {
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const brand = await api<{ id: number }>('POST', '/brands/', { brand_name: 'Acme' })
  const warehouse = await api<{ id: number }>('POST', '/warehouses/', { warehouse_name: 'Main' })
  const location = await api<{ id: number }>('POST', `/warehouses/${warehouse.id}/locations`, { location_name: 'A-01' })
  for (let n = 1; n <= 14; n++)
    await api('POST', '/products/', {
      sku: `OF-${n}`,
      article_number: `ART-${String(n).padStart(2, '0')}`,
      description: n % 3 === 0 ? `Green table ${n}` : `Red chair ${n}, café`,
      brand_id: brand.id,
    })
  return { api, brand, warehouse, location }
}
let arranged: Promise<Awaited<ReturnType<typeof arrange>>> | undefined
const data = () => (arranged ??= arrange())

/** Signs in at `width` px, then in Dutch when asked (the choice is kept under its own key, read at start). */
async function session(width: number, language: 'en' | 'nl' = 'en') {
  const opened = await openSession(e2e)
  await opened.page.setViewportSize({ width, height: 860 })
  await signIn(opened.page)
  if (language === 'nl') {
    await opened.page.evaluate(() => localStorage.setItem('stockroom.locale', 'nl'))
    await opened.page.reload()
  }
  return opened
}

/** Opens the Export menu and downloads `format`; answers the file's bytes. */
async function download(page: Page, format: 'CSV (UTF-8)' | 'Excel (XLSX)', exportLabel = 'Export this list') {
  await page.getByRole('button', { name: exportLabel }).first().click()
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()])
  return { bytes: fs.readFileSync(await file.path()), name: file.suggestedFilename() }
}

async function xlsxRows(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  const rows: ExcelJS.CellValue[][] = []
  workbook.worksheets[0].eachRow((row) => void rows.push((row.values as ExcelJS.CellValue[]).slice(1)))
  return rows
}

/** The page's horizontal overflow: a phone page must not scroll sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('the office', () => {
  it('export: the downloaded CSV and XLSX hold what the filtered, sorted list shows, headers in the language on screen', async () => {
    await data()
    const { page, problems } = await session(1280)
    await page.goto('/products')
    await page.getByRole('textbox', { name: 'Description' }).fill('chair')
    await page.getByRole('textbox', { name: 'Description' }).press('Enter')
    await page.getByText('# Products: 10').waitFor()
    // descending by article number: the second click of the sort cycle
    await page.getByRole('button', { name: 'Article number' }).click()
    await eventually(() => page.locator('tbody td.column-article_number').first().textContent()).toBe('ART-14')
    const onScreen = await page
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          ['sku', 'article_number', 'description', 'stock'].map((c) => row.querySelector(`.column-${c}`)?.textContent ?? ''),
        ),
      )
    await page.getByRole('button', { name: 'Export this list' }).click()
    await page.getByRole('menuitem', { name: 'CSV (UTF-8)' }).waitFor()
    await screenshot(page, 'office-export-menu-desktop')
    await page.keyboard.press('Escape')

    const csvFile = await download(page, 'CSV (UTF-8)')
    expect(csvFile.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/)
    expect([...csvFile.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, ...rows]: string[][] = parse(csvFile.bytes.subarray(3).toString('utf8'))
    expect(header).toEqual(['Image URL', 'SKU', 'ASIN', 'Article number', 'Description', 'Brand', 'Stock'])
    expect(rows.map((r) => [r[1], r[3], r[4], r[6]])).toEqual(onScreen)
    expect(rows[0][4]).toBe('Red chair 14, café')

    const xlsxFile = await download(page, 'Excel (XLSX)')
    const [, ...sheet] = await xlsxRows(xlsxFile.bytes)
    expect(sheet.map((r) => [r[1], r[3], r[4], String(r[6] as number)])).toEqual(onScreen)
    expect(typeof sheet[0][6]).toBe('number')

    // in Dutch the same list exports Dutch headers
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('menuitem', { name: 'Nederlands' }).click()
    await page.getByText('# Producten: 10').waitFor()
    const dutch = await download(page, 'Excel (XLSX)', 'Deze lijst exporteren')
    expect((await xlsxRows(dutch.bytes))[0]).toEqual(['Afbeelding-URL', 'SKU', 'ASIN', 'Artikelnummer', 'Omschrijving', 'Merk', 'Voorraad'])
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('export at 390 px: the button and its menu fit the phone, and the page does not scroll sideways', async () => {
    await data()
    for (const language of ['en', 'nl'] as const) {
      const { page } = await session(390, language)
      await page.goto('/warehouses')
      const button = page.getByRole('button', { name: language === 'en' ? 'Export this list' : 'Deze lijst exporteren' })
      const place = await button.boundingBox()
      await button.click()
      const menu = page.getByRole('menu')
      await menu.getByRole('menuitem', { name: 'Excel (XLSX)' }).waitFor()
      for (const box of [place, await menu.boundingBox()]) expect(box!.x + box!.width).toBeLessThanOrEqual(390)
      await screenshot(page, `office-export-menu-390-${language}`)
      // the name rows wrap their buttons under the name: the page no longer scrolls sideways (it did by 43 px)
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await page.context().close()
    }
  })

  it('import with errors: the check lists each problem, the valid rows import, the refused rows download, Undo reverts', async () => {
    await data()
    const { page, problems } = await session(1280)
    await page.goto('/imports')
    const file = [
      'SKU,Description,Brand,Purchase price',
      'IMP-1,Imported lamp,Acme,12.5',
      ',no sku,,',
      'IMP-2,Bad brand,Nobody,abc',
      'OF-1,Renamed chair,,',
    ].join('\n')
    await page.getByLabel('File (CSV or XLSX)').setInputFiles({ name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
    await page.getByRole('button', { name: 'Check the file' }).click()
    await page.getByText('The check found 4 rows: 1 to create, 1 to update, 0 unchanged, 0 to book, 2 refused.').waitFor()
    const listed = await page.getByTestId('import-problem').allInnerTexts()
    expect(listed).toEqual([
      '3\tSKU\tSKU is empty: products are found and created by their SKU.',
      '4\tBrand\tBrand "Nobody" does not exist: add it on the Brands page first.',
      '4\tPurchase price\tInput should be a valid number',
    ])
    expect(await page.getByRole('combobox', { name: 'Field: Purchase price' }).textContent()).toBe('Purchase price')
    await screenshot(page, 'office-import-check-desktop')
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await page.waitForURL(/\/imports\/\d+$/)
    await eventually(() => page.getByTestId('import-status').textContent()).toBe('Done')
    expect(await page.getByTestId('import-figures').innerText()).toMatch(/Rows: 4\s+Created: 1\s+Updated: 1\s+Unchanged: 0\s+Refused: 2/)
    await screenshot(page, 'office-import-report-desktop')
    // the confirmation offers Undo for a few seconds: the revert
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click()
    await eventually(() => page.getByTestId('import-status').textContent()).toBe('Reverted')
    // the refused rows stay downloadable after the revert
    const [refused] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the refused rows (CSV)' }).click(),
    ])
    const rows: string[][] = parse(
      fs
        .readFileSync(await refused.path())
        .subarray(3)
        .toString('utf8'),
    )
    expect(rows.map((r) => [r[0], r[r.length - 1]])).toEqual([
      ['Row', 'Reason'],
      ['3', 'SKU: SKU is empty: products are found and created by their SKU.'],
      ['4', 'Brand: Brand "Nobody" does not exist: add it on the Brands page first.; Purchase price: Input should be a valid number'],
    ])
    const { api } = await data()
    expect((await api<{ total: number }>('GET', '/products/?sku=IMP-1')).total).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('import at 390 px in Dutch: the check and its problems fit the phone', async () => {
    await data()
    const { page } = await session(390, 'nl')
    await page.goto('/imports')
    await page.getByRole('combobox', { name: 'Wat wilt u importeren' }).click()
    await page.getByRole('option', { name: 'Beginvoorraad' }).click()
    await page.getByLabel('Bestand (CSV of XLSX)').setInputFiles({
      name: 'voorraad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('SKU;Magazijn;Locatie;Aantal\nOF-1;Main;A-01;5\nNOPE;Main;A-01;2\n'),
    })
    await page.getByRole('button', { name: 'Bestand controleren' }).click()
    await page.getByTestId('import-problem').first().waitFor()
    expect(await page.getByTestId('import-problem').allInnerTexts()).toEqual(['3\tSKU\tGeen product heeft SKU "NOPE".'])
    await screenshot(page, 'office-import-check-390-nl')
    expect(await overflow(page)).toBeLessThanOrEqual(0)

    // the server's refusal of the file itself (a rule of the domain, sent as a code) is said in Dutch too
    await page.getByLabel('Bestand (CSV of XLSX)').setInputFiles({
      name: 'kapot.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x53, 0x4b, 0x55, 0x00, 0x01, 0x02, 0x0a]),
    })
    await page.getByRole('button', { name: 'Bestand controleren' }).click()
    await page.getByText('Het bestand is binair, geen CSV of XLSX. Sla het op als CSV of als Excel-werkmap.').first().waitFor()
    expect(await page.getByText('The file is binary').count()).toBe(0)
    await screenshot(page, 'office-import-refused-390-nl')

    // a file past the bounds is refused in Dutch, naming the limit
    await page.getByLabel('Bestand (CSV of XLSX)').setInputFiles({
      name: 'breed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(Array.from({ length: 20_000 }, (_, i) => `k${i}`).join(';') + '\nx\n'),
    })
    await page.getByRole('button', { name: 'Bestand controleren' }).click()
    await page
      .getByText(/Rij 1 heeft meer dan 16\.?384 kolommen, meer dan Excel toestaat\./)
      .first()
      .waitFor()
    expect(await page.getByText(/row 1|more than/).count()).toBe(0)
    await screenshot(page, 'office-import-too-wide-390-nl')
    expect(await overflow(page)).toBeLessThanOrEqual(0)

    // a file longer than a check reads: the check says so, and that the import checks the rest first
    const rows = Array.from({ length: MAX_CHECKED_ROWS + 50 }, (_, i) => `OF-1;Main;A-01;${1 + (i % 5)}`)
    await page.getByLabel('Bestand (CSV of XLSX)').setInputFiles({
      name: 'lang.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['SKU;Magazijn;Locatie;Aantal', ...rows].join('\n')),
    })
    await page.getByRole('button', { name: 'Bestand controleren' }).click()
    await eventually(() => page.getByTestId('import-checked-first').innerText()).toMatch(
      /^Het bestand heeft meer rijen dan een controle leest: dit zijn de eerste 10\.000\./,
    )
    await page.getByText('Elke gecontroleerde rij kan worden geïmporteerd.').waitFor()
    await screenshot(page, 'office-import-checked-first-390-nl')
    expect(await overflow(page)).toBeLessThanOrEqual(0)
  })

  it('undo: a booking, a deletion of a mutation and a transfer are taken back from their confirmation', async () => {
    const { api, warehouse, location } = await data()
    const product = await api<{ id: number }>('POST', '/products/', { sku: 'UNDO-1', article_number: 'UNDO-1' })
    const { page, problems } = await session(1280)
    await page.goto(`/products/${product.id}/stock`)
    const total = page.getByTestId('stock-total')
    await page.getByRole('combobox', { name: 'Warehouse' }).selectOption({ label: 'Main' })
    await eventually(() => page.getByRole('combobox', { name: 'Location' }).inputValue()).toBe('A-01')
    await page.getByRole('textbox', { name: 'Amount' }).fill('5')
    await page.getByRole('button', { name: 'Submit' }).click()
    const notice = page.getByRole('status').filter({ hasText: 'Booked +5 at Main / A-01.' })
    await notice.waitFor()
    await eventually(() => total.textContent()).toBe('5')
    await screenshot(page, 'office-undo-booking-desktop')
    await notice.getByRole('button', { name: 'Undo' }).click()
    await page.getByText('Undone.').waitFor()
    await eventually(() => total.textContent()).toBe('0')
    await page.getByText('No stock mutations yet.').waitFor()

    await page.getByRole('textbox', { name: 'Amount' }).fill('3')
    await page.getByRole('textbox', { name: 'Note' }).fill('kept')
    await page.getByRole('button', { name: 'Submit' }).click()
    await eventually(() => total.textContent()).toBe('3')
    await page.getByRole('button', { name: 'Delete mutation' }).click()
    await page.getByRole('dialog', { name: 'Delete this stock mutation?' }).getByRole('button', { name: 'Remove' }).click()
    await eventually(() => total.textContent()).toBe('0')
    await page.getByRole('status').filter({ hasText: 'The stock mutation is deleted.' }).getByRole('button', { name: 'Undo' }).click()
    await eventually(() => total.textContent()).toBe('3')
    await eventually(() => page.getByTestId('mutation-row').first().innerText()).toMatch(/\+3\s+Main\s+A-01\s+kept\s+admin/)

    // a transfer is taken back from its confirmation by its way back
    const b02 = await api<{ id: number }>('POST', `/warehouses/${warehouse.id}/locations`, { location_name: 'B-02' })
    await page.reload()
    await page.getByRole('button', { name: 'Transfer', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await choosePlace(page, dialog, 'From', location.id)
    await choosePlace(page, dialog, 'To', b02.id)
    await dialog.getByRole('spinbutton').fill('2')
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click()
    const moved = page.getByRole('status').filter({ hasText: 'Transferred 1 product from A-01 to B-02' })
    await moved.waitFor()
    await eventually(() => page.getByTestId('location-level').allInnerTexts()).toEqual(['A-01\t1', 'B-02\t2'])
    await moved.getByRole('button', { name: 'Undo' }).click()
    await page.getByText('Undone.').waitFor()
    await eventually(() => page.getByTestId('mutation-row').first().innerText()).toMatch(/B-02 -> A-01/)
    await eventually(() => page.getByTestId('location-level').filter({ hasText: 'A-01' }).innerText()).toBe('A-01\t3')
    expect(await total.textContent()).toBe('3')
    expect(unexpectedProblems(problems, /409|404/)).toEqual([])
  })

  it('audit: the screen filters by kind and opens a change field by field; the product has the same rows in its History', async () => {
    const { api } = await data()
    const product = await api<{ id: number }>('POST', '/products/', { sku: 'AUD-1', description: 'Before' })
    await api('PATCH', `/products/${product.id}`, { description: 'After' })
    for (const [width, language] of [
      [1280, 'en'],
      [390, 'nl'],
    ] as const) {
      const { page, problems } = await session(width, language)
      await page.goto('/audit')
      const kind = language === 'en' ? 'Kind of record' : 'Soort gegeven'
      await page.getByRole('combobox', { name: kind }).click()
      await page.getByRole('option', { name: 'Product', exact: true }).click()
      await eventually(() => page.getByTestId('audit-row').count()).toBeGreaterThan(0)
      await page.getByTestId('audit-row').first().click()
      // a desktop shows the fields as a table; a phone as a list of each field's before and after
      if (width === 1280) {
        const change = page.getByRole('table', { name: 'Changes' })
        await eventually(() => change.locator('tbody tr').first().innerText()).toMatch(/^Description\s+Before\s+After$/)
      } else {
        const change = page.getByRole('group', { name: 'Wijzigingen' })
        await eventually(() => change.innerText()).toMatch(/^Omschrijving\s+Voor: Before\s+Na: After$/)
      }
      await screenshot(page, `office-audit-${width}-${language}`)
      // a phone's page does not scroll sideways (at desktop there is room anyway)
      expect(await overflow(page)).toBeLessThanOrEqual(0)

      await page.goto(`/products/${product.id}`)
      const history = page.getByTestId(`history-product-${product.id}`)
      await eventually(() => history.getByTestId('audit-row').count()).toBe(2)
      await history.getByTestId('audit-row').first().click()
      await history.getByText('After').first().waitFor()
      await screenshot(page, `office-history-${width}-${language}`)
      expect(unexpectedProblems(problems)).toEqual([])
      await page.context().close()
    }
  })

  it('dashboard and dark theme: the figures, the chart and the ledger check; dark stays chosen after a reload and a sign-out', async () => {
    const { api, warehouse, location } = await data()
    const product = await api<{ id: number }>('POST', '/products/', { sku: 'DASH-1' })
    await api('POST', `/products/${product.id}/stock_mutations`, { amount: 4, warehouse_id: warehouse.id, location_id: location.id })
    await api('PUT', `/products/${product.id}/reorder_levels/${warehouse.id}`, { min_stock: 10, max_stock: 20 })
    for (const [width, language] of [
      [1280, 'en'],
      [390, 'nl'],
    ] as const) {
      const { page, problems } = await session(width, language)
      await page.goto('/dashboard')
      await eventually(() => page.getByTestId('tile-products').innerText()).toMatch(/\d+/)
      await page.getByTestId('ledger-result').waitFor()
      expect(await page.getByTestId('ledger-result').textContent()).toBe(
        language === 'en' ? 'Levels agree with the ledger' : 'De voorraden kloppen met het grootboek',
      )
      await page.getByTestId('tile-chart').locator('svg').first().waitFor()
      expect(await page.getByTestId('tile-bookings-today').innerText()).toMatch(/[1-9]/)
      expect(await page.getByTestId('tile-below-minimum').innerText()).toMatch(/[1-9]/)
      await screenshot(page, `office-dashboard-light-${width}-${language}`)

      const toDark = language === 'en' ? 'Dark theme' : 'Donker thema'
      await page.getByRole('button', { name: toDark }).click()
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      await eventually(background).not.toBe('rgb(250, 250, 250)')
      const dark = await background()
      await page.reload()
      await page.getByTestId('tile-products').waitFor()
      expect(await background()).toBe(dark)
      await screenshot(page, `office-dashboard-dark-${width}-${language}`)
      // a phone's page does not scroll sideways (at desktop there is room anyway)
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      // a sign-out clears react-admin's store; the choice is kept all the same
      await page.evaluate(() => localStorage.removeItem('RaStore.theme'))
      await page.reload()
      await page.getByTestId('tile-products').waitFor()
      expect(await background()).toBe(dark)
      await page.getByRole('button', { name: language === 'en' ? 'Light theme' : 'Licht thema' }).click()
      await eventually(background).not.toBe(dark)
      // the below-minimum tile opens the reorder report, where the product is
      await page.getByRole('link', { name: language === 'en' ? 'To the reorder report' : 'Naar het bestelrapport' }).click()
      await eventually(() => page.getByTestId('reorder-line').filter({ hasText: 'DASH-1' }).count()).toBe(1)
      expect(unexpectedProblems(problems)).toEqual([])
      await page.context().close()
    }
  })
})
