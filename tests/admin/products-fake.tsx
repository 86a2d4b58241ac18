// The products API in memory for the list, add-product, picker and tab tests: the products list with its
// filters, sort, paging and per-warehouse stock ({items, total}), supplier and seller writes, and the plain
// lists (brands, suppliers, sellers, warehouses, orgs) of fakeRest. Screens render with notifications and
// the current path visible.
import type { ReactNode } from 'react'
import { actAsUpgradedUserUnlessStored } from './render'
import { render } from '@testing-library/react'
import { AdminContext, Notification } from 'react-admin'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import type { DataProvider } from 'ra-core'
import type { Product } from '../../src/contract'
import { productFieldRecord } from '../../src/contract/product-fields'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { QueryClient } from '@tanstack/react-query'
import en from '../../i18n/en'
import nl from '../../i18n/nl'
import type { Recorded } from './fake-api'
import { fakeRest } from './fake-rest'

type Row = Record<string, unknown> & { id: number }
type Answer = { status?: number; json?: unknown; headers?: Record<string, string> }

export interface ProductRow extends Row {
  sku: string | null
  article_number: string | null
  brand_id: number | null
  /** stock per warehouse id; the list's Stock is their sum, or one of them with warehouse_id */
  stock_by_warehouse?: Record<number, number>
  /** what is on its way per warehouse id, summed or picked as the stock is */
  incoming_by_warehouse?: Record<number, number>
}

const TEXT_FILTERS = ['sku', 'sku_amazon', 'article_number', 'description']

/** `count` products SKU-001..., article numbers in reverse order, made long ago */
export function manyProducts(count: number): ProductRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    sku: `SKU-${String(index + 1).padStart(3, '0')}`,
    sku_amazon: `B0${index + 1}`,
    article_number: `ART-${String(count - index).padStart(3, '0')}`,
    description: `Product ${index + 1}`,
    barcode: null,
    image_url: null,
    brand_id: (index % 2) + 1,
    brand: { id: (index % 2) + 1, brand_name: index % 2 ? 'Bosch' : 'Acme' },
    stock_by_warehouse: { 1: index, 2: 100 + index },
    created_at: '2020-01-01T00:00:00.000Z',
    updated_at: '2020-01-01T00:00:00.000Z',
  }))
}

function listProducts(rows: ProductRow[], url: URL): Answer {
  const query = url.searchParams
  const warehouse = query.get('warehouse_id')
  let found = rows.filter(
    (row) =>
      TEXT_FILTERS.every(
        (name) => !query.get(name) || (typeof row[name] === 'string' && row[name].toLowerCase().includes(query.get(name)!.toLowerCase())),
      ) &&
      (!query.get('brand_id') || row.brand_id === Number(query.get('brand_id'))),
  )
  const inWarehouse = (byWarehouse: Record<number, number>) =>
    warehouse ? (byWarehouse[Number(warehouse)] ?? 0) : Object.values(byWarehouse).reduce((a, b) => a + b, 0)
  const items = found.map(({ stock_by_warehouse = {}, incoming_by_warehouse = {}, ...row }) => ({
    ...row,
    stock: inWarehouse(stock_by_warehouse),
    incoming: inWarehouse(incoming_by_warehouse),
  }))
  const [field, order] = (query.get('sort_by') ?? 'created_at.asc').split('.')
  items.sort((a, b) => {
    const [x, y] = [a[field as keyof typeof a], b[field as keyof typeof b]]
    const compared = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)) || a.id - b.id
    return order === 'desc' ? -compared : compared
  })
  const skip = Number(query.get('skip') ?? 0)
  found = items.slice(skip, skip + Number(query.get('limit') ?? 10))
  return { json: { items: found, total: items.length }, headers: { 'x-total-count': String(items.length) } }
}

export function fakeProductsApi(collections: Record<string, Row[]>, refuse: (request: Recorded) => Answer | undefined = () => undefined) {
  const products = (collections.products ??= []) as ProductRow[]
  const api = fakeRest(collections, (request) => {
    const refused = refuse(request)
    if (refused) return refused
    const url = new URL(request.url, 'http://test')
    if (request.method === 'GET' && url.pathname === '/api/products/') return listProducts(products, url)
    const supplier = /^\/api\/products\/(\d+)\/supplier$/.exec(url.pathname)
    if (request.method === 'PATCH' && supplier) {
      const product = products.find((row) => row.id === Number(supplier[1]))
      if (!product) return { status: 404, json: { detail: 'Product not found', code: 'NOT_FOUND' } }
      product.supplier_info = { ...(product.supplier_info as object), ...JSON.parse(request.body ?? '{}') }
      return { json: product }
    }
    return undefined
  })
  /** the products list requests, as their query strings */
  const listQueries = () =>
    api.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/products/?')).map((r) => r.url.slice('/api/products/?'.length))
  return { ...api, listQueries, lastListQuery: () => new URLSearchParams(listQueries().at(-1)) }
}

function CurrentPath() {
  return <div data-testid="path">{useLocation().pathname}</div>
}

/** Renders the routes in react-admin's contexts, with notifications and the current path (testid `path`); a failed
 * read fails at once (react-query's retries with back-off would only slow the test). */
export function renderScreens(
  routes: Record<string, ReactNode>,
  { at, dataProvider, locale = 'en' }: { at: string; dataProvider: DataProvider; locale?: 'en' | 'nl' },
) {
  actAsUpgradedUserUnlessStored()
  const i18nProvider = polyglotI18nProvider(() => (locale === 'nl' ? nl : en), locale)
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
        <CurrentPath />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  )
}

/** A product as GET /products/{id} answers it. */
export function aFullProduct(changes: Partial<Product> = {}): Product {
  return {
    id: 7,
    ...productFieldRecord(() => null),
    sku: 'SKU-7',
    sku_amazon: 'B07',
    article_number: 'ART-7',
    description: 'Blue teapot',
    brand_id: null,
    brand: null,
    stock: 0,
    created_at: '2024-03-01T10:00:00.000Z',
    updated_at: '2024-03-01T10:00:00.000Z',
    stock_warehouse_items: [],
    stock_items: [],
    supplier_info: null,
    sellers_info: [],
    below_min: false,
    incoming: 0,
    reorder_levels: [],
    ...changes,
  }
}
