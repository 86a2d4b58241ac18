// Imports: a dry run checks the first MAX_CHECKED_ROWS rows with the API's schemas and changes nothing; each refusal names its row,
// column and reason; bad files get a clear 4xx (not CSV or XLSX, empty, no header, unknown columns, too large);
// a kept import creates, updates or books in the background with its report, progress and audit rows; its
// refused rows download as CSV; a revert takes it all back, unless a later change rests on it. Imports at the same
// time as other writes are in the concurrency suite.
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CHECKED_ROWS, type AuditEntry } from '../../src/contract'
import { checkLedger } from '../../src/server/domain/ledger'
import { endAbandoned } from '../../src/server/domain/imports/recover'
import { importRunnerOf } from '../../src/server/domain/imports/run'
import { ADMIN, startServer, type Response, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'
import { csv, imported as importedAs, multipart, upload, xlsx } from './uploads'

let server: TestServer
let token: string
let make: ReturnType<typeof fixtures>
let brand: { id: number }
let existing: { id: number }
let north: { id: number }

beforeAll(async () => {
  server = await startServer()
  token = await server.login(ADMIN.email, ADMIN.password)
  make = fixtures(server.admin)
  brand = await make.brand('Acme')
  await make.organization('Parts & Co', { is_supplier: true })
  await make.organization('Only sells', { is_seller: true })
  existing = await make.product({ sku: 'OLD-1', description: 'Old description', article_number: 'A-1', brand_id: brand.id })
  north = await make.warehouse('North')
  await make.location(north.id, 'Shelf A')
})
afterAll(() => server.close())

/** Every row of the tables an import may write, to hold a dry run or a refusal to changing nothing. */
async function everything() {
  const db = server.database.db
  const tables = ['products', 'stock_mutations', 'audit_log', 'imports', 'import_changes', 'import_refusals'] as const
  const levels = await db.selectFrom('stock_levels').selectAll().orderBy('product_id').orderBy('location_id').execute()
  return JSON.stringify([levels, ...(await Promise.all(tables.map((t) => db.selectFrom(t).selectAll().orderBy('id').execute())))])
}

const dryRun = (
  kind: string,
  file: { name: string; content: Buffer | string },
  extra: { mode?: string; mapping?: Record<string, string> } = {},
) => upload(server, token, { kind, ...extra }, file)

/** Starts a kept import and waits for it to end; answers its final report. */
const imported = (
  kind: string,
  file: { name: string; content: Buffer | string },
  extra: { mode?: string; mapping?: Record<string, string> } = {},
) => importedAs(server, token, { kind, ...extra }, file)

const productsCsv = (rows: (string | number)[][]) => ({
  name: 'products.csv',
  content: csv([['SKU', 'Description', 'Article number', 'Brand', 'Supplier', 'Purchase price', 'Currency'], ...rows]),
})

function fileRefusal(res: Response, field = 'file') {
  expect(res.statusCode, res.body).toBe(422)
  const [item] = res.json().detail
  expect(item.loc.slice(0, 2)).toEqual(['body', field])
  return item.msg as string
}

describe('a dry run', () => {
  it('checks every row, says what an import would do, and changes nothing', async () => {
    const before = await everything()
    const res = await dryRun(
      'products',
      productsCsv([
        ['NEW-1', 'A new chair', 'N-1', 'Acme', 'Parts & Co', '12,50', 'eur'],
        ['old-1', 'New description', 'A-1', 'acme', '', '', ''],
        ['NEW-2', 'Another', '', '', '', '', ''],
      ]),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: null, status: 'done', rows: 3, created: 2, updated: 1, unchanged: 0, refused: 0, problems: [] })
    expect(res.json().columns).toEqual([
      { header: 'SKU', field: 'sku' },
      { header: 'Description', field: 'description' },
      { header: 'Article number', field: 'article_number' },
      { header: 'Brand', field: 'brand' },
      { header: 'Supplier', field: 'supplier' },
      { header: 'Purchase price', field: 'purchase_price' },
      { header: 'Currency', field: 'purchase_currency' },
    ])
    expect(await everything()).toBe(before)
  })

  it('lists each problem by row number, column and reason, with the schemas of the API', async () => {
    await make.product({ sku: 'TWIN' })
    await make.product({ sku: 'twin' })
    const res = await dryRun(
      'products',
      productsCsv([
        ['', 'no sku', '', '', '', '', ''],
        ['DUP', 'first', '', '', '', '', ''],
        ['DUP', 'second', '', '', '', '', ''],
        ['B-1', 'unknown brand', '', 'Nobody', '', '', ''],
        ['B-2', 'a seller, not a supplier', '', '', 'Only sells', '', ''],
        ['B-3', 'price is text', '', '', '', 'cheap', ''],
        ['B-4', 'bad currency', '', '', '', '', 'XYZ'],
        ['B-5', 'x'.repeat(2001), '', '', '', '', ''],
        ['TWIN', 'which one?', '', '', '', '', ''],
        ['B-6', 'negative price', '', '', '', '-1', ''],
      ]),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ rows: 10, created: 1, refused: 9 })
    expect(res.json().problems).toEqual([
      { row: 2, column: 'SKU', reason: 'SKU is empty: products are found and created by their SKU.', code: 'sku_empty' },
      { row: 4, column: 'SKU', reason: 'SKU "DUP" is in row 3 already.', code: 'sku_repeated', params: { sku: 'DUP', row: 3 } },
      {
        row: 5,
        column: 'Brand',
        reason: 'Brand "Nobody" does not exist: add it on the Brands page first.',
        code: 'brand_unknown',
        params: { name: 'Nobody' },
      },
      {
        row: 6,
        column: 'Supplier',
        reason: 'Organization "Only sells" is not a supplier.',
        code: 'not_a_supplier',
        params: { name: 'Only sells' },
      },
      { row: 7, column: 'Purchase price', reason: 'Input should be a valid number' },
      { row: 8, column: 'Currency', reason: "Input should be 'EUR', 'GBP', 'USD'" },
      { row: 9, column: 'Description', reason: 'String should have at most 2000 characters' },
      {
        row: 10,
        column: 'SKU',
        reason: '2 products have SKU "TWIN": the row cannot say which one it means.',
        code: 'sku_ambiguous',
        params: { count: 2, sku: 'TWIN' },
      },
      { row: 11, column: 'Purchase price', reason: 'Input should be greater than or equal to 0' },
    ])
  })

  it("reads a supplier's EAN column as the barcode and refuses an EAN or UPC whose length or check digit is wrong", async () => {
    const res = await dryRun('products', {
      name: 'supplier.csv',
      content: csv([
        ['SKU', 'EAN', 'Omschrijving'],
        ['EAN-OK-13', '4006381333931', 'a whole EAN-13'],
        ['EAN-OK-8', '96385074', 'a whole EAN-8'],
        ['EAN-BAD-DIGIT', '4006381333932', 'the check digit is wrong'],
        ['EAN-ELEVEN', '40063813339', 'eleven digits'],
        ['CODE-128', 'BOX-0042', 'a Code 128 text'],
      ]),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().columns.find((c: { header: string }) => c.header === 'EAN')).toMatchObject({ field: 'barcode' })
    expect(res.json()).toMatchObject({ rows: 5, created: 3, refused: 2 })
    expect(res.json().problems).toEqual([
      expect.objectContaining({ row: 4, code: 'barcode_invalid', params: { barcode: '4006381333932' } }),
      expect.objectContaining({ row: 5, code: 'barcode_invalid', params: { barcode: '40063813339' } }),
    ])
  })

  it('checks opening stock: the product by SKU, the warehouse and location by name, a whole amount other than 0', async () => {
    const res = await dryRun('stock', {
      name: 'stock.csv',
      content: csv(
        [
          ['SKU', 'Warehouse', 'Location', 'Amount', 'Note'],
          ['OLD-1', 'north', 'shelf a', '5', 'counted'],
          ['NOPE', 'North', 'Shelf A', '5', ''],
          ['OLD-1', 'South', 'Shelf A', '5', ''],
          ['OLD-1', 'North', 'Shelf Z', '5', ''],
          ['OLD-1', 'North', 'Shelf A', '0', ''],
          ['OLD-1', 'North', 'Shelf A', '1.5', ''],
        ],
        ';',
      ),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ rows: 6, booked: 1, refused: 5 })
    expect(res.json().problems).toEqual([
      { row: 3, column: 'SKU', reason: 'No product has SKU "NOPE".', code: 'sku_unknown', params: { sku: 'NOPE' } },
      { row: 4, column: 'Warehouse', reason: 'Warehouse "South" does not exist.', code: 'warehouse_unknown', params: { name: 'South' } },
      {
        row: 5,
        column: 'Location',
        reason: 'Warehouse "North" has no location "Shelf Z".',
        code: 'location_unknown',
        params: { warehouse: 'North', location: 'Shelf Z' },
      },
      { row: 6, column: 'Amount', reason: 'Input should not be 0' },
      { row: 7, column: 'Amount', reason: 'Input should be a valid integer' },
    ])
  })

  it('maps Dutch headers, and takes a mapping the person chose', async () => {
    const dutch = await dryRun(
      'products',
      {
        name: 'nl.csv',
        content: csv([
          ['SKU', 'Omschrijving', 'Merk', 'Inkoopprijs', 'Extra'],
          ['NL-1', 'Stoel', 'Acme', '3,5', 'x'],
        ]),
      },
      { mapping: { Extra: '' } },
    )
    expect(dutch.json().columns.map((c: { field: string | null }) => c.field)).toEqual([
      'sku',
      'description',
      'brand',
      'purchase_price',
      null,
    ])
    expect(dutch.json()).toMatchObject({ created: 1, problems: [] })
    const chosen = await dryRun(
      'products',
      {
        name: 'own.csv',
        content: csv([
          ['Code', 'Name'],
          ['OWN-1', 'Table'],
        ]),
      },
      { mapping: { Code: 'sku', Name: 'description' } },
    )
    expect(chosen.json()).toMatchObject({ created: 1, problems: [] })
  })
})

describe('a dry run of a long file', () => {
  // one refused row past the checked ones: the check answers without it; the import's own first pass finds it
  const rows = Array.from({ length: MAX_CHECKED_ROWS + 600 }, (_, i) => [`LONG-${i}`, `Long ${i}`, '', '', '', '', ''])
  rows[MAX_CHECKED_ROWS + 100][0] = ''
  const file = productsCsv(rows)

  it('checks the first MAX_CHECKED_ROWS rows, says the file has more, and reads no further', async () => {
    const before = await everything()
    const res = await dryRun('products', file, { mode: 'all_or_nothing' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'done', rows: MAX_CHECKED_ROWS, processed: MAX_CHECKED_ROWS, more_rows: true })
    expect(res.json()).toMatchObject({ created: MAX_CHECKED_ROWS, refused: 0, problems: [] })
    const short = await dryRun('products', productsCsv(rows.slice(0, MAX_CHECKED_ROWS)))
    expect(short.json()).toMatchObject({ rows: MAX_CHECKED_ROWS, more_rows: false })
    expect(await everything()).toBe(before)
  })

  it('the import checks every row before it writes one: all or nothing refuses for the row past the check', async () => {
    const report = await imported('products', file, { mode: 'all_or_nothing' })
    expect(report).toMatchObject({ status: 'refused', rows: MAX_CHECKED_ROWS + 600, created: 0, more_rows: false })
    expect(report.problems).toEqual([expect.objectContaining({ row: MAX_CHECKED_ROWS + 102, code: 'sku_empty' })])
    expect(await server.database.db.selectFrom('products').select('id').where('sku', 'like', 'LONG-%').execute()).toEqual([])
  })
})

describe('text files in the encoding they were saved in', () => {
  const rows = [
    ['SKU', 'Omschrijving', 'Inkoopprijs'],
    ['ENC-1', 'Crème brûlée schaal', '3,50'],
    ['ENC-2', 'Ölkännchen – groß', '12,00'],
  ]
  const text = rows.map((row) => row.join(';')).join('\r\n') + '\r\n'
  const descriptions = (res: Response) => {
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ created: 2, problems: [] })
    return res.json().columns.map((c: { header: string }) => c.header)
  }

  it("reads Excel's CSV of a Western Windows PC (Windows-1252), accents and the en dash included", async () => {
    const { default: iconv } = await import('iconv-lite')
    const content = iconv.encode(text, 'windows-1252')
    expect(content.includes(Buffer.from('é', 'utf8'))).toBe(false)
    expect(descriptions(await dryRun('products', { name: 'excel-1252.csv', content }))).toEqual(['SKU', 'Omschrijving', 'Inkoopprijs'])
    const report = await imported('products', { name: 'excel-1252.csv', content })
    expect(report).toMatchObject({ status: 'done', created: 2 })
    const found = ok(await server.admin.get('/api/products/?sku=ENC-2'))
    expect(found.items[0].description).toBe('Ölkännchen – groß')
  })

  it("reads Excel's Unicode text (UTF-16 with its byte order mark), tab-separated or not", async () => {
    const { default: iconv } = await import('iconv-lite')
    const tabbed = rows
      .map((row) => row.join('\t'))
      .join('\r\n')
      .replaceAll('ENC-', 'ENL-')
    for (const [name, content] of [
      ['unicode-le.txt', iconv.encode(tabbed, 'utf-16le', { addBOM: true })],
      ['unicode-be.csv', iconv.encode(text.replaceAll('ENC-', 'ENB-'), 'utf-16be', { addBOM: true })],
    ] as const) {
      expect(descriptions(await dryRun('products', { name, content }))).toEqual(['SKU', 'Omschrijving', 'Inkoopprijs'])
    }
  })
})

describe('bad files get a clear answer and change nothing', () => {
  it('not CSV or XLSX', async () => {
    expect(fileRefusal(await dryRun('products', { name: 'scan.pdf', content: Buffer.from('%PDF-1.7 binary') }))).toBe(
      'The file is a PDF, not CSV or XLSX. Save it as CSV or as an Excel workbook.',
    )
    expect(fileRefusal(await dryRun('products', { name: 'old.xls', content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]) }))).toMatch(
      /old Excel \(XLS\)/,
    )
    // binary without a known signature
    expect(fileRefusal(await dryRun('products', { name: 'data.csv', content: Buffer.from([0x53, 0x00, 0x01, 0x02, 0x0a]) }))).toMatch(
      /binary/,
    )
  })

  it('empty, or with no rows at all', async () => {
    expect(fileRefusal(await dryRun('products', { name: 'empty.csv', content: '' }))).toBe('The file is empty.')
    expect(fileRefusal(await dryRun('products', { name: 'blank.csv', content: '\r\n\r\n' }))).toMatch(/no rows/)
  })

  it('no header row, or unknown columns: the dry run says which; an import is refused with 422 naming them', async () => {
    const headerless = await dryRun('products', {
      name: 'data.csv',
      content: csv([
        ['ABC-1', 'Chair'],
        ['ABC-2', 'Table'],
      ]),
    })
    expect(headerless.statusCode).toBe(200)
    expect(headerless.json()).toMatchObject({ status: 'refused', rows: null })
    expect(headerless.json().problems).toContainEqual({
      row: 1,
      column: null,
      reason: expect.stringMatching(/^The first row should name the columns/),
      code: 'no_known_columns',
      params: { fields: 'sku' },
    })
    const unknown = await dryRun('products', {
      name: 'extra.csv',
      content: csv([
        ['SKU', 'Colour'],
        ['ABC-1', 'red'],
      ]),
    })
    expect(unknown.json().problems).toEqual([
      {
        row: 1,
        column: 'Colour',
        reason: 'Unknown column "Colour": choose the field it holds, or ignore it.',
        code: 'column_unknown',
        params: { name: 'Colour' },
      },
    ])
    const before = await everything()
    const refused = await upload(
      server,
      token,
      { kind: 'products' },
      {
        name: 'extra.csv',
        content: csv([
          ['SKU', 'Colour'],
          ['ABC-1', 'red'],
        ]),
      },
      false,
    )
    expect(refused.statusCode).toBe(422)
    expect(refused.json().detail).toEqual([
      {
        loc: ['body', 'mapping', 'Colour'],
        msg: 'Unknown column "Colour": choose the field it holds, or ignore it.',
        type: 'value_error',
        ctx: { rule: 'column_unknown', name: 'Colour' },
      },
    ])
    const missing = await dryRun('stock', {
      name: 's.csv',
      content: csv([
        ['SKU', 'Amount'],
        ['OLD-1', '1'],
      ]),
    })
    expect(missing.json().problems).toEqual([
      {
        row: 1,
        column: null,
        reason: 'A stock import needs a column for warehouse, location.',
        code: 'columns_missing',
        params: { kind: 'stock', fields: 'warehouse, location' },
      },
    ])
    expect(await everything()).toBe(before)
  })

  it('a form without a file, a kind or with a bad mapping', async () => {
    expect(fileRefusal(await dryRun('products', undefined as never))).toBe('Field required')
    const noKind = await upload(server, token, { kind: 'spaceships' }, productsCsv([]))
    expect(noKind.json().detail[0].loc).toEqual(['body', 'kind'])
    const { payload, contentType } = multipart({ kind: 'products', mapping: '{not json' }, productsCsv([]))
    const badMapping = await server.app.inject({
      method: 'POST',
      url: '/api/imports/?dry_run=true',
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    })
    expect(badMapping.json().detail[0].loc).toEqual(['body', 'mapping'])
    const json = await server.admin.post('/api/imports/?dry_run=true', { kind: 'products' })
    expect(json.statusCode).toBe(422)
  })

  it('a 100 MB upload is refused before it is read whole, also when it does not announce its size', async () => {
    const before = await everything()
    const big = Buffer.alloc(100 * 1024 * 1024, 'a')
    const announced = await upload(server, token, { kind: 'products' }, { name: 'big.csv', content: big })
    expect(announced.statusCode).toBe(413)
    expect(announced.json()).toMatchObject({ code: 'FILE_TOO_LARGE', params: { limit: 50 } })
    // streamed without a length: the upload is cut off at the limit
    const { payload, contentType } = multipart(
      { kind: 'products' },
      { name: 'big.csv', content: Buffer.concat([Buffer.from('SKU\n'), big.subarray(0, 60 * 1024 * 1024)]) },
    )
    const streamed = await server.app.inject({
      method: 'POST',
      url: '/api/imports/',
      payload: Readable.from([payload.subarray(0, 1024), payload.subarray(1024)]),
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    })
    expect(streamed.statusCode).toBe(413)
    expect(await everything()).toBe(before)
  })
})

describe('an import', () => {
  it('creates and updates products by SKU in the background, with its report, progress and audit rows', async () => {
    const report = await imported(
      'products',
      productsCsv([
        ['IMP-1', 'Imported chair', 'I-1', 'Acme', 'Parts & Co', '9.99', 'EUR'],
        ['OLD-1', 'Imported description', 'A-1', '', '', '', ''],
        ['IMP-2', '=HYPERLINK("http://evil","click")', '', '', '', '', ''],
        ['', 'refused: no SKU', '', '', '', '', ''],
      ]),
    )
    expect(report).toMatchObject({ status: 'done', rows: 4, processed: 4, created: 2, updated: 1, refused: 1, user: { username: 'admin' } })
    // the kept report holds the code too, read back from its refused rows
    expect(report.problems).toEqual([
      { row: 5, column: 'SKU', reason: 'SKU is empty: products are found and created by their SKU.', code: 'sku_empty' },
    ])
    const found = ok(await server.admin.get('/api/products/?sku=IMP-1')).items[0]
    const detail = ok(await server.admin.get(`/api/products/${found.id}`))
    expect(detail).toMatchObject({
      description: 'Imported chair',
      brand: { brand_name: 'Acme' },
      supplier_info: { purchase_price: 9.99, purchase_currency: 'EUR' },
    })
    expect(ok(await server.admin.get(`/api/products/${existing.id}`)).description).toBe('Imported description')
    // a formula is stored as its text, and exported back escaped
    const formula = ok(await server.admin.get('/api/products/?sku=IMP-2')).items[0]
    expect(formula.description).toBe('=HYPERLINK("http://evil","click")')
    const exported = (await server.admin.get('/api/products/export?format=csv&sku=IMP-2')).rawPayload.toString('utf8')
    expect(exported).toContain(`"'=HYPERLINK(""http://evil"",""click"")"`)

    const history = ok(await server.admin.get(`/api/audit/?entity_type=product&entity_id=${existing.id}`))
    expect(history[0]).toMatchObject({
      action: 'update',
      changes: { description: 'Imported description', before: { description: 'Old description' }, import_id: report.id },
    })
    const own = ok(await server.admin.get(`/api/audit/?entity_type=import&entity_id=${report.id}`))
    expect(own).toEqual([
      expect.objectContaining({
        action: 'create',
        username: 'admin',
        changes: expect.objectContaining({ kind: 'products', file_name: 'products.csv' }),
      }),
    ])
  })

  it("keeps a file's name without its path, control characters or more than 255 characters, alike on both databases", async () => {
    const content = productsCsv([['NAMED-1', 'Named', '', '', '', '', '']]).content
    const cases = [
      ['a\u0000b\u0007c.csv', 'abc.csv'],
      ['tab\there\u007f\u0085.csv', 'tabhere.csv'],
      ['C:\\Users\\me\\stock.csv', 'stock.csv'],
      ['../../etc/stock.csv', 'stock.csv'],
      ['\u0001\u0002\u007f\u009f', 'upload'],
      ['  \u0000  ', 'upload'],
      // 255 characters at most, the smiley (two UTF-16 units) kept whole
      [`${'a'.repeat(254)}😀.csv`, `${'a'.repeat(254)}😀`],
    ]
    for (const [sent, kept] of cases) {
      const dry = await upload(server, token, { kind: 'products' }, { name: sent, content })
      expect(dry.statusCode, dry.body).toBe(200)
      expect(dry.json().file_name).toBe(kept)
      const res = await upload(server, token, { kind: 'products' }, { name: sent, content }, false)
      expect(res.statusCode, res.body).toBe(202)
      expect(res.json().file_name).toBe(kept)
      await importRunnerOf(server.database).settled()
      expect(ok(await server.admin.get(`/api/imports/${res.json().id}`))).toMatchObject({ status: 'done', file_name: kept })
      const [entry] = ok(await server.admin.get(`/api/audit/?entity_type=import&entity_id=${res.json().id}`))
      expect(entry.changes.file_name).toBe(kept)
    }
  })

  it('writes the refused rows of a semicolon file with semicolons, as the Dutch Excel that saved it opens them', async () => {
    const report = await imported('products', {
      name: 'nl.csv',
      content: csv(
        [
          ['SKU', 'Omschrijving', 'Inkoopprijs'],
          ['SEMI-1', 'goed', '1,5'],
          ['', 'zonder sku', '2,5'],
        ],
        ';',
      ),
    })
    expect(report).toMatchObject({ created: 1, refused: 1 })
    const text = (await server.admin.get(`/api/imports/${report.id}/refused?lang=en`)).rawPayload.subarray(3).toString('utf8')
    expect(text.split('\r\n')[0].split('\n')[0]).toBe('Row;SKU;Omschrijving;Inkoopprijs;Reason')
    expect(parse(text, { delimiter: ';' })[1].slice(0, 4)).toEqual(['3', '', 'zonder sku', '2,5'])
  })

  it('downloads the refused rows as CSV, each with its row number and reasons', async () => {
    const report = await imported(
      'products',
      productsCsv([
        ['', 'no sku', '', '', '', '', ''],
        ['R-1', 'fine', '', '', '', '', ''],
        ['R-2', 'bad', '', 'Nobody', '', 'cheap', ''],
      ]),
    )
    const res = await server.admin.get(`/api/imports/${report.id}/refused?lang=nl`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    // written with the upload's delimiter (a comma), whatever the reader's language
    const rows = parse(res.rawPayload.subarray(3).toString('utf8'), { delimiter: ',' })
    expect(rows).toEqual([
      ['Rij', 'SKU', 'Description', 'Article number', 'Brand', 'Supplier', 'Purchase price', 'Currency', 'Reden'],
      // the reasons in the language asked for (a schema's message stays English)
      ['2', '', 'no sku', '', '', '', '', '', 'SKU: SKU is leeg: producten worden op hun SKU gevonden en aangemaakt.'],
      [
        '4',
        'R-2',
        'bad',
        '',
        'Nobody',
        '',
        'cheap',
        '',
        'Brand: Merk "Nobody" bestaat niet: voeg het eerst toe op de pagina Merken.; Purchase price: Input should be a valid number',
      ],
    ])
  })

  it("imports the supplier's pack size and article number, and refuses a bad pack size naming its column, in English and Dutch", async () => {
    const report = await imported('products', {
      name: 'packs.csv',
      content: csv([
        ['SKU', 'Pack size', "Supplier's article number"],
        ['PACK-12', '12', 'AC-778'],
        ['PACK-NONE', '', ''],
        ['PACK-0', '0', 'AC-0'],
        ['PACK-NEG', '-3', ''],
        ['PACK-TEXT', 'a dozen', ''],
        ['PACK-HALF', '1,5', ''],
      ]),
    })
    expect(report).toMatchObject({ status: 'done', created: 2, refused: 4 })
    const refusal = (row: number, value: string) => ({
      row,
      column: 'Pack size',
      reason: `Pack size "${value}" should be a whole number from 1 to 1,000,000,000.`,
      code: 'pack_size_invalid',
      params: { value },
    })
    expect(report.problems).toEqual([refusal(4, '0'), refusal(5, '-3'), refusal(6, 'a dozen'), refusal(7, '1,5')])
    const supplierInfo = async (sku: string) =>
      ok(await server.admin.get(`/api/products/${ok(await server.admin.get(`/api/products/?sku=${sku}`)).items[0].id}`)).supplier_info
    expect(await supplierInfo('PACK-12')).toMatchObject({ pack_size: 12, supplier_sku: 'AC-778' })
    // an empty cell leaves the default: a pack of 1, so no supplier data at all
    expect(await supplierInfo('PACK-NONE')).toBeNull()
    expect(ok(await server.admin.get('/api/products/?sku=PACK-0')).items).toEqual([])

    const dutch = parse((await server.admin.get(`/api/imports/${report.id}/refused?lang=nl`)).rawPayload.subarray(3).toString('utf8'))
    expect(dutch.map((row: string[]) => row.at(-1))).toEqual([
      'Reden',
      'Pack size: Verpakkingseenheid "0" moet een geheel getal van 1 tot 1.000.000.000 zijn.',
      'Pack size: Verpakkingseenheid "-3" moet een geheel getal van 1 tot 1.000.000.000 zijn.',
      'Pack size: Verpakkingseenheid "a dozen" moet een geheel getal van 1 tot 1.000.000.000 zijn.',
      'Pack size: Verpakkingseenheid "1,5" moet een geheel getal van 1 tot 1.000.000.000 zijn.',
    ])
    // Dutch headers name the same fields; the same values again are no change
    const again = await dryRun('products', {
      name: 'nl.csv',
      content: csv([
        ['SKU', 'Verpakkingseenheid', 'Artikelnummer leverancier'],
        ['PACK-12', '12', 'AC-778'],
        ['PACK-NONE', '6', ''],
      ]),
    })
    expect(again.json().columns.map((c: { field: string }) => c.field)).toEqual(['sku', 'pack_size', 'supplier_sku'])
    expect(again.json()).toMatchObject({ unchanged: 1, updated: 1, refused: 0 })
  })

  it('all or nothing: one bad row and nothing is imported, the problems kept', async () => {
    const before = JSON.stringify(await server.database.db.selectFrom('products').selectAll().orderBy('id').execute())
    const report = await imported(
      'products',
      productsCsv([
        ['AON-1', 'good', '', '', '', '', ''],
        ['AON-2', 'bad', '', 'Nobody', '', '', ''],
      ]),
      { mode: 'all_or_nothing' },
    )
    expect(report).toMatchObject({
      status: 'refused',
      mode: 'all_or_nothing',
      created: 0,
      refused: 1,
      problems: [{ row: 3, column: 'Brand' }],
    })
    expect(JSON.stringify(await server.database.db.selectFrom('products').selectAll().orderBy('id').execute())).toBe(before)
  })

  it('books opening stock from XLSX through the ledger, with a note naming the import', async () => {
    const product = await make.product({ sku: 'STOCKED' })
    const file = await xlsx([
      ['SKU', 'Magazijn', 'Locatie', 'Aantal', 'Notitie'],
      ['STOCKED', 'North', 'Shelf A', 12, 'opening'],
      ['STOCKED', 'North', 'Shelf A', 3, null],
    ])
    const report = await imported('stock', { name: 'opening.xlsx', content: file })
    expect(report).toMatchObject({ status: 'done', booked: 2, refused: 0 })
    const mutations = ok(await server.admin.get(`/api/products/${product.id}/stock_mutations`))
    expect(mutations.map((m: { amount: number; note: string }) => [m.amount, m.note])).toEqual([
      [3, `Import #${report.id} (opening.xlsx)`],
      [12, `Import #${report.id} (opening.xlsx): opening`],
    ])
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).stock).toBe(15)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('keeps a formula of an XLSX cell as its text, never its result', async () => {
    const report = await imported('products', {
      name: 'formula.xlsx',
      content: await xlsx([
        ['SKU', 'Description'],
        ['FX-1', { formula: 'SUM(1,2)', result: 3 }],
      ]),
    })
    expect(report).toMatchObject({ status: 'done', created: 1 })
    expect(ok(await server.admin.get('/api/products/?sku=FX-1')).items[0].description).toBe('=SUM(1,2)')
  })
})

describe('a leading apostrophe', () => {
  /** text a spreadsheet would run, text with apostrophes before it, and text with apostrophes that is no formula */
  const texts = ['=SUM(A1)', "'=already", "''+twice", '+31 6 12345678', '-5 mm', '@home', "'quoted' text", "it's plain"]
  const descriptionOf = async (sku: string) =>
    (ok(await server.admin.get(`/api/products/?sku=${encodeURIComponent(sku)}`)).items as { sku: string; description: string }[]).find(
      (product) => product.sku === sku,
    )?.description

  it("of a person's own CSV or XLSX is part of the text: '=already imports as '=already", async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const rows = [['SKU', 'Description'], ...texts.map((text, i) => [`OWN${format}-${i}`, text])]
      const report = await imported('products', { name: `own.${format}`, content: format === 'csv' ? csv(rows) : await xlsx(rows) })
      expect(report).toMatchObject({ status: 'done', created: texts.length, refused: 0 })
      for (const [i, text] of texts.entries()) expect(await descriptionOf(`OWN${format}-${i}`), `${format} ${text}`).toBe(text)
    }
  })

  it.each([
    ['csv', 'en'],
    ['csv', 'nl'],
    ['xlsx', 'en'],
  ])("of Stockroom's own export (%s, %s) is its escape: the export imports back exactly", async (format, lang) => {
    const prefix = `RT${format}${lang}-`
    const made: { id: number }[] = []
    for (const [i, text] of texts.entries()) made.push(await make.product({ sku: `${prefix}${i}`, description: text }))
    const exported = await server.admin.get(`/api/products/export?format=${format}&lang=${lang}&sku=${prefix}`)
    expect(exported.statusCode).toBe(200)
    for (const product of made) ok(await server.admin.patch(`/api/products/${product.id}`, { description: 'changed since' }))

    const report = await imported('products', { name: `products.${format}`, content: exported.rawPayload })
    expect(report).toMatchObject({ status: 'done', rows: texts.length, updated: texts.length, refused: 0 })
    for (const [i, text] of texts.entries()) expect(await descriptionOf(`${prefix}${i}`), text).toBe(text)
  })

  it("of a download of refused rows is Stockroom's escape too: imported again, the rows hold the text they had", async () => {
    const first = await imported('products', {
      name: 'no-skus.csv',
      content: csv([['SKU', 'Description'], ...texts.map((text) => ['', text])]),
    })
    expect(first).toMatchObject({ refused: texts.length })
    const download = (await server.admin.get(`/api/imports/${first.id}/refused?lang=nl`)).rawPayload
    const again = await imported('products', { name: 'refused.csv', content: download }, { mapping: { Rij: '', Reden: '' } })
    expect(again).toMatchObject({ refused: texts.length })
    const descriptions = async (id: number) =>
      (await server.database.db.selectFrom('import_refusals').select('cells').where('import_id', '=', id).orderBy('id').execute()).map(
        (row) => (JSON.parse(row.cells) as Record<string, string>).Description,
      )
    expect(await descriptions(first.id)).toEqual(texts)
    expect(await descriptions(again.id)).toEqual(texts)
  })
})

describe('reverting an import', () => {
  it('removes what it created, restores what it changed, deletes what it booked; then refuses a second revert', async () => {
    const product = await make.product({ sku: 'REV-OLD', description: 'before' })
    const products = await imported(
      'products',
      productsCsv([
        ['REV-NEW', 'created', '', '', '', '', ''],
        ['REV-OLD', 'after', '', '', '', '', ''],
      ]),
    )
    const stock = await imported('stock', {
      name: 's.csv',
      content: csv([
        ['SKU', 'Warehouse', 'Location', 'Amount'],
        ['REV-OLD', 'North', 'Shelf A', '4'],
      ]),
    })
    expect(ok(await server.admin.get(`/api/products/${product.id}`))).toMatchObject({ description: 'after', stock: 4 })

    // the stock import booked on REV-OLD after the products import changed it: that import can go back only after it
    const blocked = await server.admin.delete(`/api/imports/${products.id}`)
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json()).toMatchObject({ code: 'IMPORT_CHANGED_SINCE', params: { what: 'Product "REV-OLD"' } })

    const revertedStock = ok(await server.admin.delete(`/api/imports/${stock.id}`))
    expect(revertedStock).toMatchObject({ status: 'reverted', reverted_at: expect.any(String) })
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).stock).toBe(0)
    expect(await checkLedger(server.database.db)).toEqual([])
    // the stock revert touched the product (its kept stock): the products import now meets a later change
    expect((await server.admin.delete(`/api/imports/${products.id}`)).json()).toMatchObject({ code: 'IMPORT_CHANGED_SINCE' })
    const again = await server.admin.delete(`/api/imports/${stock.id}`)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('IMPORT_REVERTED')
  })

  it('takes a products import back when nothing changed since, and refuses when a product was edited', async () => {
    const product = await make.product({ sku: 'RV2-OLD', description: 'before', article_number: 'x' })
    const report = await imported(
      'products',
      productsCsv([
        ['RV2-NEW', 'created', '', '', '', '', ''],
        ['RV2-OLD', 'after', 'y', '', '', '', ''],
      ]),
    )
    const created = ok(await server.admin.get('/api/products/?sku=RV2-NEW')).items[0]
    const reverted = ok(await server.admin.delete(`/api/imports/${report.id}`))
    expect(reverted.status).toBe('reverted')
    expect((await server.admin.get(`/api/products/${created.id}`)).statusCode).toBe(404)
    expect(ok(await server.admin.get(`/api/products/${product.id}`))).toMatchObject({ description: 'before', article_number: 'x' })
    const trail = ok(await server.admin.get(`/api/audit/?entity_type=product&entity_id=${product.id}&limit=1`))
    expect(trail[0]).toMatchObject({
      action: 'update',
      changes: { description: 'before', article_number: 'x', before: { description: 'after', article_number: 'y' } },
    })
    expect(ok(await server.admin.get(`/api/audit/?entity_type=import&entity_id=${report.id}&action=delete`))).toHaveLength(1)

    const second = await imported('products', productsCsv([['RV3-NEW', 'created', '', '', '', '', '']]))
    const edited = ok(await server.admin.get('/api/products/?sku=RV3-NEW')).items[0]
    ok(await server.admin.patch(`/api/products/${edited.id}`, { description: 'edited by hand' }))
    const refused = await server.admin.delete(`/api/imports/${second.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_CHANGED_SINCE',
      detail: 'Product "RV3-NEW" changed after the import, so the import cannot be reverted any more.',
    })
    expect((await server.admin.get(`/api/products/${edited.id}`)).statusCode).toBe(200)
  })

  it('lists imports newest first, and 404s an unknown one', async () => {
    const listed = await server.admin.get('/api/imports/?limit=2')
    expect(listed.statusCode).toBe(200)
    expect(Number(listed.headers['x-total-count'])).toBeGreaterThan(2)
    const [first, second] = listed.json()
    expect(first.id).toBeGreaterThan(second.id)
    expect((await server.admin.get('/api/imports/99999')).statusCode).toBe(404)
    expect((await server.admin.delete('/api/imports/99999')).statusCode).toBe(404)
  })
})

describe('in the audit trail', () => {
  /** The entries the trail lists for `query`, and how many match. */
  const listed = async (query = '') => {
    const res = await server.admin.get(`/api/audit/?${query}`)
    const entries: AuditEntry[] = ok(res)
    return { entries, total: Number(res.headers['x-total-count']) }
  }

  it("an import is one entry that opens to its rows; a product's history still lists its row", async () => {
    const before = (await listed('limit=1')).total
    const report = await imported(
      'products',
      productsCsv([
        ['PART-1', 'one', '', '', '', '', ''],
        ['PART-2', 'two', '', '', '', '', ''],
        ['PART-3', 'three', '', '', '', '', ''],
      ]),
    )
    const { entries, total } = await listed('limit=5')
    expect(total).toBe(before + 1)
    expect(entries[0]).toMatchObject({ entity_type: 'import', entity_id: report.id, action: 'create', parts: 3 })
    expect(entries.filter((entry) => entry.changes?.import_id === report.id)).toEqual([])

    const firstPage = await listed(`part_of=${entries[0].id}&limit=2`)
    expect(firstPage.total).toBe(3)
    const secondPage = await listed(`part_of=${entries[0].id}&limit=2&skip=2`)
    const rows = [...firstPage.entries, ...secondPage.entries]
    expect(rows.map((row) => [row.entity_type, row.action, row.subject, row.parts])).toEqual([
      ['product', 'create', 'PART-3', undefined],
      ['product', 'create', 'PART-2', undefined],
      ['product', 'create', 'PART-1', undefined],
    ])

    const product = ok(await server.admin.get('/api/products/?sku=PART-2')).items[0]
    const history = await listed(`product_id=${product.id}`)
    expect(history.entries.map((entry) => entry.id)).toEqual([rows[1].id])
  })

  it('a revert is one entry that opens to what it took back', async () => {
    const report = await imported('stock', {
      name: 'parts.csv',
      content: csv([
        ['SKU', 'Warehouse', 'Location', 'Amount'],
        ['OLD-1', 'North', 'Shelf A', '2'],
        ['OLD-1', 'North', 'Shelf A', '3'],
      ]),
    })
    const before = (await listed('limit=1')).total
    ok(await server.admin.delete(`/api/imports/${report.id}`))
    const { entries, total } = await listed('limit=1')
    expect(total).toBe(before + 1)
    expect(entries[0]).toMatchObject({ entity_type: 'import', entity_id: report.id, action: 'delete', parts: 2 })
    const rows = await listed(`part_of=${entries[0].id}`)
    expect(rows.total).toBe(2)
    expect(rows.entries.map((row) => [row.entity_type, row.action, row.changes?.revert])).toEqual([
      ['stock_mutation', 'delete', true],
      ['stock_mutation', 'delete', true],
    ])
    // the product's history lists the bookings and their deletions one by one
    const history = await listed(`product_id=${existing.id}&entity_type=stock_mutation&limit=4`)
    expect(history.entries.map((entry) => entry.action)).toEqual(['delete', 'delete', 'create', 'create'])
  })
})

describe('an import its server stops under', () => {
  it('is ended by any server once its heartbeat is old: failed, taken back, its upload removed; a live one is left alone', async () => {
    const { db } = server.database
    const dead = await imported('products', productsCsv([['DEAD-1'], ['DEAD-2']]), { mode: 'all_or_nothing' })
    const live = await imported('products', productsCsv([['LIVE-1']]), { mode: 'all_or_nothing' })
    const upload = path.join(server.config.DATA_DIR, 'imports', 'stockroom-import-left-by-a-crash')
    fs.writeFileSync(upload, 'SKU\nDEAD-1\nDEAD-2\n')
    // as a kill -9 leaves them: one runner died an hour ago, the other one renewed its heartbeat just now
    const running = { status: 'importing' as const, finished_at: null }
    const anHourAgo = new Date(Date.now() - 3600_000).toISOString()
    await db
      .updateTable('imports')
      .set({ ...running, runner_id: 'a-dead-server', heartbeat_at: anHourAgo, upload_path: upload, applied_through: 3 })
      .where('id', '=', dead.id)
      .execute()
    await db
      .updateTable('imports')
      .set({ ...running, runner_id: 'a-live-server', heartbeat_at: new Date().toISOString() })
      .where('id', '=', live.id)
      .execute()

    const runner = importRunnerOf(server.database)
    expect(await endAbandoned(server.database, runner.id, () => false, 60_000)).toEqual([dead.id])
    expect(ok(await server.admin.get(`/api/imports/${dead.id}`))).toMatchObject({
      status: 'failed',
      failure: 'The server stopped while the import ran; nothing of it is kept.',
      failure_code: 'interrupted_nothing_kept',
      applied_through: null,
    })
    expect(ok(await server.admin.get('/api/products/?sku=DEAD-')).items).toEqual([])
    // its take-back has no entry of its own: the two creations and their two deletions are parts of the import's entry
    const [own] = ok(await server.admin.get(`/api/audit/?entity_type=import&entity_id=${dead.id}`))
    expect(own).toMatchObject({ action: 'create', parts: 4 })
    const parts = ok(await server.admin.get(`/api/audit/?part_of=${own.id}`)) as { action: string }[]
    expect(parts.map((part) => part.action)).toEqual(['delete', 'delete', 'create', 'create'])
    expect(fs.existsSync(upload)).toBe(false)
    expect(ok(await server.admin.get(`/api/imports/${live.id}`))).toMatchObject({ status: 'importing' })
    // a second recovery finds nothing left to do
    expect(await endAbandoned(server.database, runner.id, () => false, 60_000)).toEqual([])
    expect(await checkLedger(db)).toEqual([])
    await db.updateTable('imports').set({ status: 'done' }).where('id', '=', live.id).execute()
  })

  it('keeps the whole batches of a batched import and names the last row written', async () => {
    const { db } = server.database
    const report = await imported('products', productsCsv([['KEPT-1'], ['KEPT-2']]))
    await db
      .updateTable('imports')
      .set({ status: 'importing', runner_id: 'a-dead-server', heartbeat_at: null, applied_through: 3 })
      .where('id', '=', report.id)
      .execute()
    expect(await endAbandoned(server.database, importRunnerOf(server.database).id, () => false, 60_000)).toEqual([report.id])
    expect(ok(await server.admin.get(`/api/imports/${report.id}`))).toMatchObject({
      status: 'failed',
      failure: 'The server stopped while the import ran; its rows through row 3 are kept.',
      failure_code: 'interrupted_batches_kept',
      applied_through: 3,
    })
    expect(ok(await server.admin.get('/api/products/?sku=KEPT-')).items).toHaveLength(2)
  })

  it('ends as failed when the server shuts down, an all-or-nothing one taken back', async () => {
    const own = await startServer()
    try {
      const ownToken = await own.login(ADMIN.email, ADMIN.password)
      const rows = Array.from({ length: 1500 }, (_, i) => [`STOP-${i}`])
      const res = await upload(own, ownToken, { kind: 'products', mode: 'all_or_nothing' }, productsCsv(rows), false)
      expect(res.statusCode, res.body).toBe(202)
      const id = res.json().id as number
      for (;;) {
        const now = ok(await own.admin.get(`/api/imports/${id}`))
        if (now.status !== 'checking' && (now.status !== 'importing' || now.processed >= 500)) break
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      await importRunnerOf(own.database).stop()
      const report = ok(await own.admin.get(`/api/imports/${id}`))
      const kept = ok(await own.admin.get('/api/products/?sku=STOP-&limit=1')).total
      // a shutdown that came after the last chunk finds it done
      expect(report.status === 'done' ? kept === 1500 : kept === 0 && report.failure_code === 'interrupted_nothing_kept').toBe(true)
      expect(fs.readdirSync(path.join(own.config.DATA_DIR, 'imports'))).toEqual([])
      expect(await checkLedger(own.database.db)).toEqual([])
    } finally {
      await own.close()
    }
  })
})
