// The document lists (counts, transfers): newest first, a page of DOCUMENT_PAGE_SIZE at a time, with the pager.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { StockCountSummary, StockTransfer } from '../../src/contract'
import CountList from '../../src/admin/counts/CountList'
import TransferList from '../../src/admin/transfers/TransferList'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { createHttpClient } from '../../src/admin/providers/http'
import { fakeFetch } from './fake-api'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import nl from '../../i18n/nl'
import { englishI18n, renderInAdmin } from './render'

const stamp = '2026-11-01T10:00:00.000Z'
const place = { warehouse_id: 1, warehouse_name: 'Rotterdam', location_id: 11, location_name: 'A-01' }
const count = (id: number): StockCountSummary => ({
  id,
  warehouse_id: 1,
  warehouse_name: 'Rotterdam',
  blind: false,
  status: 'open',
  note: null,
  user: { username: 'clerk' },
  lines_total: 3,
  lines_counted: 1,
  created_at: stamp,
  updated_at: stamp,
  submitted_at: null,
  applied_at: null,
  cancelled_at: null,
})
const transfer = (id: number): StockTransfer =>
  ({
    id,
    product_id: 5,
    amount: 2,
    note: null,
    from: place,
    to: { ...place, location_id: 12, location_name: 'B-07' },
    lines: [{ product: { id: 5, sku: 'SKU-5', article_number: 'A5', description: 'Bolt' }, amount: 2 }],
    mutations: [],
    reverses_id: null,
    reversed_by_id: null,
    created_at: stamp,
    user: { username: 'clerk' },
  }) as unknown as StockTransfer

/** `length` documents, newest first, paged by skip and limit as the API does; or the server failing */
function fakeDocuments<T>(resource: string, make: (id: number) => T, length = 30, failing = false) {
  const all = Array.from({ length }, (_, i) => make(length - i))
  const { fetch, requests } = fakeFetch((request) => {
    const url = new URL(request.url, 'http://x')
    if (url.pathname !== `/api/${resource}/`) return { status: 404, json: { detail: 'no fake' } }
    if (failing) return { status: 503, json: { detail: 'busy' } }
    const skip = Number(url.searchParams.get('skip'))
    const limit = Number(url.searchParams.get('limit'))
    return { json: all.slice(skip, skip + limit), headers: { 'x-total-count': String(all.length) } }
  })
  const dataProvider = createDataProvider(createHttpClient({ getToken: () => 'token', translate: englishI18n.translate, fetch }))
  return { dataProvider, requests }
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

describe('the document lists', () => {
  it('show the counts 25 at a time, newest first, with a pager to the older ones', async () => {
    const { dataProvider, requests } = fakeDocuments('stock_counts', count)
    renderInAdmin({ '/stock_counts': <CountList /> }, { at: '/stock_counts', dataProvider })
    const table = await screen.findByRole('table', { name: 'Counts' })
    expect(rowsOf(table)).toHaveLength(25)
    expect(rowsOf(table)[0]).toHaveTextContent('Count #30')
    expect(screen.getByText('1-25 of 30')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }))
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Counts' }))).toHaveLength(5))
    expect(rowsOf(screen.getByRole('table', { name: 'Counts' }))[4]).toHaveTextContent('Count #1')
    expect(screen.getByText('26-30 of 30')).toBeInTheDocument()
    expect(requests.map((r) => new URL(r.url, 'http://x').search)).toEqual([
      '?skip=0&limit=25&sort_by=id.desc',
      '?skip=25&limit=25&sort_by=id.desc',
    ])
  })

  it('page the transfers alike', async () => {
    const { dataProvider } = fakeDocuments('stock_transfers', transfer)
    renderInAdmin({ '/stock_transfers': <TransferList /> }, { at: '/stock_transfers', dataProvider })
    const table = await screen.findByRole('table', { name: 'Transfers' })
    expect(rowsOf(table)).toHaveLength(25)
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }))
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Transfers' }))).toHaveLength(5))
  })

  describe('on a phone', () => {
    // MUI asks matchMedia whether the screen is under its sm breakpoint (a max-width query)
    const phoneScreen = (query: string) =>
      ({ matches: query.includes('max-width'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList
    afterEach(() => vi.unstubAllGlobals())

    it('are a list of lines to tap, each leading to its document, with the same pager', async () => {
      vi.stubGlobal('matchMedia', phoneScreen)
      const { dataProvider } = fakeDocuments('stock_counts', count)
      renderInAdmin(
        { '/stock_counts': <CountList />, '/stock_counts/:id': <p>the count's own page</p> },
        { at: '/stock_counts', dataProvider },
      )
      const list = await screen.findByRole('list', { name: 'Counts' })
      expect(screen.queryByRole('table')).not.toBeInTheDocument()
      const lines = within(list).getAllByRole('button')
      expect(lines).toHaveLength(25)
      expect(lines[0]).toHaveTextContent('Count #30 · Rotterdam')
      expect(lines[0]).toHaveTextContent('1 / 3')
      expect(screen.getByText('1-25 of 30')).toBeInTheDocument()
      await userEvent.click(lines[0])
      expect(await screen.findByText("the count's own page")).toBeInTheDocument()
    })

    it("name the pager's buttons in the reader's language (react-admin leaves MUI's phone pager in English)", async () => {
      vi.stubGlobal('matchMedia', phoneScreen)
      const dutch = polyglotI18nProvider(() => nl, 'nl')
      const { dataProvider } = fakeDocuments('stock_transfers', transfer)
      renderInAdmin({ '/stock_transfers': <TransferList /> }, { at: '/stock_transfers', dataProvider, i18nProvider: dutch })
      const next = await screen.findByRole('button', { name: dutch.translate('ra.navigation.next') })
      expect(dutch.translate('ra.navigation.next')).not.toBe('Go to next page')
      expect(screen.getByRole('button', { name: dutch.translate('ra.navigation.previous') })).toBeDisabled()
      await userEvent.click(next)
      await waitFor(() => expect(screen.getAllByTestId('transfer-row')).toHaveLength(5))
    })
  })

  it("say there are none yet, or why they could not be loaded, in the reader's language", async () => {
    const none = fakeDocuments('stock_transfers', transfer, 0)
    const { unmount } = renderInAdmin({ '/stock_transfers': <TransferList /> }, { at: '/stock_transfers', dataProvider: none.dataProvider })
    expect(await screen.findByText('No transfers yet.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    unmount()

    const failing = fakeDocuments('stock_counts', count, 30, true)
    renderInAdmin({ '/stock_counts': <CountList /> }, { at: '/stock_counts', dataProvider: failing.dataProvider })
    expect(await screen.findByText('The server had a problem (503). Please try again later.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})
