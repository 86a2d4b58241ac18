import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpError, type DataProvider } from 'ra-core'
import { aProduct, renderProductScreens } from './product-screens'

const withDelete = (remove: DataProvider['delete']) => {
  const dataProvider = {
    getOne: vi.fn(() => Promise.resolve({ data: aProduct() })),
    delete: vi.fn(remove),
  }
  return dataProvider as unknown as DataProvider & { delete: ReturnType<typeof vi.fn> }
}
const path = () => screen.getByTestId('path').textContent

async function openConfirmation() {
  await userEvent.click(await screen.findByRole('button', { name: 'Remove' }))
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).getByText('Remove product?')).toBeInTheDocument()
  expect(within(dialog).getByText('Please confirm you want to remove this product.')).toBeInTheDocument()
  return dialog
}

// rendering react-admin in jsdom takes seconds on a busy machine
describe('Removing a product', { timeout: 20_000 }, () => {
  it('asks first; Close keeps the product', async () => {
    const dataProvider = withDelete(() => Promise.resolve({ data: aProduct() }) as never)
    renderProductScreens('/products/7', dataProvider)
    const dialog = await openConfirmation()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(dataProvider.delete).not.toHaveBeenCalled()
    expect(path()).toBe('/products/7')
  })

  it('removes on Remove, goes to the products and says so', async () => {
    const dataProvider = withDelete(() => Promise.resolve({ data: aProduct() }) as never)
    renderProductScreens('/products/7', dataProvider)
    const dialog = await openConfirmation()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('products list')).toBeInTheDocument()
    expect(path()).toBe('/products')
    expect(await screen.findByText('Product ART-7 was removed.')).toBeInTheDocument()
    expect(dataProvider.delete).toHaveBeenCalledWith('products', expect.objectContaining({ id: 7 }))
  })

  it('says why when the removal fails, and stays on the product', async () => {
    const dataProvider = withDelete(() =>
      Promise.reject(new HttpError('The database is not available right now. Please try again in a moment.', 503, {})),
    )
    renderProductScreens('/products/7', dataProvider)
    const dialog = await openConfirmation()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(
      await screen.findByText('The product was not removed: The database is not available right now. Please try again in a moment.'),
    ).toBeInTheDocument()
    expect(path()).toBe('/products/7')
    expect(screen.getByText('Blue teapot')).toBeInTheDocument()
  })
})
