// Reorder levels per product and warehouse, the below_min filter of the product list, and the reorder report
// (grouped by supplier, what to order, totals per currency) with its export.
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductSummary, ReorderReport } from '../../src/contract'
import { startServer, type TestServer } from './helpers'
import { fixtures, ok, validationItems } from './product-fixtures'

let server: TestServer
let make: ReturnType<typeof fixtures>
let main: { id: number }
let north: { id: number }
let mainShelf: { id: number }
let acme: { id: number }
let zeta: { id: number }

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  main = await make.warehouse('Main')
  north = await make.warehouse('North')
  mainShelf = await make.location(main.id, 'M-1')
  await make.location(north.id, 'N-1')
  zeta = await make.organization('Zeta Supplies', { is_supplier: true })
  acme = await make.organization('Acme', { is_supplier: true })
})
afterAll(() => server.close())

async function product(sku: string, supplier: Record<string, unknown> | null, stock: [{ id: number }, { id: number }, number][] = []) {
  const made = await make.product({ sku, article_number: sku, description: `${sku} item` })
  if (supplier) ok(await server.admin.patch(`/api/products/${made.id}/supplier`, supplier))
  for (const [warehouse, location, amount] of stock)
    await make.book(made.id, { amount, warehouse_id: warehouse.id, location_id: location.id })
  return made as { id: number }
}
const setLevel = (productId: number, warehouseId: number, min_stock: number, max_stock: number) =>
  server.admin.put(`/api/products/${productId}/reorder_levels/${warehouseId}`, { min_stock, max_stock })
const listIds = async (query: string) => {
  const page = ok(await server.admin.get(`/api/products/?limit=100&${query}`))
  return {
    ids: page.items.map((p: ProductSummary) => p.id) as number[],
    total: page.total as number,
    items: page.items as ProductSummary[],
  }
}

describe('reorder levels', () => {
  it('sets, shows and removes a product’s minimum and maximum per warehouse, and marks it below its minimum', async () => {
    const lamp = await product('RO-LAMP', null, [[main, mainShelf, 3]])
    expect(ok(await setLevel(lamp.id, main.id, 5, 20))).toEqual({
      warehouse_id: main.id,
      warehouse_name: 'Main',
      min_stock: 5,
      max_stock: 20,
      on_hand: 3,
      below_min: true,
    })
    // a warehouse without stock of it counts as 0
    expect(ok(await setLevel(lamp.id, north.id, 0, 4))).toMatchObject({ on_hand: 0, below_min: false })
    const detail = ok(await server.admin.get(`/api/products/${lamp.id}`))
    expect(detail.below_min).toBe(true)
    expect(detail.reorder_levels.map((l: { warehouse_name: string; below_min: boolean }) => [l.warehouse_name, l.below_min])).toEqual([
      ['Main', true],
      ['North', false],
    ])
    // a warehouse that only has a level shows no stock row
    expect(detail.stock_warehouse_items.map((w: { warehouse_id: number }) => w.warehouse_id)).toEqual([main.id])

    await make.book(lamp.id, { amount: 2, warehouse_id: main.id, location_id: mainShelf.id })
    expect(ok(await server.admin.get(`/api/products/${lamp.id}`)).below_min).toBe(false)

    expect((await server.admin.delete(`/api/products/${lamp.id}/reorder_levels/${north.id}`)).statusCode).toBe(204)
    expect((await server.admin.delete(`/api/products/${lamp.id}/reorder_levels/${north.id}`)).statusCode).toBe(404)
    expect(ok(await server.admin.get(`/api/products/${lamp.id}`)).reorder_levels).toHaveLength(1)
    const [removal] = ok(await server.admin.get(`/api/audit/?entity_type=product&entity_id=${lamp.id}&limit=1`))
    expect(removal).toMatchObject({
      action: 'update',
      changes: { part: 'reorder_level', warehouse_id: north.id, before: { min_stock: 0, max_stock: 4, amount: 0 } },
    })
  })

  it('names the field of bad input and answers 404 for an unknown product or warehouse', async () => {
    const lamp = await product('RO-BAD', null)
    expect(validationItems(await setLevel(lamp.id, main.id, 5, 4))[0]).toMatchObject({ loc: ['body', 'max_stock'] })
    expect(validationItems(await setLevel(lamp.id, main.id, -1, 4))[0].loc).toEqual(['body', 'min_stock'])
    expect((await setLevel(lamp.id, 999999, 1, 2)).statusCode).toBe(404)
    expect((await setLevel(999999, main.id, 1, 2)).statusCode).toBe(404)
    expect(ok(await server.admin.get(`/api/products/${lamp.id}`)).reorder_levels).toEqual([])
  })
})

describe('the below_min filter of the product list', () => {
  it('lists the products below their minimum in a warehouse, or in any, and follows every booking', async () => {
    const low = await product('RO-F-LOW', null, [[main, mainShelf, 1]])
    const fine = await product('RO-F-FINE', null, [[main, mainShelf, 9]])
    const lowNorth = await product('RO-F-NORTH', null)
    ok(await setLevel(low.id, main.id, 2, 10))
    ok(await setLevel(fine.id, main.id, 2, 10))
    ok(await setLevel(lowNorth.id, north.id, 1, 3))
    ok(await setLevel(lowNorth.id, main.id, 0, 3))

    const inMain = await listIds(`below_min=true&warehouse_id=${main.id}&sku=RO-F`)
    expect(inMain.ids).toEqual([low.id])
    expect(inMain.items[0]).toMatchObject({ below_min: true, stock: 1 })
    expect((await listIds(`below_min=true&warehouse_id=${north.id}`)).ids).toEqual([lowNorth.id])
    const anywhere = await listIds('below_min=true')
    expect(anywhere.ids).toEqual(expect.arrayContaining([low.id, lowNorth.id]))
    expect(anywhere.ids).not.toContain(fine.id)
    expect(anywhere.total).toBe(anywhere.ids.length)
    // false filters nothing; the rows still say which are below
    const all = await listIds('sku=RO-F&sort_by=sku.asc')
    expect(all.items.map((p) => [p.sku, p.below_min])).toEqual([
      ['RO-F-FINE', false],
      ['RO-F-LOW', true],
      ['RO-F-NORTH', true],
    ])
    expect((await listIds('below_min=false&sku=RO-F')).total).toBe(3)
    // with the warehouse chosen, the mark is about that warehouse
    const northRows = await listIds(`sku=RO-F&warehouse_id=${north.id}&sort_by=sku.asc`)
    expect(northRows.items.map((p) => p.below_min)).toEqual([false, false, true])

    // the count follows the stock: a booking lifts the low product above its minimum
    const before = (await listIds('below_min=true')).total
    await make.book(low.id, { amount: 5, warehouse_id: main.id, location_id: mainShelf.id })
    expect((await listIds('below_min=true')).total).toBe(before - 1)
    expect((await listIds(`below_min=true&warehouse_id=${main.id}&sort_by=stock.desc`)).ids).not.toContain(low.id)
    await make.book(fine.id, { amount: -8, warehouse_id: main.id, location_id: mainShelf.id })
    expect((await listIds(`below_min=true&warehouse_id=${main.id}&sort_by=stock.desc&sku=RO-F`)).ids).toEqual([fine.id])
  })
})

describe('the reorder report', () => {
  it('groups what is below its minimum by supplier, with what to order and the total per currency', async () => {
    const bolts = await product(
      'RO-R-BOLT',
      { supplier_id: acme.id, minimum_order_quantity: 50, purchase_price: 0.1, purchase_currency: 'EUR' },
      [[main, mainShelf, 2]],
    )
    const nuts = await product(
      'RO-R-NUT',
      { supplier_id: acme.id, minimum_order_quantity: 5, purchase_price: 0.35, purchase_currency: 'USD' },
      [[main, mainShelf, 1]],
    )
    const glue = await product('RO-R-GLUE', { supplier_id: zeta.id, purchase_price: 4.99, purchase_currency: 'EUR' })
    const loose = await product('RO-R-LOOSE', null)
    ok(await setLevel(bolts.id, main.id, 10, 30)) // needs 28, raised to the minimum order of 50
    ok(await setLevel(nuts.id, main.id, 5, 12)) // needs 11, above the minimum order of 5
    ok(await setLevel(glue.id, north.id, 2, 6)) // needs 6
    ok(await setLevel(loose.id, main.id, 1, 1))

    const report: ReorderReport = ok(await server.admin.get('/api/reports/reorder'))
    const ours = report.suppliers
      .map((s) => ({ ...s, lines: s.lines.filter((l) => l.sku?.startsWith('RO-R')) }))
      .filter((s) => s.lines.length > 0)
    expect(ours.map((s) => s.supplier_name)).toEqual(['Acme', 'Zeta Supplies', null])
    expect(ours[0].lines.map((l) => [l.sku, l.on_hand, l.min_stock, l.max_stock, l.suggested, l.value])).toEqual([
      ['RO-R-BOLT', 2, 10, 30, 50, 5],
      ['RO-R-NUT', 1, 5, 12, 11, 3.85],
    ])
    expect(ours[0].totals).toEqual([
      { currency: 'EUR', value: 5 },
      { currency: 'USD', value: 3.85 },
    ])
    expect(ours[1].lines[0]).toMatchObject({ warehouse_name: 'North', suggested: 6, value: 29.94, purchase_currency: 'EUR' })
    expect(ours[2]).toMatchObject({ supplier_id: null, totals: [] })
    expect(ours[2].lines[0]).toMatchObject({ suggested: 1, purchase_price: null, value: null })

    const inNorth: ReorderReport = ok(await server.admin.get(`/api/reports/reorder?warehouse_id=${north.id}`))
    expect(inNorth.warehouse_id).toBe(north.id)
    expect(inNorth.suppliers.flatMap((s) => s.lines).every((l) => l.warehouse_id === north.id)).toBe(true)
    expect(validationItems(await server.admin.get('/api/reports/reorder?warehouse_id=999999'))[0].loc).toEqual(['query', 'warehouse_id'])
  })

  it('exports as CSV and XLSX: the rows of the report in its order, Dutch headers, text kept from running as a formula', async () => {
    const odd = await product('RO-CSV', {
      supplier_id: zeta.id,
      pack_size: 6,
      supplier_sku: 'Z-CSV-1',
      purchase_price: 1.25,
      purchase_currency: 'GBP',
    })
    ok(await server.admin.patch(`/api/products/${odd.id}`, { description: '=HYPERLINK("x"), 2" pipe' }))
    ok(await setLevel(odd.id, north.id, 3, 3))
    const report: ReorderReport = ok(await server.admin.get(`/api/reports/reorder?warehouse_id=${north.id}`))
    const lines = report.suppliers.flatMap((s) => s.lines.map((line) => ({ supplier: s.supplier_name, ...line })))
    expect(lines.find((line) => line.sku === 'RO-CSV')).toMatchObject({
      minimum_order_quantity: null,
      pack_size: 6,
      supplier_sku: 'Z-CSV-1',
    })

    const res = await server.admin.get(`/api/reports/reorder/export?format=csv&lang=nl&warehouse_id=${north.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="reorder-report-\d{4}-\d{2}-\d{2}\.csv"$/)
    // a Dutch reader's file separates its fields with ';'
    const [header, ...rows]: string[][] = parse(res.rawPayload.subarray(3).toString('utf8'), { delimiter: ';' })
    expect(header.slice(0, 5)).toEqual(['Leverancier', 'SKU', 'Artikelnummer', 'Omschrijving', 'Magazijn'])
    expect(header.slice(8, 12)).toEqual(['Minimale bestelhoeveelheid', 'Verpakkingseenheid', 'Artikelnummer leverancier', 'Te bestellen'])
    expect(rows.map((row) => [row[0], row[1], row[11]])).toEqual(lines.map((l) => [l.supplier ?? '', l.sku, String(l.suggested)]))
    expect(rows.find((row) => row[1] === 'RO-CSV')).toEqual([
      'Zeta Supplies',
      'RO-CSV',
      'RO-CSV',
      '\'=HYPERLINK("x"), 2" pipe',
      'North',
      '0',
      '3',
      '3',
      '',
      '6',
      'Z-CSV-1',
      // 3 short, ordered in whole cartons of 6
      '6',
      // a Dutch reader's decimals have a comma
      '1,25',
      'GBP',
      '7,5',
    ])

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(
      (await server.admin.get(`/api/reports/reorder/export?format=xlsx&warehouse_id=${north.id}`)).rawPayload as unknown as ArrayBuffer,
    )
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('Reorder report')
    expect(sheet.getRow(1).getCell(1).value).toBe('Supplier')
    expect(sheet.rowCount).toBe(lines.length + 1)
    // numbers are typed cells
    expect(typeof sheet.getRow(2).getCell(10).value).toBe('number')
    expect(typeof sheet.getRow(2).getCell(12).value).toBe('number')
    expect(validationItems(await server.admin.get('/api/reports/reorder/export?format=csv&warehouse_id=999999'))[0].loc).toEqual([
      'query',
      'warehouse_id',
    ])
  })
})
