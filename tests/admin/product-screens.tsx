// Renders the product screens as the app routes them, with notifications, the title slot and the current path
// visible, in English or Dutch; and a product to show.
import type { ReactNode } from 'react'
import { actAsUpgradedUserUnlessStored } from './render'
import { configure, render } from '@testing-library/react'
import { AdminContext, Notification, TitlePortal } from 'react-admin'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import type { DataProvider } from 'ra-core'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import 'dayjs/locale/nl'
import type { Product } from '../../src/contract'
import { productFieldRecord } from '../../src/contract/product-fields'
import en from '../../i18n/en'
import nl from '../../i18n/nl'
import { DocumentTitle } from '../../src/admin/common/DocumentTitle'
import ProductDetail from '../../src/admin/products/detail/ProductDetail'
import ProductEdit from '../../src/admin/products/detail/ProductEdit'

// the screens load lazily through react-admin's queries: on a busy machine that can take more than a second
configure({ asyncUtilTimeout: 5000 })

function CurrentPath() {
  const location = useLocation()
  return <div data-testid="path">{location.pathname}</div>
}

export function renderProductScreens(
  at: string,
  dataProvider: DataProvider,
  { locale = 'en', list = <p>products list</p> }: { locale?: 'en' | 'nl'; list?: ReactNode } = {},
) {
  actAsUpgradedUserUnlessStored()
  const i18nProvider = polyglotI18nProvider(() => (locale === 'nl' ? nl : en), locale)
  const page = (element: ReactNode) => (
    <>
      <TitlePortal />
      <DocumentTitle />
      {element}
    </>
  )
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/products" element={list} />
          <Route path="/products/:id" element={page(<ProductDetail tab="product" />)} />
          <Route path="/products/:id/edit" element={page(<ProductEdit />)} />
          <Route path="/products/:id/supplier" element={page(<ProductDetail tab="supplier" />)} />
          <Route path="/products/:id/sellers" element={page(<ProductDetail tab="sellers" />)} />
          <Route path="/products/:id/stock" element={page(<ProductDetail tab="stock" />)} />
        </Routes>
        <CurrentPath />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  )
}

export function aProduct(changes: Partial<Product> = {}): Product {
  return {
    id: 7,
    ...productFieldRecord(() => null),
    sku: 'SKU-7',
    sku_amazon: 'B000000007',
    article_number: 'ART-7',
    description: 'Blue teapot',
    brand_id: 3,
    brand: { id: 3, brand_name: 'Acme' },
    stock: 12,
    created_at: '2024-03-01T10:00:00.000Z',
    updated_at: '2024-03-01T10:00:00.000Z',
    stock_warehouse_items: [
      { warehouse_id: 2, warehouse: { id: 2, warehouse_name: 'Zwolle' }, amount: 5, incoming: 0 },
      { warehouse_id: 1, warehouse: { id: 1, warehouse_name: 'Amsterdam' }, amount: 7, incoming: 0 },
    ],
    stock_items: [],
    supplier_info: null,
    sellers_info: [],
    below_min: false,
    incoming: 0,
    reorder_levels: [],
    ...changes,
  }
}

/** A promise with its resolve and reject at hand, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
