import { beforeEach, describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import { ResourceContextProvider } from 'ra-core'
import ProductList from '../../src/admin/products/ProductList'
import { fakeProductsApi, manyProducts, renderScreens } from './products-fake'

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

const world = () => ({
  products: manyProducts(12),
  brands: [
    { id: 1, brand_name: 'Acme' },
    { id: 2, brand_name: 'Bosch' },
  ],
  suppliers: [{ id: 5, org_name: 'Global Parts' }],
  warehouses: [],
})

async function openDialog(api = fakeProductsApi(world())) {
  renderScreens(
    {
      '/products': (
        <ResourceContextProvider value="products">
          <ProductList />
        </ResourceContextProvider>
      ),
    },
    { at: '/products', dataProvider: api.dataProvider },
  )
  // the list opens by article number: ART-001 is the last of the twelve, SKU-012
  await screen.findByText('SKU-012')
  await userEvent.click(screen.getByRole('button', { name: 'Add product' }))
  return { api, dialog: within(await screen.findByRole('dialog', { name: 'Add product' })) }
}

const field = (dialog: ReturnType<typeof within>, name: string) => dialog.getByRole('textbox', { name })

async function pick(dialog: ReturnType<typeof within>, picker: string, option: string) {
  await userEvent.click(dialog.getByRole('combobox', { name: picker }))
  await userEvent.click(await screen.findByRole('option', { name: option }))
}

describe('Add product', { timeout: 60_000 }, () => {
  it('has the fields of a product, the image URL of url type, and both pickers with their placeholders', async () => {
    const { dialog } = await openDialog()
    for (const name of ['SKU', 'ASIN', 'Article number', 'Description', 'Barcode', 'Image URL'])
      expect(field(dialog, name)).toBeInTheDocument()
    expect(field(dialog, 'Image URL')).toHaveAttribute('type', 'url')
    expect(dialog.getByRole('combobox', { name: 'Brand' })).toHaveAttribute('placeholder', 'Select or create a brand')
    expect(dialog.getByRole('combobox', { name: 'Supplier' })).toHaveAttribute('placeholder', 'Select or create a supplier')
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it('saves, clears sku, ASIN, barcode, description, image URL and supplier, keeps article number and brand, and lists the product first, highlighted', async () => {
    const { api, dialog } = await openDialog()
    await userEvent.type(field(dialog, 'SKU'), 'NEW-1')
    await userEvent.type(field(dialog, 'ASIN'), 'B0NEW')
    await userEvent.type(field(dialog, 'Article number'), 'ART-NEW')
    await userEvent.type(field(dialog, 'Description'), 'Green teapot')
    await userEvent.type(field(dialog, 'Barcode'), '4006381333931')
    await userEvent.type(field(dialog, 'Image URL'), 'https://img.example/t.png')
    await pick(dialog, 'Brand', 'Bosch')
    await pick(dialog, 'Supplier', 'Global Parts')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(api.writes()).toHaveLength(1))
    expect(JSON.parse(api.writes()[0].replace('POST /api/products/ ', ''))).toEqual({
      sku: 'NEW-1',
      sku_amazon: 'B0NEW',
      article_number: 'ART-NEW',
      description: 'Green teapot',
      barcode: '4006381333931',
      image_url: 'https://img.example/t.png',
      brand_id: 2,
      supplier_id: 5,
    })
    expect(await screen.findByText('Product ART-NEW is added.')).toBeInTheDocument()

    // the modal stays open for the next product
    await waitFor(() => expect(field(dialog, 'SKU')).toHaveValue(''))
    for (const name of ['ASIN', 'Description', 'Barcode', 'Image URL']) expect(field(dialog, name)).toHaveValue('')
    expect(dialog.getByRole('combobox', { name: 'Supplier' })).toHaveValue('')
    expect(field(dialog, 'Article number')).toHaveValue('ART-NEW')
    expect(dialog.getByRole('combobox', { name: 'Brand' })).toHaveValue('Bosch')
    expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled()

    await userEvent.click(dialog.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const firstRow = screen.getAllByRole('row')[1]
    expect(within(firstRow).getByText('NEW-1')).toBeInTheDocument()
    expect(firstRow).toHaveStyle({ backgroundColor: 'rgb(255, 236, 179)' })
    expect(await screen.findByText('# Products: 13')).toBeInTheDocument()
  })

  it('saves the next product with the kept article number and brand', async () => {
    const { api, dialog } = await openDialog()
    await userEvent.type(field(dialog, 'Article number'), 'ART-9')
    await pick(dialog, 'Brand', 'Acme')
    await userEvent.type(field(dialog, 'SKU'), 'RED')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(field(dialog, 'SKU')).toHaveValue(''))
    await userEvent.type(field(dialog, 'SKU'), 'BLUE')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.writes()).toHaveLength(2))
    expect(api.writes()[1]).toMatch(/^POST \/api\/products\/ /)
    expect(JSON.parse(api.writes()[1].replace('POST /api/products/ ', ''))).toEqual({ sku: 'BLUE', article_number: 'ART-9', brand_id: 1 })
  })

  it('creates a brand from the modal and selects it', async () => {
    const { api, dialog } = await openDialog()
    await userEvent.click(dialog.getByRole('button', { name: 'Create a new brand' }))
    await userEvent.type(dialog.getByRole('textbox', { name: 'Brand: name of the new brand' }), 'Zeta{Enter}')
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Brand' })).toHaveValue('Zeta'))
    await userEvent.type(field(dialog, 'SKU'), 'Z-1')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.writes()).toHaveLength(2))
    expect(api.writes()).toEqual(['POST /api/brands/ {"brand_name":"Zeta"}', 'POST /api/products/ {"sku":"Z-1","brand_id":3}'])
  })

  it('says what is wrong when the server refuses, and keeps what was typed', async () => {
    const api = fakeProductsApi(world(), (request) =>
      request.method === 'POST' && request.url === '/api/products/'
        ? {
            status: 422,
            json: { detail: [{ loc: ['body', 'barcode'], msg: 'String should have at most 100 characters', type: 'string_too_long' }] },
          }
        : undefined,
    )
    const { dialog } = await openDialog(api)
    await userEvent.type(field(dialog, 'SKU'), 'X-1')
    await userEvent.type(field(dialog, 'Barcode'), 'X-123')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await dialog.findByRole('alert')).toHaveTextContent('Please correct: barcode: String should have at most 100 characters')
    expect(field(dialog, 'SKU')).toHaveValue('X-1')
    expect(dialog.getByText('String should have at most 100 characters')).toBeInTheDocument()
  })

  it('takes a barcode of digits only as a whole EAN-8, UPC-A or EAN-13 with its check digit', async () => {
    const { api, dialog } = await openDialog()
    await userEvent.type(field(dialog, 'SKU'), 'EAN-1')
    // a wrong check digit, then 11 digits: refused before the round trip
    await userEvent.type(field(dialog, 'Barcode'), '4006381333932')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    expect(
      await dialog.findByText('Barcode "4006381333932" is no EAN-8, UPC-A or EAN-13: its length or check digit is wrong.'),
    ).toBeInTheDocument()
    await userEvent.clear(field(dialog, 'Barcode'))
    await userEvent.type(field(dialog, 'Barcode'), '40063813339')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await dialog.findByText(/Barcode "40063813339" is no EAN-8/)).toBeInTheDocument()
    expect(api.writes()).toEqual([])
    // an EAN-8 with its check digit goes through
    await userEvent.clear(field(dialog, 'Barcode'))
    await userEvent.type(field(dialog, 'Barcode'), '96385074')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.writes()).toHaveLength(1))
    expect(api.writes()[0]).toContain('"barcode":"96385074"')
  })

  it('takes only web addresses as image URL', async () => {
    const { api, dialog } = await openDialog()
    await userEvent.type(field(dialog, 'Image URL'), 'javascript:alert(1)')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await dialog.findByText('Only web addresses starting with http:// or https:// can be used.')).toBeInTheDocument()
    expect(api.writes()).toEqual([])
  })
})
