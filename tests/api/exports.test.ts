// Exports: every list as CSV and XLSX holds exactly the rows its pages show, with their filters and sort, headers in
// the language asked for, typed cells in XLSX, a byte order mark in CSV, and text a spreadsheet would run as a
// formula escaped. Files are read back with the libraries the server writes them with.
import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type Response, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'

let server: TestServer
let warehouse: { id: number }
let productIds: number[]

beforeAll(async () => {
  server = await startServer()
  const make = fixtures(server.admin)
  const alpha = await make.brand('Alpha')
  const beta = await make.brand('Bèta')
  warehouse = await make.warehouse('North')
  const bin = await make.location(warehouse.id, 'N-1')
  await make.location(warehouse.id, 'N-2')
  await make.warehouse('Empty hall')
  const rows = [
    { sku: 'ABC-1', article_number: 'a-3', description: 'Red chair', brand_id: alpha.id },
    { sku: 'ABC-2', article_number: 'A-1', description: 'Blue chair, façade', brand_id: beta.id },
    { sku: '=HYPERLINK("http://x","y")', article_number: 'b-2', description: '+1 chair', brand_id: alpha.id },
    { sku: 'XYZ-9', article_number: null, description: '@table', brand_id: null },
    ...Array.from({ length: 30 }, (_, i) => ({
      sku: `GEN-${i}`,
      article_number: `g-${i % 7}`,
      description: `Chair ${i}`,
      brand_id: alpha.id,
    })),
  ]
  productIds = []
  for (const row of rows) productIds.push((await make.product(row)).id)
  await make.book(productIds[0], { amount: 5, warehouse_id: warehouse.id, location_id: bin.id, note: 'first' })
  await make.book(productIds[1], { amount: -2, warehouse_id: warehouse.id, location_id: bin.id })
  await make.book(productIds[0], { amount: 3, warehouse_id: warehouse.id, location_id: bin.id, note: '-minus note' })
})
afterAll(() => server.close())

function file(res: Response, type: 'csv' | 'xlsx') {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  expect(res.headers['content-type']).toBe(
    type === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  )
  expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="[a-z-]+-\\d{4}-\\d{2}-\\d{2}\\.${type}"$`))
  return res.rawPayload
}

/** The CSV's rows (header first), checking the byte order mark. */
function csvRows(res: Response, delimiter = ','): string[][] {
  const bytes = file(res, 'csv')
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  return parse(bytes.subarray(3).toString('utf8'), { relax_column_count: false, delimiter })
}

/** The first sheet's rows (header first) as exceljs reads its cells. */
async function xlsxRows(res: Response): Promise<ExcelJS.CellValue[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(file(res, 'xlsx') as unknown as ArrayBuffer)
  const rows: ExcelJS.CellValue[][] = []
  workbook.worksheets[0].eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1))
  })
  return rows
}

/** Every row of every page of the products list, as the list answers them. */
async function listedProducts(query: string) {
  const rows: Record<string, unknown>[] = []
  for (let skip = 0; ; skip += 10) {
    const page = ok(await server.admin.get(`/api/products/?${query}&skip=${skip}&limit=10`))
    rows.push(...page.items)
    if (page.items.length < 10) return rows
  }
}
const asCsv = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')
const cell = (value: unknown) => (typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : asCsv(value))

describe('products: the rows of the list, with its filters, sort and warehouse', () => {
  const queries = [
    '',
    'sort_by=article_number.desc',
    'description=chair&sort_by=sku.asc',
    'sku=ab&sort_by=stock.desc',
    'sort_by=stock.asc',
    `warehouse_id=0&sort_by=stock.asc`,
    'brand_id=1&sort_by=article_number.asc',
    'description=nothing-like-this',
  ]
  it.each(queries)('CSV of ?%s equals the pages of the list', async (raw) => {
    const query = raw.replace('warehouse_id=0', `warehouse_id=${warehouse.id}`)
    const listed = await listedProducts(query)
    const [header, ...rows] = csvRows(await server.admin.get(`/api/products/export?format=csv&${query}`))
    expect(header).toEqual(['Image URL', 'SKU', 'ASIN', 'Article number', 'Description', 'Brand', 'Stock'])
    expect(rows).toEqual(
      listed.map((p) =>
        [
          p.image_url,
          p.sku,
          p.sku_amazon,
          p.article_number,
          p.description,
          (p.brand as { brand_name: string } | null)?.brand_name,
          p.stock,
        ].map(cell),
      ),
    )
  })

  it('XLSX holds the same rows with typed cells and Dutch headers', async () => {
    const query = `description=chair&sort_by=stock.desc&warehouse_id=${warehouse.id}`
    const listed = await listedProducts(query)
    const [header, ...rows] = await xlsxRows(await server.admin.get(`/api/products/export?format=xlsx&lang=nl&${query}`))
    expect(header).toEqual(['Afbeelding-URL', 'SKU', 'ASIN', 'Artikelnummer', 'Omschrijving', 'Merk', 'Voorraad'])
    expect(rows.map((row) => [row[1] ?? null, row[4] ?? null, row[6]])).toEqual(listed.map((p) => [p.sku, p.description, p.stock]))
    // stock is a number cell; a formula-looking text stays text, never a formula
    expect(rows.every((row) => typeof row[6] === 'number')).toBe(true)
    const all = await xlsxRows(await server.admin.get('/api/products/export?format=xlsx'))
    expect(all.flat().some((cell) => typeof cell === 'object' && cell !== null && 'formula' in cell)).toBe(false)
    expect(all.map((row) => row[1])).toContain('=HYPERLINK("http://x","y")')
  })

  it('escapes text a spreadsheet would run as a formula (OWASP), in cells and nowhere else', async () => {
    const rows = csvRows(await server.admin.get('/api/products/export?format=csv&sort_by=sku.asc'))
    const flat = rows.flat()
    expect(flat).toContain(`'=HYPERLINK("http://x","y")`)
    expect(flat).toContain(`'+1 chair`)
    expect(flat).toContain(`'@table`)
    expect(flat.filter((cell) => /^[=+@]/.test(cell))).toEqual([])
  })

  it('refuses a bad format, an unknown warehouse, and anyone not signed in', async () => {
    expect((await server.admin.get('/api/products/export?format=pdf')).statusCode).toBe(422)
    expect((await server.admin.get('/api/products/export')).statusCode).toBe(422)
    const unknown = await server.admin.get('/api/products/export?format=csv&warehouse_id=999')
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().detail[0].loc).toEqual(['query', 'warehouse_id'])
    expect((await server.anonymous.get('/api/products/export?format=csv')).statusCode).toBe(401)
  })
})

describe('the other lists', () => {
  it('brands, with their search and sort, dates as typed cells in XLSX', async () => {
    const listed = ok(await server.admin.get('/api/brands/?sort_by=brand_name.desc'))
    const [header, ...rows] = csvRows(await server.admin.get('/api/brands/export?format=csv&sort_by=brand_name.desc'))
    expect(header).toEqual(['Name', 'Created', 'Last edited'])
    expect(rows).toEqual(listed.map((b: Record<string, string>) => [b.brand_name, b.created_at, b.updated_at]))
    const xlsx = await xlsxRows(await server.admin.get('/api/brands/export?format=xlsx&q=b%C3%A8'))
    expect(xlsx.slice(1).map((row) => row[0])).toEqual(['Bèta'])
    expect(xlsx[1][1]).toBeInstanceOf(Date)
    expect((xlsx[1][1] as Date).toISOString()).toBe(listed.find((b: { brand_name: string }) => b.brand_name === 'Bèta').created_at)
  })

  it('organizations with their roles as yes/no cells, their e-mail address and language', async () => {
    await fixtures(server.admin).organization('Supplies BV', { is_supplier: true, email: 'orders@supplies.example', language: 'nl' })
    await fixtures(server.admin).organization('Walk-in Trade', { is_seller: true })
    const [header, ...rows] = await xlsxRows(await server.admin.get('/api/orgs/export?format=xlsx'))
    expect(header).toEqual(['Name', 'Seller', 'Supplier', 'E-mail address', 'Language', 'Last edited'])
    expect(rows.map((row) => row.slice(0, 5))).toEqual([
      ['Supplies BV', false, true, 'orders@supplies.example', 'Dutch'],
      // no address: no cell
      ['Walk-in Trade', true, false, undefined, 'English'],
    ])
    // the language said in the reader's language
    const [dutchHeader, ...dutchRows] = csvRows(await server.admin.get('/api/orgs/export?format=csv&lang=nl'), ';')
    expect(dutchHeader.slice(3, 5)).toEqual(['E-mailadres', 'Taal'])
    expect(dutchRows.map((row) => row.slice(3, 5))).toEqual([
      ['orders@supplies.example', 'Nederlands'],
      ['', 'Engels'],
    ])
  })

  it('warehouses with a row per location, and a warehouse without locations once', async () => {
    const [header, ...rows] = csvRows(await server.admin.get('/api/warehouses/export?format=csv'))
    expect(header).toEqual(['Warehouse', 'Location'])
    expect(rows).toEqual([
      ['Empty hall', ''],
      ['North', 'N-1'],
      ['North', 'N-2'],
    ])
  })

  it('users, for super-users only', async () => {
    const person = await server.createUser({ username: 'clerk' })
    const [header, ...rows] = csvRows(await server.admin.get('/api/users/export?format=csv&sort_by=username.asc'))
    expect(header).toEqual(['Username', 'E-mail', 'First name', 'Last name', 'Active', 'Verified', 'Superuser'])
    expect(rows.map((row) => [row[0], row[4], row[6]])).toEqual([
      ['admin', 'true', 'true'],
      ['clerk', 'true', 'false'],
    ])
    expect((await server.client(person.token).get('/api/users/export?format=csv')).statusCode).toBe(403)
  })

  it("a product's mutations, newest first, as its stock tab lists them", async () => {
    const listed = ok(await server.admin.get(`/api/products/${productIds[0]}/stock_mutations?limit=100`))
    const [header, ...rows] = await xlsxRows(await server.admin.get(`/api/products/${productIds[0]}/stock_mutations/export?format=xlsx`))
    expect(header).toEqual(['Date', 'Amount', 'Warehouse', 'Location', 'Reason', 'Note', 'User'])
    expect(rows.map((row) => [(row[0] as Date).toISOString(), row[1], row[2], row[3], row[4] ?? null, row[5] ?? null, row[6]])).toEqual(
      listed.map((m: Record<string, never>) => [m.created_at, m.amount, 'North', 'N-1', null, m.note, 'admin']),
    )
    const csv = csvRows(await server.admin.get(`/api/products/${productIds[0]}/stock_mutations/export?format=csv`))
    expect(csv[1][5]).toBe(`'-minus note`)
    expect(csv[1][1]).toBe('3')
    expect((await server.admin.get('/api/products/99999/stock_mutations/export?format=csv')).statusCode).toBe(404)
  })

  it('the audit trail with its filters, actions and kinds in the language asked for', async () => {
    const listed = ok(await server.admin.get('/api/audit/?entity_type=stock_mutation&limit=100'))
    // for a Dutch reader ';' separates the fields, as a Dutch Excel opens them
    const [header, ...rows] = csvRows(await server.admin.get('/api/audit/export?format=csv&lang=nl&entity_type=stock_mutation'), ';')
    expect(header).toEqual(['Datum', 'Gebruiker', 'Actie', 'Soort gegeven', 'Gegeven', 'Wijzigingen'])
    expect(rows.map((row) => [row[0], row[2], row[3], Number(row[4])])).toEqual(
      listed.map((e: Record<string, never>) => [e.created_at, 'Aangemaakt', 'Voorraadmutatie', e.entity_id]),
    )
    expect(JSON.parse(rows[0][5])).toEqual(listed[0].changes)
    const person = await server.createUser()
    expect((await server.client(person.token).get('/api/audit/export?format=csv')).statusCode).toBe(403)
  })
})
