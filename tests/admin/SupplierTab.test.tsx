import { beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import SupplierTab from '../../src/admin/products/supplier/SupplierTab'
import type { Product } from '../../src/contract'
import { aFullProduct, fakeProductsApi, renderScreens } from './products-fake'

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

beforeEach(() => localStorage.clear())

const supplied = () =>
  aFullProduct({
    supplier_info: {
      supplier_id: 5,
      supplier: { id: 5, org_name: 'Global Parts' },
      minimum_order_quantity: 10,
      pack_size: 6,
      supplier_sku: 'GP-4471',
      purchase_price: 2.5,
      purchase_currency: 'EUR',
    },
  })
const world = (product: Product) => ({
  products: [{ ...product }],
  suppliers: [
    { id: 5, org_name: 'Global Parts' },
    { id: 8, org_name: 'Tools Direct' },
  ],
  orgs: [
    { id: 5, org_name: 'Global Parts' },
    { id: 8, org_name: 'Tools Direct' },
  ],
})

function open(product: Product, api = fakeProductsApi(world(product))) {
  const refresh = vi.fn()
  renderScreens(
    { '/products/:id/supplier': <SupplierTab product={product} refresh={refresh} />, '/orgs/:id': <p>organization page</p> },
    { at: `/products/${product.id}/supplier`, dataProvider: api.dataProvider },
  )
  return { api, refresh }
}

const quantity = () => screen.getByRole('spinbutton', { name: 'Minimum order quantity' })
const price = () => screen.getByRole('spinbutton', { name: 'Purchase price' })
const packSize = () => screen.getByRole('spinbutton', { name: 'Pack size' })
const supplierSku = () => screen.getByRole('textbox', { name: "Supplier's article number" })

describe('Supplier tab', { timeout: 60_000 }, () => {
  it('shows the supplier data with whole quantities, prices in cents and the three currencies', async () => {
    open(supplied())
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Global Parts'))
    expect(quantity()).toHaveValue(10)
    expect(quantity()).toHaveAttribute('step', '1')
    expect(price()).toHaveValue(2.5)
    expect(price()).toHaveAttribute('step', '0.01')
    expect(packSize()).toHaveValue(6)
    expect(packSize()).toHaveAttribute('step', '1')
    expect(supplierSku()).toHaveValue('GP-4471')
    const currency = screen.getByRole('combobox', { name: 'Currency' })
    expect(currency).toHaveTextContent('EUR')
    await userEvent.click(currency)
    expect(
      screen
        .getAllByRole('option')
        .map((o) => o.textContent.trim())
        .filter(Boolean),
    ).toEqual(['EUR', 'GBP', 'USD'])
    await userEvent.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it('saves what changed, says so, and reloads the product', async () => {
    const { api, refresh } = open(supplied())
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Global Parts'))
    await userEvent.click(screen.getByRole('combobox', { name: 'Supplier' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Tools Direct' }))
    await userEvent.clear(quantity())
    await userEvent.type(quantity(), '24')
    await userEvent.clear(price())
    await userEvent.type(price(), '3.75')
    await userEvent.clear(packSize())
    await userEvent.type(packSize(), '12')
    await userEvent.clear(supplierSku())
    await userEvent.type(supplierSku(), 'TD-99')
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }))
    await userEvent.click(screen.getByRole('option', { name: 'USD' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The supplier data is saved.')).toBeInTheDocument()
    expect(api.writes()).toHaveLength(1)
    expect(api.writes()[0]).toMatch(/^PATCH \/api\/products\/7\/supplier /)
    expect(JSON.parse(api.writes()[0].replace(/^PATCH \S+ /, ''))).toEqual({
      supplier_id: 8,
      minimum_order_quantity: 24,
      pack_size: 12,
      supplier_sku: 'TD-99',
      purchase_price: 3.75,
      purchase_currency: 'USD',
    })
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('fills in a product without supplier data, with a new supplier created on the spot', async () => {
    const { api, refresh } = open(aFullProduct())
    const supplier = screen.getByRole('combobox', { name: 'Supplier' })
    expect(supplier).toHaveAttribute('placeholder', 'Select or create a supplier')
    await userEvent.click(screen.getByRole('button', { name: 'Create a new supplier' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Supplier: name of the new supplier' }), 'Fresh Supplies{Enter}')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Fresh Supplies'))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(refresh).toHaveBeenCalled())
    expect(api.writes()).toEqual(['POST /api/suppliers/ {"org_name":"Fresh Supplies"}', 'PATCH /api/products/7/supplier {"supplier_id":9}'])
  })

  it('starts a product without supplier data at a pack of 1, and sends only what changed', async () => {
    const { api } = open(aFullProduct())
    expect(packSize()).toHaveValue(1)
    expect(supplierSku()).toHaveValue('')
    await userEvent.type(supplierSku(), 'X-1')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.writes()).toEqual(['PATCH /api/products/7/supplier {"supplier_sku":"X-1"}']))
  })

  it('keeps an emptied pack size from the server: a pack is at least 1', async () => {
    const { api } = open(supplied())
    await waitFor(() => expect(packSize()).toHaveValue(6))
    await userEvent.clear(packSize())
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Required')).toBeInTheDocument()
    expect(api.writes()).toEqual([])
  })

  it('names the fields in Dutch', async () => {
    const api = fakeProductsApi(world(supplied()))
    renderScreens(
      { '/products/:id/supplier': <SupplierTab product={supplied()} refresh={vi.fn()} /> },
      { at: '/products/7/supplier', dataProvider: api.dataProvider, locale: 'nl' },
    )
    expect(await screen.findByRole('spinbutton', { name: 'Verpakkingseenheid' })).toHaveValue(6)
    expect(screen.getByRole('textbox', { name: 'Artikelnummer leverancier' })).toHaveValue('GP-4471')
  })

  it('links the supplier to its organization page', async () => {
    open(supplied())
    await userEvent.click(await screen.findByRole('link', { name: 'Open the page of Global Parts' }))
    expect(await screen.findByText('organization page')).toBeInTheDocument()
    expect(screen.getByTestId('path')).toHaveTextContent('/orgs/5')
  })

  it('says why the server refused, on the field and in a message, and does not reload', async () => {
    const api = fakeProductsApi(world(supplied()), (request) =>
      request.method === 'PATCH'
        ? { status: 422, json: { detail: [{ loc: ['body', 'purchase_price'], msg: 'Must be >= 0', type: 'greater_than_equal' }] } }
        : undefined,
    )
    const { refresh } = open(supplied(), api)
    await waitFor(() => expect(price()).toHaveValue(2.5))
    await userEvent.clear(price())
    await userEvent.type(price(), '1.5')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Please correct: purchase_price: Must be >= 0')).toBeInTheDocument()
    expect(screen.getByText('Must be >= 0')).toBeInTheDocument()
    expect(refresh).not.toHaveBeenCalled()
  })
})
