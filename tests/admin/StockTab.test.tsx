import { describe, expect, it, vi } from 'vitest'
import { Notification } from 'react-admin'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import type { Product, StockMutation } from '../../src/contract'
import { productFieldRecord } from '../../src/contract/product-fields'
import StockTab from '../../src/admin/products/stock/StockTab'
import { ScannerProvider } from '../../src/admin/common/scanning'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { createHttpClient } from '../../src/admin/providers/http'
import { fakeFetch, type Recorded } from './fake-api'
import { englishI18n, renderInAdmin } from './render'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import nl from '../../i18n/nl'

// no pause between keystrokes: MUI forms re-render on each one, which is slow enough in jsdom
const userEvent = userEventLib.setup({ delay: null })
// rendering react-admin and MUI in jsdom takes seconds on a busy 2-core machine: wait longer for conditions
vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 8_000 })

const stamp = '2026-03-04T10:20:30.000Z'
const rotterdam = { id: 1, warehouse_name: 'Rotterdam', created_at: stamp, updated_at: stamp }
const amsterdam = { id: 2, warehouse_name: 'Amsterdam', created_at: stamp, updated_at: stamp }
const location = (id: number, name: string, warehouseId: number) => ({
  id,
  location_name: name,
  warehouse_id: warehouseId,
  created_at: stamp,
  updated_at: stamp,
})

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 5,
    ...productFieldRecord(() => null),
    article_number: 'ART-5',
    brand_id: null,
    brand: null,
    stock: 0,
    created_at: stamp,
    updated_at: stamp,
    stock_warehouse_items: [],
    stock_items: [],
    supplier_info: null,
    sellers_info: [],
    below_min: false,
    incoming: 0,
    reorder_levels: [],
    ...overrides,
  }
}

function mutation(id: number, amount: number, note: string | null = null): StockMutation {
  return {
    id,
    amount,
    note,
    reason: null,
    product_id: 5,
    warehouse_id: 1,
    location_id: 11,
    warehouse: { warehouse_name: 'Rotterdam' },
    location: { location_name: 'A-1' },
    user: { username: 'clerk' },
    transfer_id: null,
    transfer: null,
    source: { kind: 'manual', id: null, line_id: null, document: null },
    created_at: stamp,
    updated_at: stamp,
  }
}

type Answer = { status?: number; json?: unknown; headers?: Record<string, string> }

/** A small in-memory API for the stock tab: warehouses, their locations and the product's ledger. */
const REASONS = [
  { id: 1, code: 'received', name_en: 'Received', name_nl: 'Ontvangen', active: true, created_at: stamp, updated_at: stamp },
  { id: 2, code: 'damaged', name_en: 'Damaged', name_nl: 'Beschadigd', active: true, created_at: stamp, updated_at: stamp },
  { id: 3, code: 'stolen', name_en: 'Stolen', name_nl: 'Gestolen', active: false, created_at: stamp, updated_at: stamp },
]

function fakeStockApi(initial: { warehouses?: object[]; locations?: Record<number, object[]>; mutations?: StockMutation[] } = {}) {
  const warehouses = [...(initial.warehouses ?? [])] as { id: number; warehouse_name: string }[]
  const locations: Record<number, object[]> = { ...initial.locations }
  const mutations = [...(initial.mutations ?? [])]
  const overrides: ((request: Recorded) => Answer | undefined)[] = []
  let nextId = 100
  const list = (items: unknown[]): Answer => ({ json: items, headers: { 'x-total-count': String(items.length) } })

  const answer = (request: Recorded): Answer => {
    for (const override of overrides) {
      const answered = override(request)
      if (answered) return answered
    }
    const path = new URL(request.url, 'http://x').pathname.replace(/\/$/, '')
    const body = request.body ? JSON.parse(request.body) : undefined
    let match: RegExpMatchArray | null
    if (path === '/api/warehouses' && request.method === 'GET') return list(warehouses)
    if (path === '/api/booking_reasons' && request.method === 'GET') return list(REASONS)
    if (path === '/api/warehouses' && request.method === 'POST') {
      const created = { id: nextId++, ...body, created_at: stamp, updated_at: stamp }
      warehouses.push(created)
      return { status: 201, json: created }
    }
    if ((match = path.match(/^\/api\/warehouses\/(\d+)\/locations$/))) {
      const warehouseId = Number(match[1])
      if (request.method === 'GET') return list(locations[warehouseId] ?? [])
      const created = location(nextId++, body.location_name, warehouseId)
      locations[warehouseId] = [...(locations[warehouseId] ?? []), created]
      return { status: 201, json: created }
    }
    if ((match = path.match(/^\/api\/products\/5\/stock_mutations$/))) {
      if (request.method === 'GET') {
        const query = new URL(request.url, 'http://x').searchParams
        const skip = Number(query.get('skip') ?? 0)
        const limit = Number(query.get('limit') ?? 10)
        return { json: mutations.slice(skip, skip + limit), headers: { 'x-total-count': String(mutations.length) } }
      }
      const booked = { ...mutation(nextId++, body.amount, body.note), reason: body.reason ?? null }
      mutations.unshift(booked)
      return { status: 201, json: booked }
    }
    if ((match = path.match(/^\/api\/products\/5\/stock_mutations\/(\d+)$/)) && request.method === 'DELETE') {
      mutations.splice(
        mutations.findIndex((m) => m.id === Number(match![1])),
        1,
      )
      return { status: 204 }
    }
    return { status: 404, json: { detail: `no fake for ${request.method} ${path}` } }
  }

  const { fetch, requests } = fakeFetch(answer)
  const api = createHttpClient({ getToken: () => 'token', translate: englishI18n.translate, fetch })
  return { dataProvider: createDataProvider(api), requests, overrides, mutations }
}

function renderTab(api: ReturnType<typeof fakeStockApi>, shown: Product = product(), i18nProvider = englishI18n) {
  const refresh = vi.fn()
  renderInAdmin(
    {
      '/products/:id/stock': (
        // the layout's scan listener, as in the app
        <ScannerProvider>
          <StockTab product={shown} refresh={refresh} />
          <Notification />
        </ScannerProvider>
      ),
    },
    { at: '/products/5/stock', dataProvider: api.dataProvider, i18nProvider },
  )
  return { refresh }
}

/**
 * A hand-held scanner on a busy phone: the keys of `code` and Enter into the focused element, the pauses between them
 * taken in turn from `gaps` (on the events' own clock, so no test waits). What the browser then does is done too: a
 * key nobody stopped types its digit into a number field, an Enter nobody stopped submits the field's form.
 */
function scannerKeys(code: string, gaps = [11, 75, 40, 100, 23, 98, 64]) {
  let at = 50_000
  const send = (key: string, i: number) => {
    const field = document.activeElement as HTMLInputElement
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
    Object.defineProperty(event, 'timeStamp', { value: (at += gaps[i % gaps.length]) })
    if (!field.dispatchEvent(event)) return
    if (key === 'Enter') fireEvent.submit(field.form ?? field)
    // a number field takes digits only
    else if (field.type !== 'number' || /\d/.test(key)) fireEvent.change(field, { target: { value: field.value + key } })
  }
  act(() => [...code, 'Enter'].forEach(send))
}

const writes = (requests: Recorded[]) =>
  requests
    .filter((r) => r.method !== 'GET')
    .map((r) => ({ method: r.method, path: new URL(r.url, 'http://x').pathname, body: r.body && JSON.parse(r.body) }))

describe('StockTab', () => {
  it('shows the total and the non-zero levels, warehouses sorted by name', () => {
    const shown = product({
      stock: 12,
      stock_warehouse_items: [
        { warehouse_id: 1, warehouse: { id: 1, warehouse_name: 'Rotterdam' }, amount: 12, incoming: 0 },
        { warehouse_id: 3, warehouse: { id: 3, warehouse_name: 'Breda' }, amount: 0, incoming: 0 },
        { warehouse_id: 2, warehouse: { id: 2, warehouse_name: 'amsterdam' }, amount: 0, incoming: 0 },
      ],
      stock_items: [
        { warehouse_id: 1, location_id: 12, location: { id: 12, location_name: 'A-10' }, amount: 5 },
        { warehouse_id: 1, location_id: 11, location: { id: 11, location_name: 'A-2' }, amount: 7 },
        { warehouse_id: 1, location_id: 13, location: { id: 13, location_name: 'A-3' }, amount: 0 },
        { warehouse_id: 2, location_id: 21, location: { id: 21, location_name: 'Hal 1' }, amount: 4 },
        { warehouse_id: 2, location_id: 22, location: { id: 22, location_name: 'Hal 2' }, amount: -4 },
        { warehouse_id: 3, location_id: 31, location: { id: 31, location_name: 'Dock' }, amount: 0 },
      ],
    })
    renderTab(fakeStockApi({ warehouses: [rotterdam] }), shown)
    expect(screen.getByTestId('stock-total')).toHaveTextContent('12')
    const rows = within(screen.getByRole('table', { name: 'Stock per warehouse' })).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual(['amsterdam0', 'Hal 14', 'Hal 2-4', 'Rotterdam12', 'A-27', 'A-105'])
  })

  it('shows what is on its way per warehouse beside what is there, a warehouse with only incoming too, in Dutch', () => {
    const shown = product({
      stock: 12,
      incoming: 30,
      stock_warehouse_items: [
        { warehouse_id: 1, warehouse: { id: 1, warehouse_name: 'Rotterdam' }, amount: 12, incoming: 0 },
        { warehouse_id: 2, warehouse: { id: 2, warehouse_name: 'Amsterdam' }, amount: 0, incoming: 30 },
      ],
      stock_items: [{ warehouse_id: 1, location_id: 11, location: { id: 11, location_name: 'A-2' }, amount: 12 }],
    })
    renderTab(
      fakeStockApi({ warehouses: [rotterdam, amsterdam] }),
      shown,
      polyglotI18nProvider(() => nl, 'nl'),
    )
    const table = screen.getByRole('table', { name: 'Voorraad per magazijn' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Magazijn', 'Aanwezig', 'Onderweg'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent))).toEqual([
      ['Amsterdam', '0', '30'],
      ['Rotterdam', '12', '0'],
      ['A-2', '12', ''],
    ])
    expect(screen.getByTestId('incoming-total')).toHaveTextContent('30')
    expect(screen.getByText('Onderweg', { selector: 'p' })).toBeInTheDocument()
  })

  it('shows no incoming column while nothing is on its way', () => {
    renderTab(
      fakeStockApi({ warehouses: [rotterdam] }),
      product({
        stock: 3,
        stock_warehouse_items: [{ warehouse_id: 1, warehouse: { id: 1, warehouse_name: 'Rotterdam' }, amount: 3, incoming: 0 }],
      }),
    )
    expect(screen.queryByRole('columnheader', { name: 'Incoming' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('incoming-total')).not.toBeInTheDocument()
  })

  it('names the purchase order of a receipt as a link to the order, in Dutch', async () => {
    const received: StockMutation = {
      ...mutation(7, 6, 'Receipt #3 of PO-2026-00042'),
      source: { kind: 'receipt', id: 3, line_id: 9, document: { kind: 'purchase_order', id: 42, number: 'PO-2026-00042' } },
    }
    renderTab(
      fakeStockApi({ warehouses: [rotterdam], mutations: [received, mutation(6, 2)] }),
      product(),
      polyglotI18nProvider(() => nl, 'nl'),
    )
    const link = await screen.findByRole('link', { name: 'Inkooporder PO-2026-00042' })
    expect(link).toHaveAttribute('href', '/purchase_orders/42')
    // a plain booking names none
    const rows = screen.getAllByTestId('mutation-row')
    expect(within(rows[1]).queryByRole('link')).not.toBeInTheDocument()
  })

  it('says so when the product has no stock anywhere', () => {
    renderTab(fakeStockApi({ warehouses: [rotterdam] }))
    expect(screen.getByText('No stock in any warehouse.')).toBeInTheDocument()
  })

  it('books a mutation at the only warehouse and location, then clears the form, refreshes and lists it first', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] }, mutations: [mutation(7, 4)] })
    const { refresh } = renderTab(api)
    const submit = screen.getByRole('button', { name: 'Submit' })
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1'))
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveValue('1')
    expect(submit).toBeDisabled()

    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '-3')
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'broken box')
    expect(submit).toBeEnabled()
    await userEvent.click(submit)

    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    expect(writes(api.requests)).toEqual([
      {
        method: 'POST',
        path: '/api/products/5/stock_mutations/',
        body: { amount: -3, note: 'broken box', warehouse_id: 1, location_id: 11, product_id: 5 },
      },
    ])
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('')
    expect(submit).toBeDisabled()
    await waitFor(() => expect(screen.getAllByTestId('mutation-row')).toHaveLength(2))
    const [newest, older] = screen.getAllByTestId('mutation-row')
    expect(newest).toHaveTextContent('2026-03-04-3RotterdamA-1broken boxclerk')
    expect(older).toHaveTextContent('+4')
  })

  it('books out with Book out and the amount typed without a sign, with a reason; the reason shows in the list', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] } })
    const { refresh } = renderTab(api)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1'))
    expect(screen.getByRole('button', { name: 'Book in' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'Book out' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '3')
    await userEvent.click(screen.getByRole('combobox', { name: 'Reason' }))
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    // a retired reason is not offered
    expect(options).toEqual(['No reason', 'Received', 'Damaged'])
    await userEvent.click(screen.getByRole('option', { name: 'Damaged' }))
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    expect(writes(api.requests)).toEqual([
      {
        method: 'POST',
        path: '/api/products/5/stock_mutations/',
        body: { amount: -3, note: null, reason: 'damaged', warehouse_id: 1, location_id: 11, product_id: 5 },
      },
    ])
    // the direction stays for the next booking, the reason clears
    expect(screen.getByRole('button', { name: 'Book out' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('combobox', { name: 'Reason' })).toHaveTextContent('No reason')
    await waitFor(() => expect(screen.getAllByTestId('mutation-row')[0]).toHaveTextContent('-3RotterdamA-1Damaged'))
  })

  it('after a booking the cursor waits in Location; a scan with keys up to 100 ms apart, even into Amount, books nothing and chooses the location', async () => {
    const api = fakeStockApi({
      warehouses: [rotterdam, amsterdam],
      locations: { 1: [location(11, 'A-1', 1)], 2: [location(21, 'Hal 1', 2), location(22, 'Hal 2', 2)] },
    })
    api.overrides.push((r) =>
      r.method === 'GET' && new URL(r.url, 'http://x').pathname.startsWith('/api/locations')
        ? { json: [{ ...location(21, 'Hal 1', 2), code: 'L000021' }], headers: { 'x-total-count': '1' } }
        : undefined,
    )
    const { refresh } = renderTab(api)
    const warehouse = screen.getByRole('combobox', { name: 'Warehouse' })
    await waitFor(() => expect(warehouse).toBeEnabled())
    await userEvent.selectOptions(warehouse, 'Rotterdam')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1'))
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '5{Enter}')
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveFocus()

    // the scan of the next location label, its keys delayed by a busy phone, with the cursor put back in Amount
    screen.getByRole('textbox', { name: 'Amount' }).focus()
    scannerKeys('L000021')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Hal 1'))
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveDisplayValue('Amsterdam')
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
    expect(writes(api.requests)).toEqual([
      {
        method: 'POST',
        path: '/api/products/5/stock_mutations/',
        body: { amount: 5, note: null, warehouse_id: 1, location_id: 11, product_id: 5 },
      },
    ])
    expect(refresh).toHaveBeenCalledTimes(1)
    // the same for an EAN-13 scanned into Amount: no screen here takes it, and it is not booked either
    screen.getByRole('textbox', { name: 'Amount' }).focus()
    scannerKeys('4006381333931')
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
    expect(writes(api.requests)).toHaveLength(1)
  })

  it('the Transfer form takes scans in the order walked: from, to, then the product, one more a scan; nothing behind it changes', async () => {
    const api = fakeStockApi({
      warehouses: [rotterdam, amsterdam],
      locations: { 1: [location(11, 'A-1', 1), location(12, 'A-2', 1)], 2: [location(21, 'Hal 1', 2)] },
    })
    const lamp = { ...product(), id: 5, sku: 'LAMP', barcode: '4006381333931' }
    const shade = { ...product(), id: 6, article_number: 'SHADE', barcode: '96385074' }
    api.overrides.push((r) => {
      const url = new URL(r.url, 'http://x')
      if (r.method === 'GET' && url.pathname.startsWith('/api/stock_levels')) return { json: [], headers: { 'x-total-count': '0' } }
      if (r.method === 'GET' && url.pathname.replace(/\/$/, '') === '/api/products') {
        const found = [lamp, shade].filter((p) => p.barcode === url.searchParams.get('barcode'))
        return { json: { items: found, total: found.length } }
      }
      if (r.method === 'POST' && url.pathname.startsWith('/api/stock_transfers'))
        return { status: 201, json: { id: 9, lines: [{}], from: {}, to: {} } }
      return undefined
    })
    const shown = product({
      stock: 4,
      stock_items: [{ warehouse_id: 1, location_id: 11, location: { id: 11, location_name: 'A-1' }, amount: 4 }],
    })
    renderTab(api, shown)
    const warehouse = screen.getByRole('combobox', { name: 'Warehouse' })
    await waitFor(() => expect(warehouse).toBeEnabled())
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Transfer ART-5' }))
    const from = dialog.getByRole('combobox', { name: 'From' })
    await waitFor(() => expect(from).toBeEnabled())
    // the places holding the product come first, with the amount there; the picker is searched by a part of a name
    await userEvent.click(from)
    const picked = within(await screen.findByRole('listbox'))
    expect(picked.getAllByRole('option').map((option) => option.textContent)).toEqual(['Rotterdam / A-14', 'Hal 1', 'A-2'])
    expect(screen.getByRole('listbox').firstElementChild).toHaveTextContent(/^Holding ART-5/)
    await userEvent.type(from, 'hal')
    const listed = () => within(screen.getByRole('listbox')).getAllByRole('option')
    await waitFor(() => expect(listed().map((option) => option.textContent)).toEqual(['Hal 1']))
    await userEvent.clear(from)
    await userEvent.keyboard('{Escape}')
    dialog.getByRole('spinbutton', { name: 'Amount ART-5' }).focus()

    scannerKeys('L000011')
    await waitFor(() => expect(from).toHaveValue('Rotterdam / A-1 (4)'))
    expect(dialog.getByRole('status')).toHaveTextContent('From Rotterdam / A-1')
    scannerKeys('L000012')
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'To' })).toHaveValue('Rotterdam / A-2'))
    scannerKeys('4006381333931')
    await waitFor(() => expect(dialog.getByRole('spinbutton', { name: 'Amount ART-5' })).toHaveValue(1))
    scannerKeys('4006381333931', [98, 11, 100, 75])
    await waitFor(() => expect(dialog.getByRole('spinbutton', { name: 'Amount ART-5' })).toHaveValue(2))
    // another product is not this transfer's, and opens nothing
    scannerKeys('96385074')
    await waitFor(() => expect(dialog.getByRole('status')).toHaveTextContent('SHADE is not the product of this transfer.'))
    expect(screen.getByRole('dialog', { name: 'Transfer ART-5' })).toBeInTheDocument()
    // the booking form behind it kept its choice: the location scans were the transfer's
    expect(warehouse).toHaveValue('')

    await userEvent.click(dialog.getByRole('button', { name: 'Transfer' }))
    await waitFor(() => expect(writes(api.requests)).toHaveLength(1))
    expect(writes(api.requests)[0]).toMatchObject({
      method: 'POST',
      path: '/api/stock_transfers/',
      body: { from_location_id: 11, to_location_id: 12, lines: [{ product_id: 5, amount: 2 }] },
    })
  })

  it('a product scanned while an amount is typed opens nothing: the typed booking is not thrown away', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] } })
    renderTab(api)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1'))
    // typed long before the scan (no key events here: the scanner's keys run on their own clock)
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '7' } })
    screen.getByRole('textbox', { name: 'Amount' }).focus()
    scannerKeys('4006381333931')
    await waitFor(() => expect(document.body.textContent).toContain('4006381333931 was not opened'))
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('7')
    expect(api.requests.some((r) => new URL(r.url, 'http://x').searchParams.get('barcode') !== null)).toBe(false)
  })

  it('says so when a scanned location cannot be looked up, and books nothing', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] } })
    api.overrides.push((r) =>
      r.method === 'GET' && new URL(r.url, 'http://x').pathname.startsWith('/api/locations') ? { status: 500, json: {} } : undefined,
    )
    renderTab(api)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1'))
    screen.getByRole('textbox', { name: 'Amount' }).focus()
    scannerKeys('L000021')
    expect(await screen.findByText('The server had a problem (500). Please try again later.')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1')
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('')
    expect(writes(api.requests)).toEqual([])
  })

  it('asks before booking an amount over 100 and over ten times what the location holds, in or out', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] } })
    const shown = product({
      stock: 13,
      stock_items: [{ warehouse_id: 1, location_id: 11, location: { id: 11, location_name: 'A-1' }, amount: 13 }],
    })
    const { refresh } = renderTab(api, shown)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1'))
    const amount = screen.getByRole('textbox', { name: 'Amount' })

    await userEvent.type(amount, '469{Enter}')
    const question = await screen.findByRole('dialog', { name: 'Book +469?' })
    expect(question).toHaveTextContent('A-1 holds 13; +469 is more than ten times that. Was it typed as an amount?')
    // Cancel has the focus: a stray Enter books nothing
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(writes(api.requests)).toEqual([])
    expect(amount).toHaveValue('469')

    // out alike: 131 is more than ten times 13
    await userEvent.clear(amount)
    await userEvent.type(amount, '-131{Enter}')
    const out = await screen.findByRole('dialog', { name: 'Book -131?' })
    await userEvent.click(within(out).getByRole('button', { name: 'Book -131' }))
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    // the question fades out (a MUI transition, slower on a busy machine) before the next amount is typed
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(writes(api.requests)).toEqual([
      {
        method: 'POST',
        path: '/api/products/5/stock_mutations/',
        body: { amount: -131, note: null, warehouse_id: 1, location_id: 11, product_id: 5 },
      },
    ])
    // 130 is within ten times 13: booked without a question
    await userEvent.type(amount, '130{Enter}')
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(2))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('asks again before taking a location below zero where the warehouse wants a yes, and books it with allow_negative', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] } })
    // the server asks for the first try (INSUFFICIENT_STOCK, policy confirm); the yes carries allow_negative
    api.overrides.push((r) =>
      r.method === 'POST' && !(r.body ?? '').includes('allow_negative')
        ? {
            status: 409,
            json: {
              detail: 'LAMP: 13 at Rotterdam / A-1, not the 20 to take out.',
              code: 'INSUFFICIENT_STOCK',
              params: { product: 'LAMP', available: 13, amount: 20, warehouse: 'Rotterdam', location: 'A-1', policy: 'confirm' },
            },
          }
        : undefined,
    )
    const { refresh } = renderTab(api)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1'))
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '-20{Enter}')
    const question = await screen.findByRole('dialog', { name: 'Book -20?' })
    expect(question).toHaveTextContent('A-1 holds 13; booking -20 leaves -7 there. Book it anyway?')
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    expect(refresh).not.toHaveBeenCalled()
    await userEvent.click(within(question).getByRole('button', { name: 'Book -20' }))
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    expect(writes(api.requests).map((w) => w.body)).toEqual([
      { amount: -20, note: null, warehouse_id: 1, location_id: 11, product_id: 5 },
      { amount: -20, note: null, warehouse_id: 1, location_id: 11, product_id: 5, allow_negative: true },
    ])
  })

  it('shows why a booking failed and keeps what was typed', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] } })
    api.overrides.push((r) =>
      r.method === 'POST'
        ? { status: 422, json: { detail: [{ loc: ['body', 'location_id'], msg: 'Location 11 does not exist', type: 'missing' }] } }
        : undefined,
    )
    const { refresh } = renderTab(api)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1'))
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '10{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('location_id: Location 11 does not exist')
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('10')
    expect(refresh).not.toHaveBeenCalled()
  })

  it('with no warehouses opens the create input, and a new warehouse and location are selected', async () => {
    const api = fakeStockApi()
    renderTab(api)
    const name = await screen.findByRole('textbox', { name: 'New warehouse' })
    expect(screen.getByText('No warehouses yet: create the first one.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
    await userEvent.type(name, 'Breda{Enter}')

    const locationName = await screen.findByRole('textbox', { name: 'New location' })
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveValue('100')
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveDisplayValue('Breda')
    await userEvent.type(locationName, 'Dock 1{Enter}')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveDisplayValue('Dock 1'))
    expect(writes(api.requests)).toEqual([
      { method: 'POST', path: '/api/warehouses/', body: { warehouse_name: 'Breda' } },
      { method: 'POST', path: '/api/warehouses/100/locations/', body: { location_name: 'Dock 1' } },
    ])
  })

  it('picking a warehouse loads its locations: several to choose from, or none and the create input opens', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam, amsterdam], locations: { 1: [location(11, 'A-1', 1), location(12, 'A-2', 1)] } })
    renderTab(api)
    const warehouse = await screen.findByRole('combobox', { name: 'Warehouse' })
    await waitFor(() => expect(warehouse).toBeEnabled())
    expect(screen.getByRole('combobox', { name: 'Location' })).toBeDisabled()
    await userEvent.selectOptions(warehouse, 'Rotterdam')
    const locationSelect = screen.getByRole('combobox', { name: 'Location' })
    await waitFor(() => expect(locationSelect).toBeEnabled())
    expect(locationSelect).toHaveValue('')
    // the location is an autocomplete: its options show once it opens, the empty choice is its placeholder
    expect(locationSelect).toHaveAttribute('placeholder', 'Choose a location')
    await userEvent.click(locationSelect)
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['A-1', 'A-2'])
    await userEvent.keyboard('{Escape}')
    expect(api.requests.some((r) => r.url.startsWith('/api/warehouses/1/locations'))).toBe(true)

    await userEvent.selectOptions(warehouse, 'Amsterdam')
    expect(await screen.findByRole('textbox', { name: 'New location' })).toBeInTheDocument()
    expect(screen.getByText('This warehouse has no locations yet: create the first one.')).toBeInTheDocument()
  })

  it('renames a warehouse with Enter and reloads the product, whose levels name it', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] } })
    api.overrides.push((r) => (r.method === 'PATCH' ? { json: { ...rotterdam, ...JSON.parse(r.body!) } } : undefined))
    const { refresh } = renderTab(api)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveValue('1'))
    await userEvent.click(screen.getByRole('button', { name: 'Rename warehouse' }))
    const name = screen.getByRole('textbox', { name: 'Rename warehouse' })
    expect(name).toHaveValue('Rotterdam')
    await userEvent.clear(name)
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await userEvent.type(name, 'Zwolle{Enter}')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveDisplayValue('Zwolle'))
    expect(writes(api.requests)).toEqual([{ method: 'PATCH', path: '/api/warehouses/1', body: { warehouse_name: 'Zwolle' } }])
    expect(refresh).toHaveBeenCalled()
  })

  it('asks before removing a warehouse and shows the refusal of the server', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] } })
    api.overrides.push((r) =>
      r.method === 'DELETE'
        ? {
            status: 409,
            json: {
              detail: 'Warehouse "Rotterdam" has 2 stock mutations and cannot be deleted.',
              code: 'WAREHOUSE_IN_USE',
              params: { name: 'Rotterdam', count: 2 },
            },
          }
        : undefined,
    )
    renderTab(api)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveValue('1'))
    await userEvent.click(screen.getByRole('button', { name: 'Remove warehouse' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Remove warehouse "Rotterdam"?')).toBeInTheDocument()
    expect(within(dialog).getByText('Warehouse and all related locations will be deleted.')).toBeInTheDocument()
    expect(
      within(dialog).getByText('Deletion is only possible if no stock mutations are registered to this warehouse.'),
    ).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Warehouse "Rotterdam" has 2 stock mutations and cannot be deleted.')
    expect(writes(api.requests)).toEqual([{ method: 'DELETE', path: '/api/warehouses/1', body: undefined }])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveDisplayValue('Rotterdam')
  })

  it('removes a location after confirmation; the warehouse then has none and the create input opens', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], locations: { 1: [location(11, 'A-1', 1)] } })
    api.overrides.push((r) => (r.method === 'DELETE' ? { status: 204 } : undefined))
    renderTab(api)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('A-1'))
    await userEvent.click(screen.getByRole('button', { name: 'Remove location' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Remove location "A-1"?')).toBeInTheDocument()
    expect(within(dialog).getByText('Deletion is only possible if no stock mutations are registered to this location.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByRole('textbox', { name: 'New location' })).toBeInTheDocument()
    expect(writes(api.requests)).toEqual([{ method: 'DELETE', path: '/api/warehouses/1/locations/11', body: undefined }])
  })

  it('deletes a mutation after confirmation and reloads the product and the list', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam], mutations: [mutation(8, -3), mutation(7, 10, 'delivery')] })
    const { refresh } = renderTab(api)
    await waitFor(() => expect(screen.getAllByTestId('mutation-row')).toHaveLength(2))
    await userEvent.click(within(screen.getAllByTestId('mutation-row')[0]).getByRole('button', { name: 'Delete mutation' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('The stock at Rotterdam / A-1 changes by +3.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    expect(writes(api.requests)).toEqual([{ method: 'DELETE', path: '/api/products/5/stock_mutations/8', body: undefined }])
    await waitFor(() => expect(screen.getAllByTestId('mutation-row')).toHaveLength(1))
    expect(screen.getByTestId('mutation-row')).toHaveTextContent('+10')
  })

  it('shows 10 mutations a page, newest first, with a way to see older ones', async () => {
    const many = Array.from({ length: 13 }, (_, i) => mutation(100 - i, i + 1))
    const api = fakeStockApi({ warehouses: [rotterdam], mutations: many })
    renderTab(api)
    await waitFor(() => expect(screen.getAllByTestId('mutation-row')).toHaveLength(10))
    expect(screen.getByText('1-10 of 13')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }))
    await waitFor(() => expect(screen.getAllByTestId('mutation-row')).toHaveLength(3))
    expect(screen.getAllByTestId('mutation-row')[0]).toHaveTextContent('+11')
    const pages = api.requests
      .filter((r) => r.url.startsWith('/api/products/5/stock_mutations'))
      .map((r) => new URL(r.url, 'http://x').search)
    expect(pages).toEqual(['?skip=0&limit=10&sort_by=id.desc', '?skip=10&limit=10&sort_by=id.desc'])
  })

  it('shows a failed list instead of an empty one', async () => {
    const api = fakeStockApi({ warehouses: [rotterdam] })
    api.overrides.push((r) => (r.url.startsWith('/api/products/5/stock_mutations') ? { status: 503, json: { detail: 'down' } } : undefined))
    renderTab(api)
    expect(await screen.findByText('The server had a problem (503). Please try again later.')).toBeInTheDocument()
    expect(screen.queryByText('No stock mutations yet.')).not.toBeInTheDocument()
  })
})
