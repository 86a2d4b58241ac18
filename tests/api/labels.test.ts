// Labels as PDF: they parse, have the layout's page size and label count, and every barcode on them, rendered at a
// printer's 300 dpi by pdftoppm, decodes back (with the camera path's decoder) to the product or location it names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LABEL_LAYOUTS, locationCode } from '../../src/contract'
import { decodeLabels, decodePdf, pdfInfo } from '../support/barcodes'
import { startServer, type TestServer } from './helpers'

let server: TestServer
const products: { id: number; barcode: string | null }[] = []
let warehouseId: number
const locations: { id: number; code: string; location_name: string }[] = []

beforeAll(async () => {
  server = await startServer()
  for (const [article_number, barcode] of [
    ['LBL-EAN', '4006381333931'],
    ['LBL-128', 'ACME-00042'],
    ['LBL-NONE', null],
  ] as const) {
    const res = await server.admin.post('/api/products/', {
      article_number,
      barcode,
      description: `Label test ${article_number}`,
      sku: `SKU-${article_number}`,
    })
    products.push(res.json())
  }
  warehouseId = (await server.admin.post('/api/warehouses/', { warehouse_name: 'Label hall' })).json().id
  for (const name of ['B-02', 'A-01', 'C-03', 'Dock 4']) {
    locations.push((await server.admin.post(`/api/warehouses/${warehouseId}/locations`, { location_name: name })).json())
  }
})
afterAll(() => server.close())

const pdfOf = async (url: string) => {
  const res = await server.admin.get(url)
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  return res.rawPayload
}
const values = (pages: { rawValue: string }[][]) => pages.map((page) => page.map((code) => code.rawValue))

describe('GET /api/labels/products.pdf', () => {
  it('prints one 62 x 29 mm roll label a page, copies of each, whose barcodes decode to the products', async () => {
    const [ean, code128] = products
    const pdf = await pdfOf(`/api/labels/products.pdf?id=${ean.id}&id=${code128.id}&layout=roll-62x29&copies=2`)
    const info = pdfInfo(pdf)
    expect(info.pages).toBe(4)
    expect(info.width).toBeCloseTo(62, 1)
    expect(info.height).toBeCloseTo(29, 1)
    const decoded = await decodePdf(pdf)
    expect(values(decoded)).toEqual([['4006381333931'], ['4006381333931'], ['ACME-00042'], ['ACME-00042']])
    // a valid EAN is printed as EAN-13, any other barcode as Code 128
    expect(decoded.map((page) => page[0].format)).toEqual(['ean_13', 'ean_13', 'code_128', 'code_128'])
  })

  it('prints a product named twice twice, as a receipt names each unit that came', async () => {
    const [ean, code128] = products
    const pdf = await pdfOf(`/api/labels/products.pdf?id=${ean.id}&id=${code128.id}&id=${ean.id}&layout=roll-62x29`)
    expect(values(await decodePdf(pdf))).toEqual([['4006381333931'], ['ACME-00042'], ['4006381333931']])
  })

  it('fills an A4 sheet of 3 x 8 labels of 70 x 37 mm, then the next sheet', async () => {
    const [ean, code128, none] = products
    const pdf = await pdfOf(`/api/labels/products.pdf?id=${ean.id}&id=${code128.id}&id=${none.id}&layout=a4-3x8&copies=9`)
    const info = pdfInfo(pdf)
    // 27 labels: a full sheet of 24 and three on the second
    expect(info.pages).toBe(2)
    expect(info.width).toBeCloseTo(210, 0)
    expect(info.height).toBeCloseTo(297, 0)
    const slots = (await decodeLabels(pdf, LABEL_LAYOUTS['a4-3x8'], 200)).map(values)
    // each label slot holds one barcode, in order; the product without a barcode gets its labels, without bars
    const eanSlots = Array.from({ length: 9 }, () => ['4006381333931'])
    const code128Slots = Array.from({ length: 9 }, () => ['ACME-00042'])
    const bare = Array.from({ length: 6 }, () => [])
    expect(slots[0]).toEqual([...eanSlots, ...code128Slots, ...bare])
    expect(slots[1]).toEqual([[], [], [], ...Array.from({ length: 21 }, () => [])])
  })

  it('refuses what it cannot print with a 422 naming the field, and needs a session', async () => {
    const missing = await server.admin.get('/api/labels/products.pdf?id=999999')
    expect(missing.statusCode).toBe(422)
    expect(missing.json().detail[0]).toMatchObject({ loc: ['query', 'id'], msg: 'Product 999999 does not exist' })
    expect((await server.admin.get('/api/labels/products.pdf')).statusCode).toBe(422)
    expect((await server.admin.get(`/api/labels/products.pdf?id=${products[0].id}&layout=letter`)).json().detail[0].loc).toEqual([
      'query',
      'layout',
    ])
    const tooMany = await server.admin.get(`/api/labels/products.pdf?id=${products[0].id}&id=${products[1].id}&copies=100`)
    expect(tooMany.statusCode).toBe(200)
    const ids = products.map((p) => `id=${p.id}`).join('&')
    const over = await server.admin.get(`/api/labels/products.pdf?${ids}&copies=${Math.ceil(1001 / products.length)}`)
    expect(over.statusCode).toBe(422)
    expect(over.json().detail[0].loc).toEqual(['query', 'copies'])
    expect((await server.anonymous.get(`/api/labels/products.pdf?id=${products[0].id}`)).statusCode).toBe(401)
  })
})

describe('GET /api/labels/locations.pdf', () => {
  it('prints every location of a warehouse by name, its code as Code 128 decoding back to the location', async () => {
    const pdf = await pdfOf(`/api/labels/locations.pdf?warehouse_id=${warehouseId}&layout=roll-62x29`)
    expect(pdfInfo(pdf).pages).toBe(4)
    const decoded = await decodePdf(pdf)
    const byName = [...locations].sort((a, b) => a.location_name.localeCompare(b.location_name))
    expect(values(decoded)).toEqual(byName.map((location) => [location.code]))
    expect(decoded.flat().every((code) => code.format === 'code_128')).toBe(true)
    expect(byName.map((l) => l.code)).toEqual(byName.map((l) => locationCode(l.id)))
  })

  it('prints the chosen locations only, on an A4 sheet', async () => {
    const [first, , third] = locations
    const pdf = await pdfOf(`/api/labels/locations.pdf?warehouse_id=${warehouseId}&id=${first.id}&id=${third.id}&copies=2`)
    expect(pdfInfo(pdf)).toMatchObject({ pages: 1 })
    expect(
      values(await decodePdf(pdf, 200))
        .flat()
        .sort(),
    ).toEqual([first.code, first.code, third.code, third.code].sort())
  })

  it('refuses an unknown warehouse or a location of another warehouse with a 422', async () => {
    const unknown = await server.admin.get('/api/labels/locations.pdf?warehouse_id=999999')
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().detail[0].loc).toEqual(['query', 'warehouse_id'])
    const other = (await server.admin.post('/api/warehouses/', { warehouse_name: 'Other hall' })).json().id
    const foreign = await server.admin.get(`/api/labels/locations.pdf?warehouse_id=${other}&id=${locations[0].id}`)
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().detail[0].loc).toEqual(['query', 'id'])
  })
})
