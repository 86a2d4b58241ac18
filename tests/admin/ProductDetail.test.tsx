import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpError, useGetList, type DataProvider } from 'ra-core'
import { Link } from 'react-router-dom'
import type { Product } from '../../src/contract'
import { aProduct, deferred, renderProductScreens } from './product-screens'

// the other tabs are other screens' work: here only which one the route chooses, and what it is given
vi.mock('../../src/admin/products/supplier/SupplierTab', () => ({
  default: ({ product }: { product: Product }) => <p>supplier tab of {product.article_number}</p>,
}))
vi.mock('../../src/admin/products/sellers/SellersTab', () => ({
  default: ({ product }: { product: Product }) => <p>sellers tab of {product.article_number}</p>,
}))
vi.mock('../../src/admin/products/stock/StockTab', () => ({
  default: ({ product, refresh }: { product: Product; refresh: () => void }) => (
    <button onClick={refresh}>stock tab of {product.article_number}: reload</button>
  ),
}))

const serving = (getOne: DataProvider['getOne']) =>
  ({ getOne: vi.fn(getOne) }) as unknown as DataProvider & { getOne: ReturnType<typeof vi.fn> }
const path = () => screen.getByTestId('path').textContent

/** A list like the real one: its rows (summaries) land in react-admin's cache under each product's key. */
function ListOfSummaries() {
  const { data = [] } = useGetList('products')
  return data.map((row) => (
    <Link key={row.id} to={`/products/${row.id}`}>
      open {row.article_number}
    </Link>
  ))
}

afterEach(() => vi.useRealTimers())

// rendering react-admin in jsdom takes seconds on a busy machine
describe('ProductDetail', { timeout: 20_000 }, () => {
  it('says it is loading until the product is there', async () => {
    const answer = deferred<{ data: Product }>()
    const dataProvider = serving(() => answer.promise as never)
    renderProductScreens('/products/7', dataProvider)
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the product…')
    expect(dataProvider.getOne).toHaveBeenCalledWith('products', expect.objectContaining({ id: '7' }))
    answer.resolve({ data: aProduct() })
    expect(await screen.findByText('Blue teapot')).toBeInTheDocument()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('coming from the list, waits for the detail instead of showing a row of the list', async () => {
    const { stock_warehouse_items, stock_items, supplier_info, sellers_info, ...summary } = aProduct()
    void [stock_warehouse_items, stock_items, supplier_info, sellers_info]
    const detail = deferred<{ data: Product }>()
    const dataProvider = {
      getList: vi.fn(() => Promise.resolve({ data: [summary], total: 1 })),
      getOne: vi.fn(() => detail.promise),
    } as unknown as DataProvider
    renderProductScreens('/products', dataProvider, { list: <ListOfSummaries /> })
    await userEvent.click(await screen.findByRole('link', { name: 'open ART-7' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the product…')
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('ART-7')
    detail.resolve({ data: aProduct() })
    expect(await screen.findByText('Amsterdam')).toBeInTheDocument()
  })

  it('says the product does not exist when the server answers 404', async () => {
    renderProductScreens(
      '/products/7',
      serving(() => Promise.reject(new HttpError('It no longer exists', 404, {}))),
    )
    expect(await screen.findByText('Product 7 does not exist: it may have been removed.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'To the products' })).toHaveAttribute('href', '/products')
  })

  it('does not even ask for an id that cannot be one', async () => {
    const dataProvider = serving(() => Promise.resolve({ data: aProduct() }) as never)
    renderProductScreens('/products/abc', dataProvider)
    expect(await screen.findByText('Product abc does not exist: it may have been removed.')).toBeInTheDocument()
    expect(dataProvider.getOne).not.toHaveBeenCalled()
  })

  it('shows why loading failed, and loads again on Try again', async () => {
    let calls = 0
    const dataProvider = serving(() =>
      ++calls === 1
        ? Promise.reject(new HttpError('The server did not answer within 1 second(s).', 0, {}))
        : (Promise.resolve({ data: aProduct() }) as never),
    )
    renderProductScreens('/products/7', dataProvider)
    expect(await screen.findByText('The product could not be loaded: The server did not answer within 1 second(s).')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Blue teapot')).toBeInTheDocument()
    expect(dataProvider.getOne).toHaveBeenCalledTimes(2)
  })

  it('shows a breadcrumb of links and names the page after the article number', async () => {
    renderProductScreens(
      '/products/7',
      serving(() => Promise.resolve({ data: aProduct() }) as never),
    )
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    await within(breadcrumb).findByText('ART-7')
    const links = within(breadcrumb).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Products', '/products'],
      ['ART-7', '/products/7'],
    ])
    await waitFor(() => expect(document.title).toBe('Stockroom - ART-7'))
  })

  it('names a product without article number by its id', async () => {
    renderProductScreens(
      '/products/7',
      serving(() => Promise.resolve({ data: aProduct({ article_number: null }) }) as never),
    )
    await waitFor(() => expect(document.title).toBe('Stockroom - Product #7'))
  })

  it('closes to the product list', async () => {
    renderProductScreens(
      '/products/7',
      serving(() => Promise.resolve({ data: aProduct() }) as never),
    )
    await screen.findByText('Blue teapot')
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0])
    expect(await screen.findByText('products list')).toBeInTheDocument()
    expect(path()).toBe('/products')
  })

  it('chooses the tab by route, and a tab click navigates to its route', async () => {
    renderProductScreens(
      '/products/7/stock',
      serving(() => Promise.resolve({ data: aProduct() }) as never),
    )
    expect(await screen.findByText('stock tab of ART-7: reload')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Stock' })).toHaveAttribute('aria-selected', 'true')

    await userEvent.click(screen.getByRole('tab', { name: 'Supplier' }))
    expect(await screen.findByText('supplier tab of ART-7')).toBeInTheDocument()
    expect(path()).toBe('/products/7/supplier')
    expect(screen.getByRole('tab', { name: 'Supplier' })).toHaveAttribute('aria-selected', 'true')

    await userEvent.click(screen.getByRole('tab', { name: 'Sellers' }))
    expect(await screen.findByText('sellers tab of ART-7')).toBeInTheDocument()
    expect(path()).toBe('/products/7/sellers')

    await userEvent.click(screen.getByRole('tab', { name: 'Product' }))
    expect(await screen.findByText('Blue teapot')).toBeInTheDocument()
    expect(path()).toBe('/products/7')
  })

  it('gives each tab a way to reload the product', async () => {
    let stock = 12
    const dataProvider = serving(() => Promise.resolve({ data: aProduct({ stock: stock++ }) }) as never)
    renderProductScreens('/products/7/stock', dataProvider)
    await userEvent.click(await screen.findByRole('button', { name: 'stock tab of ART-7: reload' }))
    await waitFor(() => expect(dataProvider.getOne).toHaveBeenCalledTimes(2))
  })

  it("shows 'Last edited' as calendar text with the exact time in a tooltip", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2024, 2, 15, 16, 0))
    const updatedAt = new Date(2024, 2, 14, 13, 30, 5).toISOString()
    renderProductScreens(
      '/products/7',
      serving(() => Promise.resolve({ data: aProduct({ updated_at: updatedAt }) }) as never),
    )
    const when = await screen.findByText('Yesterday at 1:30 PM')
    expect(when.parentElement).toHaveTextContent('Last edited: Yesterday at 1:30 PM')
    expect(when).toHaveAttribute('datetime', updatedAt)
    await userEvent.hover(when)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('March 14, 2024 1:30:05 PM')
  })

  it('follows the language: Dutch calendar text and labels', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2024, 2, 15, 16, 0))
    const updatedAt = new Date(2024, 2, 15, 9, 5).toISOString()
    renderProductScreens(
      '/products/7',
      serving(() => Promise.resolve({ data: aProduct({ updated_at: updatedAt }) }) as never),
      { locale: 'nl' },
    )
    const when = await screen.findByText('vandaag om 09:05')
    expect(when.parentElement).toHaveTextContent('Laatst bewerkt: vandaag om 09:05')
    expect(screen.getByRole('tab', { name: 'Voorraad' })).toBeInTheDocument()
    await userEvent.hover(when)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('15 maart 2024 09:05:00')
  })
})
