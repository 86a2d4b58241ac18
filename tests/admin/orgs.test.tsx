import { beforeEach, describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import { ResourceContextProvider } from 'ra-core'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import nl from '../../i18n/nl'
import OrgList from '../../src/admin/orgs/OrgList'
import OrgEdit from '../../src/admin/orgs/OrgEdit'
import orgsResource from '../../src/admin/orgs'
import { renderInAdmin } from './render'
import { conflict, fakeRest } from './fake-rest'

const organizations = () => [
  {
    id: 1,
    org_name: 'Bol.com',
    is_seller: true,
    is_supplier: false,
    email: null,
    language: 'en',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 2,
    org_name: 'Coolblue',
    is_seller: false,
    is_supplier: false,
    email: null,
    language: 'en',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-03-04T13:30:00Z',
  },
  {
    id: 3,
    org_name: 'Van der Berg',
    is_seller: true,
    is_supplier: true,
    email: 'inkoop@vanderberg.nl',
    language: 'nl',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  },
]

const inOrgs = (element: React.ReactNode) => <ResourceContextProvider value="orgs">{element}</ResourceContextProvider>
const open = (api: ReturnType<typeof fakeRest>, at: string) =>
  renderInAdmin({ '/orgs': inOrgs(<OrgList />), '/orgs/:id': inOrgs(<OrgEdit />) }, { at, dataProvider: api.dataProvider })
const card = (name: string) => screen.findByRole('article', { name })
const role = (within_: HTMLElement, name: 'Seller' | 'Supplier') => within(within_).getByRole<HTMLInputElement>('checkbox', { name })

// the first screen of a file waits for MUI and react-admin to load in jsdom
configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

beforeEach(() => localStorage.clear())

describe('Organizations', { timeout: 20_000 }, () => {
  it('is a list and an edit page at /orgs/{id}', () => {
    expect(orgsResource.list).toBeDefined()
    expect(orgsResource.edit).toBeDefined()
  })

  it('shows a card per organization with read-only seller and supplier checkboxes and an Edit link', async () => {
    const api = fakeRest({ orgs: organizations() })
    open(api, '/orgs')
    const vanDerBerg = await card('Van der Berg')
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Bol.com', 'Coolblue', 'Van der Berg'])
    expect(role(vanDerBerg, 'Seller').checked).toBe(true)
    expect(role(vanDerBerg, 'Supplier').checked).toBe(true)
    const bol = await card('Bol.com')
    expect([role(bol, 'Seller').checked, role(bol, 'Supplier').checked]).toEqual([true, false])
    expect(role(bol, 'Seller')).toBeDisabled()
    expect(within(bol).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', '/orgs/1')
  })

  it('adds an organization with the roles ticked', async () => {
    const api = fakeRest({ orgs: organizations() })
    open(api, '/orgs')
    await card('Bol.com')
    await userEvent.type(screen.getByRole('textbox', { name: 'New organization' }), 'Mediamarkt')
    const form = screen.getByRole('textbox', { name: 'New organization' }).closest('form')!
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Supplier' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Add organization' }))
    const added = await card('Mediamarkt')
    expect([role(added, 'Seller').checked, role(added, 'Supplier').checked]).toEqual([false, true])
    expect(api.writes()).toEqual(['POST /api/orgs/ {"org_name":"Mediamarkt","is_seller":false,"is_supplier":true}'])
    expect(within(form).getByRole('checkbox', { name: 'Supplier' })).not.toBeChecked()
  })

  it('edits name and roles, saves only the changes and goes back to the list', async () => {
    const api = fakeRest({ orgs: organizations() })
    open(api, '/orgs')
    await userEvent.click(within(await card('Coolblue')).getByRole('link', { name: /Edit/ }))

    const name = await screen.findByRole('textbox', { name: 'Name' })
    await waitFor(() => expect(name).toHaveValue('Coolblue'))
    // calendar text as on the product page; a date beyond last week shows as the date
    const edited = screen.getByText('03/04/2026')
    expect(edited).toHaveAttribute('datetime', '2026-03-04T13:30:00Z')
    expect(edited.parentElement).toHaveTextContent('Last edited: 03/04/2026')
    const seller = screen.getByRole('checkbox', { name: 'Seller' })
    const supplier = screen.getByRole('checkbox', { name: 'Supplier' })
    expect([seller, supplier].map((box) => (box as HTMLInputElement).checked)).toEqual([false, false])
    await userEvent.clear(name)
    await userEvent.type(name, 'Coolblue B.V.')
    await userEvent.click(supplier)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))

    const saved = await card('Coolblue B.V.')
    expect([role(saved, 'Seller').checked, role(saved, 'Supplier').checked]).toEqual([false, true])
    expect(api.writes()).toEqual(['PATCH /api/orgs/2 {"org_name":"Coolblue B.V.","is_supplier":true}'])
  })

  it('edits the e-mail address and language of what is sent to it, checking the address first', async () => {
    const api = fakeRest({ orgs: organizations() })
    open(api, '/orgs/2')
    const email = await screen.findByRole('textbox', { name: 'E-mail address' })
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Coolblue'))
    expect(email).toHaveValue('')
    const language = screen.getByRole('combobox', { name: 'Language' })
    expect(language).toHaveTextContent('English')
    expect(screen.getByText('Purchase orders and mails to this organization are written in it.')).toBeInTheDocument()
    await userEvent.type(email, 'not an address')
    // Save is offered once the form knows it changed: on a busy machine that render may come after the last key
    const save = async () => {
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled())
      await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    }
    await save()
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument()
    expect(api.writes()).toEqual([])

    await userEvent.clear(email)
    await userEvent.type(email, 'inkoop@coolblue.nl')
    await userEvent.click(language)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Dutch'])
    await userEvent.click(screen.getByRole('option', { name: 'Dutch' }))
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    await save()
    await card('Coolblue')
    expect(api.writes()).toEqual(['PATCH /api/orgs/2 {"email":"inkoop@coolblue.nl","language":"nl"}'])
  })

  it('says the e-mail address and language in Dutch', async () => {
    const api = fakeRest({ orgs: organizations() })
    renderInAdmin(
      { '/orgs/:id': inOrgs(<OrgEdit />) },
      { at: '/orgs/3', dataProvider: api.dataProvider, i18nProvider: polyglotI18nProvider(() => nl, 'nl') },
    )
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue('inkoop@vanderberg.nl'))
    expect(screen.getByRole('combobox', { name: 'Taal' })).toHaveTextContent('Nederlands')
  })

  it('asks before deleting and shows why an organization in use stays', async () => {
    const api = fakeRest({ orgs: organizations() }, (r) =>
      r.method === 'DELETE' && r.url.endsWith('/orgs/3')
        ? conflict(
            'ORGANIZATION_IN_USE',
            'Organization "Van der Berg" is used by 2 products as supplier or seller and cannot be deleted.',
            { name: 'Van der Berg', count: 2 },
          )
        : undefined,
    )
    open(api, '/orgs/3')
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Van der Berg'))
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Delete organization "Van der Berg"?')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Organization "Van der Berg" is used by 2 products as supplier or seller and cannot be deleted.',
    )
    expect(api.collections.orgs).toHaveLength(3)
  })

  it('deletes an unused organization and goes back to the list', async () => {
    const api = fakeRest({ orgs: organizations() })
    open(api, '/orgs/2')
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Coolblue'))
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await card('Bol.com')
    expect(screen.queryByRole('article', { name: 'Coolblue' })).not.toBeInTheDocument()
    expect(api.writes()).toEqual(['DELETE /api/orgs/2'])
  })
})
