import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import SellersTab from '../../src/admin/products/sellers/SellersTab'
import type { Product, SellerInfo } from '../../src/contract'
import { aFullProduct, fakeProductsApi, renderScreens } from './products-fake'

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

beforeEach(() => localStorage.clear())

const entries = (): SellerInfo[] => [
  { id: 11, seller_id: 6, seller: { id: 6, org_name: 'Amazon EU' }, selling_price: 19.99, selling_currency: 'EUR' },
  { id: 12, seller_id: null, seller: null, selling_price: null, selling_currency: null },
]
const world = () => ({
  sellers: [
    { id: 6, org_name: 'Amazon EU' },
    { id: 7, org_name: 'Bol.com' },
  ],
  orgs: [
    { id: 6, org_name: 'Amazon EU' },
    { id: 7, org_name: 'Bol.com' },
  ],
  // the server keeps the seller's id; its name comes with each answer
  'products/7/sellers': entries().map((entry) => ({ ...entry, seller: undefined })),
})

function open(product: Product = aFullProduct({ sellers_info: entries() }), api = fakeProductsApi(world())) {
  const refresh = vi.fn()
  renderScreens(
    { '/products/:id/sellers': <SellersTab product={product} refresh={refresh} />, '/orgs/:id': <p>organization page</p> },
    { at: '/products/7/sellers', dataProvider: api.dataProvider },
  )
  return { api, refresh }
}

const card = (name: string) => within(screen.getByRole('region', { name }))

describe('Sellers tab', { timeout: 60_000 }, () => {
  it('shows a card per seller entry with seller, selling price and currency', async () => {
    open()
    const amazon = card('Amazon EU')
    await waitFor(() => expect(amazon.getByRole('combobox', { name: 'Seller' })).toHaveValue('Amazon EU'))
    expect(amazon.getByRole('spinbutton', { name: 'Selling price' })).toHaveValue(19.99)
    expect(amazon.getByRole('spinbutton', { name: 'Selling price' })).toHaveAttribute('step', '0.01')
    expect(amazon.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR')
    expect(amazon.getByRole('link', { name: 'Open the page of Amazon EU' })).toHaveAttribute('href', '/orgs/6')
    const empty = card('Seller 2')
    expect(empty.getByRole('combobox', { name: 'Seller' })).toHaveAttribute('placeholder', 'Select or create a seller')
    expect(empty.getByRole('spinbutton', { name: 'Selling price' })).toHaveValue(null)
    expect(screen.getByRole('button', { name: 'Add seller' })).toBeEnabled()
  })

  it('says there are no sellers yet, and adds an empty entry with Add seller', async () => {
    const { api, refresh } = open(aFullProduct())
    expect(screen.getByText('No sellers yet.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add seller' }))
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    expect(api.writes()).toEqual(['POST /api/products/7/sellers/ {}'])
  })

  it('saves what changed in one card and reloads the product', async () => {
    const { api, refresh } = open()
    const amazon = card('Amazon EU')
    const price = amazon.getByRole('spinbutton', { name: 'Selling price' })
    await userEvent.clear(price)
    await userEvent.type(price, '17.5')
    await userEvent.click(amazon.getByRole('combobox', { name: 'Currency' }))
    await userEvent.click(screen.getByRole('option', { name: 'GBP' }))
    await userEvent.click(amazon.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The seller data is saved.')).toBeInTheDocument()
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(api.writes()).toHaveLength(1)
    expect(api.writes()[0]).toMatch(/^PATCH \/api\/products\/7\/sellers\/11 /)
    expect(JSON.parse(api.writes()[0].replace(/^PATCH \S+ /, ''))).toEqual({ selling_price: 17.5, selling_currency: 'GBP' })
  })

  it('creates a new seller in a card (an organization that sells) and saves it as the entry seller', async () => {
    const { api, refresh } = open()
    const empty = card('Seller 2')
    await userEvent.click(empty.getByRole('button', { name: 'Create a new seller' }))
    await userEvent.type(empty.getByRole('textbox', { name: 'Seller: name of the new seller' }), 'Marktplaats{Enter}')
    await waitFor(() => expect(empty.getByRole('combobox', { name: 'Seller' })).toHaveValue('Marktplaats'))
    await userEvent.click(empty.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(refresh).toHaveBeenCalled())
    expect(api.writes()).toEqual(['POST /api/sellers/ {"org_name":"Marktplaats"}', 'PATCH /api/products/7/sellers/12 {"seller_id":8}'])
  })

  it('deletes an entry after a confirmation and reloads the product', async () => {
    const { api, refresh } = open()
    await userEvent.click(card('Amazon EU').getByRole('button', { name: 'Delete Amazon EU' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('Delete Amazon EU?')).toBeInTheDocument()
    expect(api.writes()).toEqual([])
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1))
    expect(api.writes()).toEqual(['DELETE /api/products/7/sellers/11'])
  })

  it('shows why a save or an addition failed', async () => {
    const api = fakeProductsApi(world(), (request) =>
      request.method === 'POST' ? { status: 404, json: { detail: 'Product not found', code: 'NOT_FOUND' } } : undefined,
    )
    const { refresh } = open(aFullProduct(), api)
    await userEvent.click(screen.getByRole('button', { name: 'Add seller' }))
    expect(await screen.findByText('It no longer exists: someone may have deleted it.')).toBeInTheDocument()
    expect(refresh).not.toHaveBeenCalled()
  })
})
