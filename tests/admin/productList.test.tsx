import { beforeEach, describe, expect, it } from 'vitest'
import { act, configure, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import { ResourceContextProvider } from 'ra-core'
import { Link } from 'react-router-dom'
import ProductList from '../../src/admin/products/ProductList'
import { ScannerProvider } from '../../src/admin/common/scanning'
import { DEFAULT_SORT, nextSort } from '../../src/admin/products/list/sorting'
import { pageCount, pagerState } from '../../src/admin/products/list/paging'
import { highlightSince, isHighlighted } from '../../src/admin/products/list/highlight'
import { withFilter } from '../../src/admin/products/list/filters'
import { isWebUrl } from '../../src/contract/constants'
import { fakeProductsApi, manyProducts, renderScreens } from './products-fake'

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('the sort cycle', () => {
  it('goes ascending, descending, then back to created_at ascending', () => {
    const first = nextSort(DEFAULT_SORT, 'article_number')
    expect(first).toEqual({ field: 'article_number', order: 'ASC' })
    const second = nextSort(first, 'article_number')
    expect(second).toEqual({ field: 'article_number', order: 'DESC' })
    expect(nextSort(second, 'article_number')).toEqual({ field: 'created_at', order: 'ASC' })
  })

  it('starts ascending on another column whatever the current order', () => {
    expect(nextSort({ field: 'article_number', order: 'DESC' }, 'stock')).toEqual({ field: 'stock', order: 'ASC' })
  })
})

describe('page count', () => {
  it('is the total divided by the page size, rounded up', () => {
    expect(pageCount(34, 10)).toBe(4)
    expect(pageCount(30, 10)).toBe(3)
    expect(pageCount(1, 100)).toBe(1)
    expect(pageCount(0, 10)).toBe(0)
  })

  it('disables Previous on the first page and Next on the last', () => {
    expect(pagerState(34, 1, 10)).toEqual({ pages: 4, previousDisabled: true, nextDisabled: false })
    expect(pagerState(34, 2, 10)).toEqual({ pages: 4, previousDisabled: false, nextDisabled: false })
    expect(pagerState(34, 4, 10)).toEqual({ pages: 4, previousDisabled: false, nextDisabled: true })
    expect(pagerState(0, 1, 10)).toEqual({ pages: 0, previousDisabled: true, nextDisabled: true })
  })
})

describe('list helpers', () => {
  it('sets a filter, and removes it when emptied', () => {
    expect(withFilter({ sku: 'a', brand_id: 2 }, 'sku', 'b')).toEqual({ sku: 'b', brand_id: 2 })
    expect(withFilter({ sku: 'a', brand_id: 2 }, 'sku', '')).toEqual({ brand_id: 2 })
    expect(withFilter({ sku: 'a' }, 'brand_id', undefined)).toEqual({ sku: 'a' })
  })

  it('highlights what changed since the session began, and keeps that moment for the tab', () => {
    const since = highlightSince(sessionStorage, () => Date.parse('2026-05-01T10:00:00Z'))
    expect(highlightSince(sessionStorage, () => Date.parse('2026-05-01T11:00:00Z'))).toBe(since)
    expect(isHighlighted({ updated_at: '2026-05-01T10:00:01Z' }, since)).toBe(true)
    expect(isHighlighted({ updated_at: '2026-05-01T09:59:59Z' }, since)).toBe(false)
    expect(isHighlighted({ updated_at: null }, since)).toBe(false)
  })

  it('takes only http(s) addresses for an image', () => {
    expect(isWebUrl('https://img.example/a.png')).toBe(true)
    expect(isWebUrl('http://img.example/a.png')).toBe(true)
    expect(isWebUrl('HTTPS://IMG.EXAMPLE/A.PNG')).toBe(true)
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/a.png', '', null]) expect(isWebUrl(url)).toBe(false)
  })
})

/** Opens the list; most tests start from created order (the sort the cycle returns to), one checks the default. */
function openList(api = fakeProductsApi(catalogue()), at = '/products?sort=created_at&order=ASC') {
  renderScreens(
    {
      '/products': (
        <ResourceContextProvider value="products">
          <ProductList />
        </ResourceContextProvider>
      ),
      '/products/:id': <Link to="/products">back to the list</Link>,
    },
    { at, dataProvider: api.dataProvider },
  )
  return api
}

const catalogue = (count = 34) => ({
  products: manyProducts(count),
  brands: [
    { id: 1, brand_name: 'Acme' },
    { id: 2, brand_name: 'Bosch' },
  ],
  warehouses: [
    { id: 2, warehouse_name: 'Zwolle' },
    { id: 1, warehouse_name: 'Amsterdam' },
  ],
})

/** A row's cells but the one with the selection checkbox (the selection prints labels). */
const dataCells = (row: HTMLElement, role: 'cell' | 'columnheader' = 'cell') =>
  within(row)
    .getAllByRole(role)
    .filter((cell) => !within(cell).queryByRole('checkbox'))
const skus = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => dataCells(row)[1].textContent)
const footerCount = () => screen.findByText(/^# Products: \d+$/)

describe('Products list', { timeout: 60_000 }, () => {
  it("filters by a scanned whole EAN, and refuses digits that are none (a cut-off code) in the reader's language", async () => {
    const api = fakeProductsApi(catalogue())
    renderScreens(
      {
        '/products': (
          <ScannerProvider>
            <ResourceContextProvider value="products">
              <ProductList />
            </ResourceContextProvider>
          </ScannerProvider>
        ),
      },
      { at: '/products?sort=created_at&order=ASC', dataProvider: api.dataProvider, locale: 'nl' },
    )
    await screen.findByText('SKU-001')
    /** a scanner's keys 8 ms apart and its Enter, on the events' own clock */
    const scan = (code: string) =>
      act(() => {
        let at = 90_000
        for (const key of [...code, 'Enter']) {
          const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
          Object.defineProperty(event, 'timeStamp', { value: (at += 8) })
          document.body.dispatchEvent(event)
        }
      })
    const queriesBefore = api.listQueries().length
    scan('0000079328')
    expect(
      await screen.findByText('0000079328 is geen volledige EAN of UPC (de lengte of het controlecijfer klopt niet): scan opnieuw.'),
    ).toBeInTheDocument()
    scan('4006381333932')
    expect(await screen.findByText(/^4006381333932 is geen volledige EAN of UPC/)).toBeInTheDocument()
    expect(
      api
        .listQueries()
        .slice(queriesBefore)
        .filter((query) => new URLSearchParams(query).has('barcode')),
    ).toEqual([])
    scan('4006381333931')
    await waitFor(() => expect(api.lastListQuery().get('barcode')).toBe('4006381333931'))
    // a SKU the list has shown, keys up to 100 ms apart, filters by SKU instead of the barcode
    act(() => {
      let at = 95_000
      for (const [i, key] of [...'SKU-001', 'Enter'].entries()) {
        const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
        Object.defineProperty(event, 'timeStamp', { value: (at += [11, 75, 100, 40][i % 4]) })
        document.body.dispatchEvent(event)
      }
    })
    await waitFor(() => expect(api.lastListQuery().get('sku')).toBe('SKU-001'))
    expect(api.lastListQuery().has('barcode')).toBe(false)
  })

  it('opens sorted by article number (SPEC §9), with the columns and the footer', async () => {
    const api = openList(undefined, '/products')
    expect(await screen.findByText('SKU-034')).toBeInTheDocument()
    const headers = dataCells(screen.getAllByRole('row')[0], 'columnheader').map((cell) => cell.textContent)
    expect(headers).toEqual(['Image', 'SKU', 'ASIN', 'Article number', 'Description', 'Brand', 'Stock'])
    expect(skus()).toEqual(Array.from({ length: 10 }, (_, i) => `SKU-${String(34 - i).padStart(3, '0')}`))
    expect(api.lastListQuery().toString()).toBe('skip=0&limit=10&sort_by=article_number.asc')
    expect(await footerCount()).toHaveTextContent('# Products: 34')
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Go to page 4' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Go to page 5' })).not.toBeInTheDocument()
  })

  it('pages with Next, the numbers and Previous; Next is disabled on the last page', async () => {
    const api = openList()
    await screen.findByText('SKU-001')
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('SKU-011')).toBeInTheDocument()
    expect(api.lastListQuery().get('skip')).toBe('10')
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 4' }))
    expect(await screen.findByText('SKU-034')).toBeInTheDocument()
    expect(api.lastListQuery().get('skip')).toBe('30')
    expect(skus()).toEqual(['SKU-031', 'SKU-032', 'SKU-033', 'SKU-034'])
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(await screen.findByText('SKU-021')).toBeInTheDocument()
  })

  it('sorts Article number ascending, descending, then back to created_at, each time from page 1', async () => {
    const api = openList()
    await screen.findByText('SKU-001')
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }))
    await screen.findByText('SKU-011')
    const header = () => screen.getByRole('button', { name: /article number/i })

    await userEvent.click(header())
    await waitFor(() => expect(api.lastListQuery().get('sort_by')).toBe('article_number.asc'))
    expect(api.lastListQuery().get('skip')).toBe('0')
    expect(await screen.findByText('SKU-034')).toBeInTheDocument()
    expect(skus()[0]).toBe('SKU-034')

    await userEvent.click(header())
    await waitFor(() => expect(api.lastListQuery().get('sort_by')).toBe('article_number.desc'))
    await waitFor(() => expect(skus()[0]).toBe('SKU-001'))

    await userEvent.click(header())
    await waitFor(() => expect(api.lastListQuery().get('sort_by')).toBe('created_at.asc'))
    expect(api.listQueries()).not.toContain(expect.stringContaining('sort_by=id'))
  })

  it('sorts by Stock too, and only Article number and Stock are sortable', async () => {
    const api = openList()
    await screen.findByText('SKU-001')
    await userEvent.click(screen.getByRole('button', { name: /stock/i }))
    await waitFor(() => expect(api.lastListQuery().get('sort_by')).toBe('stock.asc'))
    await userEvent.click(screen.getByRole('button', { name: /stock/i }))
    await waitFor(() => expect(api.lastListQuery().get('sort_by')).toBe('stock.desc'))
    await waitFor(() => expect(skus()[0]).toBe('SKU-034'))
    for (const name of ['SKU', 'ASIN', 'Description', 'Brand']) {
      const header = screen.getByRole('columnheader', { name })
      expect(within(header).queryByRole('button')).not.toBeInTheDocument()
    }
  })

  it('applies a text filter once typing pauses, without Enter, from page 1, and its clear button removes it', async () => {
    const api = openList()
    await screen.findByText('SKU-001')
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }))
    await screen.findByText('SKU-011')
    const requestsBefore = api.listQueries().length

    const sku = screen.getByRole('textbox', { name: 'SKU' })
    await userEvent.type(sku, 'SKU-02')
    // not a query per key: the list waits for the typing to pause, then asks once
    expect(api.listQueries()).toHaveLength(requestsBefore)
    await waitFor(() => expect(api.lastListQuery().get('sku')).toBe('SKU-02'))
    expect(api.listQueries().filter((query) => new URLSearchParams(query).has('sku'))).toHaveLength(1)
    expect(api.lastListQuery().get('skip')).toBe('0')
    expect(await footerCount()).toHaveTextContent('# Products: 10')
    expect(skus()[0]).toBe('SKU-020')

    await userEvent.click(screen.getByRole('button', { name: 'Clear SKU' }))
    await waitFor(() => expect(api.lastListQuery().has('sku')).toBe(false))
    expect(sku).toHaveValue('')
    expect(await footerCount()).toHaveTextContent('# Products: 34')
  })

  it('sends every text filter by its own name', async () => {
    const api = openList()
    await screen.findByText('SKU-001')
    await userEvent.type(screen.getByRole('textbox', { name: 'ASIN' }), 'B01')
    await userEvent.type(screen.getByRole('textbox', { name: 'Article number' }), 'ART-0')
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Product 1{Enter}')
    await waitFor(() => expect(api.lastListQuery().get('description')).toBe('Product 1'))
    expect(api.lastListQuery().get('sku_amazon')).toBe('B01')
    expect(api.lastListQuery().get('article_number')).toBe('ART-0')
  })

  it('filters by brand, and All shows every brand again', async () => {
    const api = openList()
    await screen.findByText('SKU-001')
    const brand = screen.getByRole('combobox', { name: 'Brand' })
    expect(brand).toHaveTextContent('All')
    await userEvent.click(brand)
    await userEvent.click(await screen.findByRole('option', { name: 'Bosch' }))
    await waitFor(() => expect(api.lastListQuery().get('brand_id')).toBe('2'))
    expect(await footerCount()).toHaveTextContent('# Products: 17')
    await userEvent.click(screen.getByRole('combobox', { name: 'Brand' }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Acme', 'Bosch'])
    await userEvent.click(screen.getByRole('option', { name: 'All' }))
    await waitFor(() => expect(api.lastListQuery().has('brand_id')).toBe(false))
    expect(await footerCount()).toHaveTextContent('# Products: 34')
  })

  it('shows the stock of the chosen warehouse: Global, then the warehouses by name', async () => {
    const api = openList()
    await screen.findByText('SKU-001')
    const stockOfFirstRow = () => dataCells(screen.getAllByRole('row')[1])[6].textContent
    expect(stockOfFirstRow()).toBe('100')
    const warehouse = screen.getByRole('combobox', { name: 'Warehouse' })
    expect(warehouse).toHaveTextContent('Global')
    await userEvent.click(warehouse)
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Global', 'Amsterdam', 'Zwolle'])
    await userEvent.click(screen.getByRole('option', { name: 'Zwolle' }))
    await waitFor(() => expect(api.lastListQuery().get('warehouse_id')).toBe('2'))
    await waitFor(() => expect(stockOfFirstRow()).toBe('100'))
    await userEvent.click(screen.getByRole('combobox', { name: 'Warehouse' }))
    await userEvent.click(screen.getByRole('option', { name: 'Amsterdam' }))
    await waitFor(() => expect(api.lastListQuery().get('warehouse_id')).toBe('1'))
    await waitFor(() => expect(stockOfFirstRow()).toBe('0'))
  })

  it('shows Incoming when it is chosen among the columns, of the chosen warehouse too, in Dutch', async () => {
    const products = manyProducts(3).map((row, i) => ({ ...row, incoming_by_warehouse: i === 0 ? { 1: 5, 2: 7 } : {} }))
    const api = fakeProductsApi({ ...catalogue(), products })
    renderScreens(
      {
        '/products': (
          <ResourceContextProvider value="products">
            <ProductList />
          </ResourceContextProvider>
        ),
      },
      { at: '/products?sort=created_at&order=ASC', dataProvider: api.dataProvider, locale: 'nl' },
    )
    await screen.findByText('SKU-001')
    const headers = () => dataCells(screen.getAllByRole('row')[0], 'columnheader').map((cell) => cell.textContent)
    expect(headers()).not.toContain('Onderweg')
    await userEvent.click(screen.getByRole('button', { name: 'Kolommen' }))
    await userEvent.click(await screen.findByRole('switch', { name: 'Onderweg' }))
    // the chooser closes as any popover does; the table behind it then has the column
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(headers().at(-1)).toBe('Onderweg'))
    const incomingOfRows = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => dataCells(row).at(-1)!.textContent)
    expect(incomingOfRows()).toEqual(['12', '0', '0'])
    await userEvent.click(screen.getByRole('combobox', { name: 'Magazijn' }))
    await userEvent.click(screen.getByRole('option', { name: 'Zwolle' }))
    await waitFor(() => expect(incomingOfRows()).toEqual(['7', '0', '0']))
  })

  it('changes the page size to 10, 25, 50 or 100 and starts again from page 1', async () => {
    const api = openList()
    await screen.findByText('SKU-001')
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }))
    await screen.findByText('SKU-011')
    await userEvent.click(screen.getByRole('combobox', { name: 'Per page' }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50', '100'])
    await userEvent.click(screen.getByRole('option', { name: '25' }))
    await waitFor(() => expect(api.lastListQuery().get('limit')).toBe('25'))
    expect(api.lastListQuery().get('skip')).toBe('0')
    expect(await screen.findByText('SKU-025')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Go to page 2' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Go to page 3' })).not.toBeInTheDocument()
  })

  it('opens the product on a row click, and comes back to the same filters, sort, page and warehouse', async () => {
    const api = openList()
    await screen.findByText('SKU-001')
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Product{Enter}')
    await userEvent.click(screen.getByRole('combobox', { name: 'Warehouse' }))
    await userEvent.click(screen.getByRole('option', { name: 'Zwolle' }))
    await userEvent.click(screen.getByRole('button', { name: /stock/i }))
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }))
    await waitFor(() =>
      expect(api.lastListQuery().toString()).toBe('skip=10&limit=10&sort_by=stock.asc&description=Product&warehouse_id=2'),
    )

    await userEvent.click(await screen.findByText('SKU-011'))
    // react-admin resolves a row click before it navigates: a busy machine gets there a moment later
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/products/11'))
    await userEvent.click(screen.getByRole('link', { name: 'back to the list' }))

    expect(await screen.findByText('SKU-011')).toBeInTheDocument()
    expect(api.lastListQuery().toString()).toBe('skip=10&limit=10&sort_by=stock.asc&description=Product&warehouse_id=2')
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Product')
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveTextContent('Zwolle')
  })

  it('forgets a remembered warehouse or brand that no longer exists', async () => {
    const api = fakeProductsApi(catalogue(), (request) =>
      request.url.includes('warehouse_id=3')
        ? { status: 422, json: { detail: [{ loc: ['query', 'warehouse_id'], msg: 'Warehouse 3 does not exist', type: 'value_error' }] } }
        : undefined,
    )
    renderScreens(
      {
        '/products': (
          <ResourceContextProvider value="products">
            <ProductList />
          </ResourceContextProvider>
        ),
      },
      {
        at: `/products?sort=created_at&order=ASC&filter=${encodeURIComponent(JSON.stringify({ warehouse_id: 3, brand_id: 9, sku: 'SKU' }))}`,
        dataProvider: api.dataProvider,
      },
    )
    expect(await screen.findByText('SKU-001')).toBeInTheDocument()
    await waitFor(() => expect(api.lastListQuery().toString()).toBe('skip=0&limit=10&sort_by=created_at.asc&sku=SKU'))
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveTextContent('Global')
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveTextContent('All')
  })

  it('draws a 30 px thumbnail for a web image and a placeholder for anything else', async () => {
    const products = manyProducts(3)
    products[0].image_url = 'https://img.example/teapot.png'
    products[1].image_url = 'javascript:alert(1)'
    openList(fakeProductsApi({ ...catalogue(), products }))
    await screen.findByText('SKU-001')
    const [first, second, third] = screen.getAllByRole('row').slice(1)
    const image = first.querySelector('img')!
    expect(image).toHaveAttribute('src', 'https://img.example/teapot.png')
    expect(getComputedStyle(image).width).toBe('30px')
    expect(second.querySelector('img')).toBeNull()
    expect(within(second).getByRole('img', { name: 'No image' })).toBeInTheDocument()
    expect(within(third).getByRole('img', { name: 'No image' })).toBeInTheDocument()
  })

  it('highlights products changed since the session began', async () => {
    highlightSince(sessionStorage, () => Date.parse('2024-01-01T00:00:00Z'))
    const products = manyProducts(3)
    products[1].updated_at = '2024-06-01T00:00:00.000Z'
    openList(fakeProductsApi({ ...catalogue(), products }))
    await screen.findByText('SKU-001')
    const [first, second] = screen.getAllByRole('row').slice(1)
    expect(getComputedStyle(second).backgroundColor).not.toBe(getComputedStyle(first).backgroundColor)
    expect(second).toHaveStyle({ backgroundColor: 'rgb(255, 236, 179)' })
  })

  it('says why the list could not be loaded instead of claiming that nothing matches', async () => {
    const api = fakeProductsApi(catalogue(), (request) =>
      request.url.startsWith('/api/products/?')
        ? { status: 503, json: { detail: 'Database unavailable', code: 'DB_UNAVAILABLE' } }
        : undefined,
    )
    openList(api)
    // in place of the rows, not only in a passing notification
    expect(
      await screen.findByText('The database is not available right now. Please try again in a moment.', { selector: '.MuiAlert-message' }),
    ).toBeInTheDocument()
    expect(screen.queryByText('No products match these filters.')).not.toBeInTheDocument()
    expect(screen.queryByText(/^# Products/)).not.toBeInTheDocument()
  })

  it('says so when no product matches', async () => {
    openList(fakeProductsApi({ ...catalogue(), products: [] }))
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument()
    expect(await footerCount()).toHaveTextContent('# Products: 0')
    expect(screen.getByRole('textbox', { name: 'SKU' })).toBeInTheDocument()
  })
})
