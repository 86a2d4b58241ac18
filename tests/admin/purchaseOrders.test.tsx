// Receiving a purchase order: a scanned code finds its line on the phone (EAN, SKU, ASIN or the supplier's number, in
// any case), a location first, a code not on the order books nothing, a carton is typed, and "Book receipt" sends one
// receipt; after an unconfirmed send nothing changes, and pressing again sends it with the same Idempotency-Key.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import type { PurchaseOrder, PurchaseOrderLine, PurchaseReceipt } from '../../src/contract'
import { locationCode } from '../../src/contract/location-codes'
import ReceivePage from '../../src/admin/purchase_orders/ReceivePage'
import PurchaseOrderDetail from '../../src/admin/purchase_orders/PurchaseOrderDetail'
import { addUnits, matchScan, overReceived, receiptBody, scanIndex, setUnits } from '../../src/admin/purchase_orders/receiving'
import { ScanDetector } from '../../src/admin/common/scanning'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { createHttpClient } from '../../src/admin/providers/http'
import { fakeFetch, type Recorded } from './fake-api'
import { englishI18n, renderInAdmin } from './render'

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })
const stamp = '2026-11-01T10:00:00.000Z'

const line = (id: number, fields: Partial<PurchaseOrderLine>): PurchaseOrderLine => ({
  id,
  product_id: id * 10,
  sku: null,
  description: null,
  supplier_sku: null,
  barcode: null,
  sku_amazon: null,
  quantity: 6,
  received: 0,
  open: 6,
  unit_price: null,
  currency: null,
  ...fields,
})
const kettle = line(1, { sku: 'KET-1', barcode: '4006381333931', supplier_sku: 'LU-KET', description: 'Kettle' })
const lamp = line(2, { sku: 'LAMP-2', sku_amazon: 'B00LAMP', quantity: 4, received: 1, open: 3 })
const order: PurchaseOrder = {
  id: 7,
  number: 'PO-2026-00007',
  supplier_id: 3,
  supplier_name: 'Lumen',
  warehouse_id: 1,
  warehouse_name: 'Harbour',
  status: 'sent',
  expected_date: null,
  note: null,
  totals: [],
  lines_total: 2,
  open_quantity: 9,
  user: null,
  created_at: stamp,
  updated_at: stamp,
  sent_at: stamp,
  received_at: null,
  closed_at: null,
  cancelled_at: null,
  lines: [kettle, lamp],
}
const locations = [
  { id: 41, location_name: 'DOCK-1', warehouse_id: 1 },
  { id: 42, location_name: 'A-01', warehouse_id: 1 },
]

describe('matching a scan to a line, on the phone', () => {
  const index = scanIndex([kettle, lamp])

  it("finds a line by its EAN, our SKU, the ASIN or the supplier's number, in any case and with spaces around", () => {
    for (const code of ['4006381333931', 'ket-1', ' LU-KET ', 'lu-ket']) expect(matchScan(index, code)).toEqual({ line: kettle })
    expect(matchScan(index, 'b00lamp')).toEqual({ line: lamp })
    expect(matchScan(index, '5012345678900')).toBeUndefined()
  })

  it('says when two lines share a code, instead of guessing', () => {
    const twin = line(3, { supplier_sku: 'KET-1' })
    expect(matchScan(scanIndex([kettle, twin]), 'KET-1')).toEqual({ ambiguous: [kettle, twin] })
  })

  it('adds one per scan at a location, keeps each line in its place, and takes a typed count instead', () => {
    let pending = addUnits([], 1, 41, 1)
    pending = addUnits(pending, 2, 41, 1)
    pending = addUnits(pending, 1, 41, 1)
    pending = addUnits(pending, 1, 42, 1)
    expect(pending).toEqual([
      { line_id: 1, location_id: 41, quantity: 2 },
      { line_id: 2, location_id: 41, quantity: 1 },
      { line_id: 1, location_id: 42, quantity: 1 },
    ])
    pending = setUnits(pending, 2, 41, 12)
    expect(pending[1]).toEqual({ line_id: 2, location_id: 41, quantity: 12 })
    expect(setUnits(pending, 1, 41, 0).map((unit) => unit.location_id)).toEqual([41, 42])
    // the lamp has 3 open: 12 is more than is still to come
    expect(overReceived([kettle, lamp], pending)).toEqual([lamp])
    expect(receiptBody(pending, true)).toEqual({ lines: pending, allow_over_receipt: true })
  })

  it("takes an order's number from a busy phone's scanner for a scan, however slowly its keys come", () => {
    const detector = new ScanDetector<string>()
    let at = 1000
    const gaps = [11, 75, 40, 100, 23, 98]
    ;[...'PO-2026-00007'].forEach((char, i) => detector.key(char, (at += gaps[i % gaps.length]), 'field', ''))
    expect(detector.enter(at + 60)?.code).toBe('PO-2026-00007')
  })
})

function serve(receipt: (request: Recorded) => { status: number; json?: unknown }) {
  const { fetch, requests } = fakeFetch((request) => {
    const url = new URL(request.url, 'http://x')
    if (url.pathname === '/api/purchase_orders/7') return { json: order }
    if (url.pathname === '/api/warehouses/1/locations') return { json: locations, headers: { 'x-total-count': '2' } }
    if (url.pathname === '/api/purchase_orders/7/receipts' && request.method === 'POST') return receipt(request)
    return { status: 404, json: { detail: 'no fake' } }
  })
  const dataProvider = createDataProvider(createHttpClient({ getToken: () => 'token', translate: englishI18n.translate, fetch }))
  renderInAdmin({ '/purchase_orders/:id/receive': <ReceivePage /> }, { at: '/purchase_orders/7/receive', dataProvider })
  return requests
}
const enter = async (code: string) => {
  const field = screen.getByRole('textbox', { name: 'Barcode' })
  await userEvent.clear(field)
  await userEvent.type(field, `${code}{Enter}`)
}
const said = () => screen.getAllByRole('status').at(-1)!

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('the receiving screen', { timeout: 20_000 }, () => {
  const booked: PurchaseReceipt = {
    id: 5,
    purchase_order_id: 7,
    purchase_order_number: 'PO-2026-00007',
    purchase_order_status: 'partially_received',
    note: null,
    lines: [],
    user: null,
    created_at: stamp,
    reversed_at: null,
  }

  it('wants a location first, books nothing for a code not on the order, and sends what was scanned and typed as one receipt', async () => {
    const requests = serve(() => ({ status: 201, json: booked }))
    await screen.findByRole('heading', { level: 2, name: 'Receive PO-2026-00007' })
    await screen.findByRole('option', { name: 'DOCK-1' })
    await enter('4006381333931')
    expect(said()).toHaveTextContent('Scan or choose the location first.')
    await enter(locationCode(41))
    expect(said()).toHaveTextContent('Location DOCK-1 chosen.')
    await enter(locationCode(99))
    expect(said()).toHaveTextContent('L000099 is not a location of Harbour.')
    await enter('4006381333931')
    await enter('lu-ket')
    expect(said()).toHaveTextContent('KET-1 at DOCK-1: 2 now')
    await enter('5012345678900')
    expect(said()).toHaveTextContent('5012345678900 is not on PO-2026-00007: nothing is booked.')
    const lampHere = screen.getByRole('textbox', { name: 'How many of LAMP-2 at this location' })
    await userEvent.type(lampHere, '3{Enter}')
    expect(screen.getByTestId('receive-summary')).toHaveTextContent('5 units to book')
    const [kettleRow] = screen.getAllByTestId('receive-line')
    expect(within(kettleRow).getByTestId('receive-figures')).toHaveTextContent('Ordered 6 · received 0 · now 2')

    await userEvent.click(screen.getByRole('button', { name: 'Book receipt' }))
    expect(await screen.findByText('Receipt #5 is booked. The order is partly received now.')).toBeInTheDocument()
    const posted = requests.filter((r) => r.method === 'POST')
    expect(posted.map((r) => JSON.parse(r.body!))).toEqual([
      {
        lines: [
          { line_id: 1, location_id: 41, quantity: 2 },
          { line_id: 2, location_id: 41, quantity: 3 },
        ],
      },
    ])
  })

  it('asks before receiving more than is open, and only then allows it', async () => {
    const requests = serve(() => ({ status: 201, json: booked }))
    await screen.findByRole('option', { name: 'DOCK-1' })
    await enter(locationCode(42))
    await userEvent.type(screen.getByRole('textbox', { name: 'How many of LAMP-2 at this location' }), '4{Enter}')
    await userEvent.click(screen.getByRole('button', { name: 'Book receipt' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('More than is still to come: LAMP-2 (4 / 3).')
    expect(requests.filter((r) => r.method === 'POST')).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book receipt' }))
    await screen.findByText('Receipt #5 is booked. The order is partly received now.')
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toMatchObject({ allow_over_receipt: true })
  })

  it('after a send without an answer, changes nothing and sends the same receipt with the same key again', async () => {
    let answers = 0
    const requests = serve(() =>
      ++answers === 1 ? { status: 503, json: { detail: 'The database is away' } } : { status: 201, json: booked },
    )
    await screen.findByRole('option', { name: 'DOCK-1' })
    await enter(locationCode(41))
    await enter('4006381333931')
    await userEvent.click(screen.getByRole('button', { name: 'Book receipt' }))
    expect(await screen.findByText('Not confirmed yet. Press Book receipt again: it will not be booked twice.')).toBeInTheDocument()
    // a scan meanwhile would make it another receipt: it waits
    await enter('4006381333931')
    expect(said()).toHaveTextContent('Press Book receipt again first: the last one is not confirmed yet.')
    expect(screen.getByTestId('receive-summary')).toHaveTextContent('1 unit to book')
    await userEvent.click(screen.getByRole('button', { name: 'Book receipt' }))
    await screen.findByText('Receipt #5 is booked. The order is partly received now.')
    const posted = requests.filter((r) => r.method === 'POST')
    expect(posted).toHaveLength(2)
    expect(posted[1].body).toBe(posted[0].body)
    expect(posted[1].headers['idempotency-key']).toBe(posted[0].headers['idempotency-key'])
  })
})

describe("a draft's lines", { timeout: 20_000 }, () => {
  const draft: PurchaseOrder = { ...order, status: 'draft', sent_at: null, lines: [kettle] }

  it('take a product by its code (again: one more), are saved as the whole list, and the order is not sent while they are unsaved', async () => {
    const { fetch, requests } = fakeFetch((request) => {
      const url = new URL(request.url, 'http://x')
      if (url.pathname === '/api/purchase_orders/7' && request.method === 'GET') return { json: draft }
      if (url.pathname === '/api/products/')
        return url.searchParams.get('barcode') === '5012345678900'
          ? {
              json: { items: [{ id: 30, sku: 'STRAY-9', article_number: null, description: 'Stray', barcode: '5012345678900' }], total: 1 },
            }
          : { json: { items: [], total: 0 } }
      if (url.pathname === '/api/purchase_orders/7' && request.method === 'PATCH')
        return {
          json: {
            ...draft,
            updated_at: '2026-11-01T11:00:00.000Z',
            lines: [kettle, line(3, { product_id: 30, sku: 'STRAY-9', quantity: 2 })],
          },
        }
      return { status: 404, json: { detail: 'no fake' } }
    })
    const dataProvider = createDataProvider(createHttpClient({ getToken: () => 'token', translate: englishI18n.translate, fetch }))
    renderInAdmin({ '/purchase_orders/:id': <PurchaseOrderDetail /> }, { at: '/purchase_orders/7', dataProvider })
    const add = await screen.findByRole('textbox', { name: /Add a product/ })
    const send = screen.getByRole('button', { name: 'Send to the supplier' })
    expect(send).toBeEnabled()
    await userEvent.type(add, '5012345678900{Enter}')
    await screen.findByText('STRAY-9')
    await userEvent.type(add, '5012345678900{Enter}')
    await screen.findByDisplayValue('2')
    await userEvent.type(add, '0000000000000{Enter}')
    expect(await screen.findByText('No product has the barcode 0000000000000.')).toBeInTheDocument()
    expect(send).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Save lines' }))
    await screen.findByText('2 lines')
    expect(send).toBeEnabled()
    const patch = requests.find((r) => r.method === 'PATCH')!
    expect(JSON.parse(patch.body!)).toEqual({
      lines: [
        { id: 1, product_id: 10, quantity: 6 },
        { product_id: 30, quantity: 2 },
      ],
    })
  })
})
