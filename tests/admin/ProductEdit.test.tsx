import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createHttpClient } from '../../src/admin/providers/http'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import type { Product } from '../../src/contract'
import en from '../../i18n/en'
import { fakeFetch, type Recorded } from './fake-api'
import { aProduct, renderProductScreens } from './product-screens'

const BRANDS = [
  { id: 3, brand_name: 'Acme' },
  { id: 4, brand_name: 'Bolt' },
]
const translate = (key: string) => {
  const text = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], en)
  return typeof text === 'string' ? text : key
}

/** The real dataProvider over a fake server that keeps one product and answers PATCH with `patch`. */
function server(
  patch: (body: Record<string, unknown>, product: Product) => { status?: number; json?: unknown } = (body, product) => ({
    json: { ...product, ...body },
  }),
) {
  let product = aProduct()
  const api = fakeFetch((request: Recorded) => {
    const url = new URL(request.url, 'http://test')
    if (request.method === 'GET' && url.pathname === '/api/products/7') return { json: product }
    if (request.method === 'GET' && url.pathname === '/api/brands/')
      return { json: BRANDS, headers: { 'x-total-count': String(BRANDS.length) } }
    const brand = url.pathname.match(/^\/api\/brands\/(\d+)$/)
    if (request.method === 'GET' && brand) return { json: BRANDS.find((b) => b.id === Number(brand[1])) }
    if (request.method === 'POST' && url.pathname === '/api/brands/') {
      const created = { id: BRANDS.length + 10, ...JSON.parse(request.body ?? '{}') }
      return { status: 201, json: created }
    }
    if (request.method === 'PATCH' && url.pathname === '/api/products/7') {
      const answer = patch(JSON.parse(request.body ?? '{}'), product)
      if (!answer.status || answer.status < 300) product = answer.json as Product
      return answer
    }
    return { status: 404, json: { detail: 'Not Found' } }
  })
  const dataProvider = createDataProvider(createHttpClient({ getToken: () => 'token', translate, fetch: api.fetch }))
  const patches = () => api.requests.filter((r) => r.method === 'PATCH').map((r) => JSON.parse(r.body ?? '{}'))
  const productReads = () => api.requests.filter((r) => r.method === 'GET' && r.url.endsWith('/api/products/7')).length
  return { dataProvider, patches, productReads }
}
const path = () => screen.getByTestId('path').textContent

// rendering react-admin in jsdom takes seconds on a busy machine
describe('ProductEdit', { timeout: 20_000 }, () => {
  it('shows the product in a form under a breadcrumb back to the product', async () => {
    const { dataProvider } = server()
    renderProductScreens('/products/7/edit', dataProvider)
    expect(await screen.findByLabelText('Short description')).toHaveValue('Blue teapot')
    expect(screen.getByLabelText('Article number')).toHaveValue('ART-7')
    expect(screen.getByLabelText('SKU')).toHaveValue('SKU-7')
    expect(screen.getByLabelText('ASIN')).toHaveValue('B000000007')
    expect(screen.getByLabelText('Image URL')).toHaveAttribute('type', 'url')
    expect(await screen.findByDisplayValue('Acme')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'ART-7' })).toHaveAttribute('href', '/products/7')
    await waitFor(() => expect(document.title).toBe('Stockroom - Edit ART-7'))
  })

  it('sends only the changed fields, then returns to the details and says so', async () => {
    const { dataProvider, patches } = server()
    renderProductScreens('/products/7/edit', dataProvider)
    const description = await screen.findByLabelText('Short description')
    await userEvent.clear(description)
    await userEvent.type(description, 'Red teapot')
    await userEvent.clear(screen.getByLabelText('SKU'))
    await userEvent.click(await screen.findByRole('combobox', { name: 'Brand' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Bolt' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(path()).toBe('/products/7'))
    expect(patches()).toEqual([{ description: 'Red teapot', sku: null, brand_id: 4 }])
    expect(await screen.findByText('Product ART-7 is saved.')).toBeInTheDocument()
  })

  it("saves a brand created on the spot as the product's brand", async () => {
    const { dataProvider, patches } = server()
    renderProductScreens('/products/7/edit', dataProvider)
    await userEvent.click(await screen.findByRole('button', { name: 'Create a new brand' }))
    await userEvent.type(screen.getByLabelText('Brand: name of the new brand'), 'Copperline{Enter}')
    expect(await screen.findByDisplayValue('Copperline')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(path()).toBe('/products/7'))
    expect(patches()).toEqual([{ brand_id: 12 }])
  })

  it('refuses an image URL that is not http(s) before sending it', async () => {
    const { dataProvider, patches } = server()
    renderProductScreens('/products/7/edit', dataProvider)
    await userEvent.type(await screen.findByLabelText('Image URL'), 'ftp://images.example.com/7.png')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Only web addresses starting with http:// or https:// can be used.')).toBeInTheDocument()
    expect(patches()).toEqual([])
    expect(path()).toBe('/products/7/edit')
  })

  it("shows the server's 422 on its field and stays", async () => {
    const { dataProvider, patches } = server(() => ({
      status: 422,
      json: { detail: [{ loc: ['body', 'sku'], msg: 'String should have at most 100 characters', type: 'string_too_long' }] },
    }))
    renderProductScreens('/products/7/edit', dataProvider)
    await userEvent.type(await screen.findByLabelText('SKU'), '-and-more')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('String should have at most 100 characters')).toBeInTheDocument()
    expect(patches()).toEqual([{ sku: 'SKU-7-and-more' }])
    expect(path()).toBe('/products/7/edit')
  })

  it('says why when saving fails otherwise', async () => {
    const { dataProvider } = server(() => ({ status: 409, json: { detail: 'gone', code: 'NOT_FOUND', params: {} } }))
    renderProductScreens('/products/7/edit', dataProvider)
    await userEvent.type(await screen.findByLabelText('Article number'), '-B')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('It no longer exists: someone may have deleted it.')).toBeInTheDocument()
    expect(path()).toBe('/products/7/edit')
  })

  it('Cancel sends nothing, reloads the product and returns to its details', async () => {
    const { dataProvider, patches, productReads } = server()
    renderProductScreens('/products/7/edit', dataProvider)
    await userEvent.type(await screen.findByLabelText('Article number'), '-B')
    const readsBefore = productReads()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(path()).toBe('/products/7'))
    await waitFor(() => expect(productReads()).toBeGreaterThan(readsBefore))
    expect(await screen.findByText('ART-7', { selector: 'dd' })).toBeInTheDocument()
    expect(patches()).toEqual([])
  })

  it('says so when the product to edit does not exist', async () => {
    const { dataProvider, patches } = server()
    renderProductScreens('/products/8/edit', dataProvider)
    expect(await screen.findByText('Product 8 does not exist: it may have been removed.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(patches()).toEqual([])
  })

  it('reads Dutch in Dutch', async () => {
    const { dataProvider } = server()
    renderProductScreens('/products/7/edit', dataProvider, { locale: 'nl' })
    expect(await screen.findByLabelText('Korte omschrijving')).toHaveValue('Blue teapot')
    expect(screen.getByLabelText('Artikelnummer')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeInTheDocument()
  })
})
