import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { DataProvider } from 'ra-core'
import type { Product } from '../../src/contract'
import { aProduct, renderProductScreens } from './product-screens'
import { upgradedUser } from './render'
import { USER_KEY } from '../../src/admin/providers/session'
import { permissionsOf, type RoleGrant } from '../../src/contract/roles'

const showing = (product: Product) => ({ getOne: vi.fn(() => Promise.resolve({ data: product })) }) as unknown as DataProvider
const path = () => screen.getByTestId('path').textContent

// rendering react-admin in jsdom takes seconds on a busy machine
describe('ProductTab', { timeout: 20_000 }, () => {
  it("lists the product's data and its stock per warehouse by name", async () => {
    renderProductScreens('/products/7', showing(aProduct()))
    const term = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextElementSibling?.textContent
    expect(await term('Description')).toBe('Blue teapot')
    expect(await term('Brand')).toBe('Acme')
    expect(await term('Article number')).toBe('ART-7')
    expect(await term('SKU')).toBe('SKU-7')
    expect(await term('ASIN')).toBe('B000000007')
    expect(await term('Barcode')).toBe('—')
    expect(await term('Total stock')).toBe('12')
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual(['WarehouseAmount', 'Amsterdam7', 'Zwolle5'])
    expect(screen.queryByRole('img', { name: /barcode/ })).toBeNull()
  })

  it('shows an http(s) image and nothing from another scheme', async () => {
    const { unmount } = renderProductScreens('/products/7', showing(aProduct({ image_url: 'https://images.example.com/7.png' })))
    expect(await screen.findByRole('img', { name: 'Image of ART-7' })).toHaveAttribute('src', 'https://images.example.com/7.png')
    unmount()
    renderProductScreens('/products/7', showing(aProduct({ image_url: 'javascript:alert(1)' })))
    expect(await screen.findByText('No image')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'Image of ART-7' })).toBeNull()
  })

  it('shows an invalid barcode as a sentence, and the rest of the page still works', async () => {
    renderProductScreens('/products/7', showing(aProduct({ barcode: '123' })))
    expect(await screen.findByText("'123' is not a valid EAN-13 barcode")).toBeInTheDocument()
    expect(screen.getByText('Blue teapot')).toBeInTheDocument()
  })

  it('has Edit to the edit page and Close to the list', async () => {
    renderProductScreens('/products/7', showing(aProduct()))
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/products/7/edit')
    await userEvent.click(screen.getByRole('link', { name: 'Close' }))
    expect(path()).toBe('/products')
  })

  it('offers no Edit and no Remove to one who may not change the catalogue (a clerk)', async () => {
    const roles: RoleGrant[] = [{ role: 'clerk', warehouse_id: 1 }]
    localStorage.setItem(USER_KEY, JSON.stringify({ ...upgradedUser, roles, permissions: permissionsOf(roles, false) }))
    renderProductScreens('/products/7', showing(aProduct()))
    await screen.findByRole('link', { name: 'Close' })
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull()
    localStorage.clear()
  })
})
