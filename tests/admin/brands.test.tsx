import { beforeEach, describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import { ResourceContextProvider } from 'ra-core'
import BrandList from '../../src/admin/brands/BrandList'
import { renderInAdmin } from './render'
import { conflict, fakeRest } from './fake-rest'

const brands = () => [
  { id: 1, brand_name: 'Acme' },
  { id: 2, brand_name: 'Bosch' },
  { id: 3, brand_name: 'Stanley' },
]

function open(api: ReturnType<typeof fakeRest>) {
  renderInAdmin(
    {
      '/brands': (
        <ResourceContextProvider value="brands">
          <BrandList />
        </ResourceContextProvider>
      ),
    },
    { at: '/brands', dataProvider: api.dataProvider },
  )
  return screen.findByRole('textbox', { name: 'Name: Acme' })
}

// the first screen of a file waits for MUI and react-admin to load in jsdom
configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

beforeEach(() => localStorage.clear())

describe('Brands', { timeout: 20_000 }, () => {
  it('lists the brands by name, each with its name editable, Save and Delete', async () => {
    const api = fakeRest({ brands: brands() })
    await open(api)
    expect(api.requests[0].url).toMatch(/^\/api\/brands\/\?skip=0&limit=25&sort_by=brand_name\.asc/)
    expect(screen.getAllByRole('textbox', { name: /^Name: / }).map((input) => (input as HTMLInputElement).value)).toEqual([
      'Acme',
      'Bosch',
      'Stanley',
    ])
    expect(screen.getByRole('button', { name: 'Save Bosch' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Delete Bosch' })).toBeEnabled()
  })

  it('adds a brand on Enter, clears the field, and shows it in the list', async () => {
    const api = fakeRest({ brands: brands() })
    await open(api)
    const field = screen.getByRole('textbox', { name: 'New brand' })
    await userEvent.type(field, '  Dewalt {Enter}')
    expect(await screen.findByRole('textbox', { name: 'Name: Dewalt' })).toBeInTheDocument()
    expect(api.writes()).toEqual(['POST /api/brands/ {"brand_name":"Dewalt"}'])
    expect(field).toHaveValue('')
    // the Add button does the same
    await userEvent.type(field, 'Festool')
    await userEvent.click(screen.getByRole('button', { name: 'Add brand' }))
    expect(await screen.findByRole('textbox', { name: 'Name: Festool' })).toBeInTheDocument()
  })

  it('refuses a duplicate with the reason and keeps what was typed', async () => {
    const api = fakeRest({ brands: brands() }, (r) =>
      r.method === 'POST' ? conflict('DUPLICATE_NAME', 'Brand "acme" already exists.', { name: 'acme' }) : undefined,
    )
    await open(api)
    const field = screen.getByRole('textbox', { name: 'New brand' })
    await userEvent.type(field, 'acme{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('"acme" already exists.')
    expect(field).toHaveValue('acme')
    expect(api.collections.brands).toHaveLength(3)
  })

  it('renames a brand with Save, sending only the new name', async () => {
    const api = fakeRest({ brands: brands() })
    const bosch = await open(api).then(() => screen.getByRole('textbox', { name: 'Name: Bosch' }))
    await userEvent.clear(bosch)
    await userEvent.type(bosch, 'Bosch Pro')
    await userEvent.click(screen.getByRole('button', { name: 'Save Bosch' }))
    expect(await screen.findByRole('textbox', { name: 'Name: Bosch Pro' })).toHaveValue('Bosch Pro')
    expect(api.writes()).toEqual(['PATCH /api/brands/2 {"brand_name":"Bosch Pro"}'])
    expect(screen.getByRole('button', { name: 'Save Bosch Pro' })).toBeDisabled()
  })

  it('asks before deleting, deletes, and shows the 409 reason when the brand is in use', async () => {
    const api = fakeRest({ brands: brands() }, (r) =>
      r.method === 'DELETE' && r.url.endsWith('/brands/1')
        ? conflict('BRAND_IN_USE', 'Brand "Acme" is used by 3 products and cannot be deleted.', { name: 'Acme', count: 3 })
        : undefined,
    )
    await open(api)

    await userEvent.click(screen.getByRole('button', { name: 'Delete Stanley' }))
    const question = await screen.findByRole('dialog')
    expect(question).toHaveTextContent('Delete brand "Stanley"?')
    expect(api.writes()).toEqual([])
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name: Stanley' })).not.toBeInTheDocument())
    expect(api.writes()).toEqual(['DELETE /api/brands/3'])

    await userEvent.click(screen.getByRole('button', { name: 'Delete Acme' }))
    const refused = await screen.findByRole('dialog')
    await userEvent.click(within(refused).getByRole('button', { name: 'Delete' }))
    expect(await within(refused).findByRole('alert')).toHaveTextContent('Brand "Acme" is used by 3 products and cannot be deleted.')
    await userEvent.click(within(refused).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('textbox', { name: 'Name: Acme' })).toBeInTheDocument()
    expect(api.collections.brands.map((b) => b.brand_name)).toEqual(['Acme', 'Bosch'])
  })

  it('searches by name', async () => {
    const api = fakeRest({ brands: brands() })
    await open(api)
    await userEvent.type(screen.getByPlaceholderText('Search'), 'stan')
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name: Acme' })).not.toBeInTheDocument(), { timeout: 3000 })
    expect(screen.getAllByRole('textbox', { name: /^Name: / }).map((input) => (input as HTMLInputElement).value)).toEqual(['Stanley'])
    expect(api.requests.at(-1)!.url).toContain('q=stan')
    await userEvent.clear(screen.getByPlaceholderText('Search'))
    await userEvent.type(screen.getByPlaceholderText('Search'), 'zzz')
    expect(await screen.findByText('No brand matches this search.', {}, { timeout: 3000 })).toBeInTheDocument()
  })
})
