import { useState } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { configure, screen, waitFor } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import type { Identifier } from 'ra-core'
import { BRAND_PICKER, PickOrCreate, SELLER_PICKER, SUPPLIER_PICKER, type PickerSource } from '../../src/admin/common/PickOrCreate'
import { conflict } from './fake-rest'
import { fakeProductsApi, renderScreens } from './products-fake'

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

beforeEach(() => localStorage.clear())

const world = () => ({
  brands: [
    { id: 1, brand_name: 'Acme' },
    { id: 2, brand_name: 'Bosch' },
    { id: 3, brand_name: 'Makita' },
  ],
  suppliers: [{ id: 5, org_name: 'Global Parts' }],
  sellers: [{ id: 6, org_name: 'Amazon EU' }],
  orgs: [
    { id: 5, org_name: 'Global Parts', is_supplier: true, is_seller: false },
    { id: 6, org_name: 'Amazon EU', is_supplier: false, is_seller: true },
    { id: 9, org_name: 'Far Away Ltd', is_supplier: true, is_seller: false },
  ],
})

/** The picker as a form would hold it; every change is recorded and the value shown. */
function open({
  picker = BRAND_PICKER,
  label = 'Brand',
  initial = null as Identifier | null,
  link = false,
  api = fakeProductsApi(world()),
} = {}) {
  const changes: [Identifier | null, string | undefined][] = []
  function Holder({ source }: { source: PickerSource }) {
    const [value, setValue] = useState<Identifier | null>(initial)
    return (
      <>
        <PickOrCreate
          {...source}
          label={label}
          value={value}
          linkToOrganization={link}
          onChange={(id, record) => {
            changes.push([id, record?.[source.nameField] as string | undefined])
            setValue(id)
          }}
        />
        <output data-testid="value">{String(value)}</output>
      </>
    )
  }
  renderScreens({ '/': <Holder source={picker} />, '/orgs/:id': <p>organization page</p> }, { at: '/', dataProvider: api.dataProvider })
  return { api, changes, value: () => screen.getByTestId('value').textContent }
}

describe('PickOrCreate', { timeout: 60_000 }, () => {
  it('selects from the list in select mode, with the placeholder of its kind', async () => {
    const { api, changes, value } = open()
    const select = screen.getByRole('combobox', { name: 'Brand' })
    expect(select).toHaveAttribute('placeholder', 'Select or create a brand')
    // the label sits above the empty field from the start, or MUI would hide the placeholder until focus
    expect(screen.getByText('Brand', { selector: 'label' })).toHaveAttribute('data-shrink', 'true')
    await userEvent.click(select)
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Acme', 'Bosch', 'Makita'])
    expect(api.requests[0].url).toMatch(/^\/api\/brands\/\?skip=0&limit=100&sort_by=brand_name\.asc$/)
    await userEvent.click(screen.getByRole('option', { name: 'Bosch' }))
    expect(changes).toEqual([[2, 'Bosch']])
    expect(value()).toBe('2')
    expect(select).toHaveValue('Bosch')
  })

  it('searches on the server by what is typed', async () => {
    const { api } = open()
    await userEvent.type(screen.getByRole('combobox', { name: 'Brand' }), 'ma')
    await waitFor(() => expect(api.requests.at(-1)!.url).toContain('q=ma'))
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Makita']))
  })

  it('sets the value to null with the clear button', async () => {
    const { changes, value } = open({ initial: 3 })
    const select = screen.getByRole('combobox', { name: 'Brand' })
    await waitFor(() => expect(select).toHaveValue('Makita'))
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(changes).toEqual([[null, undefined]])
    expect(value()).toBe('null')
    expect(select).toHaveValue('')
  })

  it('shows a chosen item that is not among the first options by reading it', async () => {
    const { api } = open({ picker: SUPPLIER_PICKER, label: 'Supplier', initial: 9 })
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Far Away Ltd'))
    expect(api.requests.map((r) => r.url)).toContain('/api/orgs/9')
  })

  it('creates a new item by name in create-new mode and selects it at once', async () => {
    const { api, changes, value } = open()
    await userEvent.click(screen.getByRole('button', { name: 'Create a new brand' }))
    expect(screen.queryByRole('combobox', { name: 'Brand' })).not.toBeInTheDocument()
    const name = screen.getByRole('textbox', { name: 'Brand: name of the new brand' })
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await userEvent.type(name, '  Zeta ')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Zeta'))
    expect(api.writes()).toEqual(['POST /api/brands/ {"brand_name":"Zeta"}'])
    expect(changes).toEqual([[4, 'Zeta']])
    expect(value()).toBe('4')
  })

  it('goes back to select mode on Cancel without saving or changing anything', async () => {
    const { api, changes } = open({ initial: 1 })
    await userEvent.click(screen.getByRole('button', { name: 'Create a new brand' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Brand: name of the new brand' }), 'Never')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Acme'))
    expect(api.writes()).toEqual([])
    expect(changes).toEqual([])
  })

  it('shows why a new item was refused and stays in create mode', async () => {
    const api = fakeProductsApi(world(), (request) =>
      request.method === 'POST' ? conflict('DUPLICATE_NAME', 'Brand "acme" already exists.', { name: 'acme' }) : undefined,
    )
    const { changes } = open({ api })
    await userEvent.click(screen.getByRole('button', { name: 'Create a new brand' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Brand: name of the new brand' }), 'acme{Enter}')
    expect(await screen.findByText('"acme" already exists.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Brand: name of the new brand' })).toHaveValue('acme')
    expect(changes).toEqual([])
  })

  it('saves a new seller as an organization that sells, and links to its page', async () => {
    const { api, value } = open({ picker: SELLER_PICKER, label: 'Seller', link: true })
    expect(screen.getByRole('combobox', { name: 'Seller' })).toHaveAttribute('placeholder', 'Select or create a seller')
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Create a new seller' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Seller: name of the new seller' }), 'Bol{Enter}')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Seller' })).toHaveValue('Bol'))
    expect(api.writes()).toEqual(['POST /api/sellers/ {"org_name":"Bol"}'])
    const link = screen.getByRole('link', { name: 'Open the page of Bol' })
    expect(link).toHaveAttribute('href', `/orgs/${value()}`)
    await userEvent.click(link)
    expect(await screen.findByText('organization page')).toBeInTheDocument()
  })
})
