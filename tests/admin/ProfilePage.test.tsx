import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import { ProfilePage } from '../../src/admin/profile/ProfilePage'
import { session } from '../../src/admin/providers/session'
import { dataProvider } from '../../src/admin/providers'
import { SCANNER_PREFIX_KEY } from '../../src/admin/common/scanning'
import { renderInAdmin } from './render'
import { fakeFetch, type Recorded } from './fake-api'
import type { I18nProvider } from 'ra-core'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import nl from '../../i18n/nl'

const pat = {
  id: 3,
  username: 'pat',
  email: 'pat@example.com',
  given_name: null,
  family_name: null,
  language: 'en' as const,
  is_active: true,
  is_verified: false,
  is_superuser: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  roles: [],
  permissions: [],
}

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

function serve(
  patch: (body: Record<string, unknown>) => { status?: number; json?: unknown } = (body) => ({ json: { ...pat, ...body } }),
  me: object = pat,
  i18nProvider?: I18nProvider,
) {
  const api = fakeFetch((request: Recorded) => {
    if (request.url === '/api/users/me' && request.method === 'PATCH') return patch(JSON.parse(request.body!) as Record<string, unknown>)
    if (request.url === '/api/users/me') return { json: me }
    if (request.url === '/api/auth/request-verify-token') return { status: 202 }
    if (request.url.startsWith('/api/warehouses/'))
      return {
        json: [
          { id: 1, warehouse_name: 'Berlijn' },
          { id: 2, warehouse_name: 'Rotterdam' },
        ],
        headers: { 'x-total-count': '2' },
      }
    return { status: 404, json: { detail: 'Not Found' } }
  })
  vi.stubGlobal('fetch', api.fetch)
  renderInAdmin({ '/me': <ProfilePage /> }, { at: '/me', i18nProvider, dataProvider })
  return api
}

beforeEach(() => {
  localStorage.clear()
  session.save('token', pat)
})
afterEach(() => vi.unstubAllGlobals())

describe('ProfilePage', () => {
  it("keeps this browser's scanner prefix, through a sign-out (its own key, not react-admin's store)", async () => {
    serve()
    const prefix = await screen.findByRole('textbox', { name: 'Scanner prefix' })
    const save = screen.getByRole('button', { name: 'Save prefix' })
    expect(save).toBeDisabled()
    await userEvent.type(prefix, '$$')
    await userEvent.click(save)
    expect(localStorage.getItem(SCANNER_PREFIX_KEY)).toBe('$$')
    // what is kept is what the field shows: nothing left to save
    expect(save).toBeDisabled()
    await userEvent.clear(prefix)
    await userEvent.click(save)
    expect(localStorage.getItem(SCANNER_PREFIX_KEY)).toBeNull()
  })

  it('opens the send-verification dialog with the address of the loaded profile', async () => {
    const api = serve()
    await userEvent.click(await screen.findByRole('button', { name: 'Send a verification email' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter email address' })
    // the dialog was there before the profile had loaded; it still starts from the profile's address
    expect(within(dialog).getByRole('textbox', { name: /E-mail/ })).toHaveValue('pat@example.com')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(api.requests.some((r) => r.url === '/api/auth/request-verify-token')).toBe(true))
    const sent = api.requests.find((r) => r.url === '/api/auth/request-verify-token')!
    expect(JSON.parse(sent.body!)).toEqual({ email: 'pat@example.com' })
  })

  it('asks for the current password only when the e-mail address or the password changes, and sends it', async () => {
    const api = serve((body) => ({ json: { ...pat, email: body.email } }))
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    await userEvent.clear(screen.getByRole('textbox', { name: 'First name' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Pat')
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument()
    const email = screen.getByRole('textbox', { name: /E-mail/ })
    await userEvent.clear(email)
    await userEvent.type(email, 'pat@elsewhere.example')
    expect(await screen.findByText('Needed to change your e-mail address or password.')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/Current password/), 'my-password-1')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PATCH')).toBe(true))
    const sent = JSON.parse(api.requests.find((r) => r.method === 'PATCH')!.body!) as Record<string, unknown>
    expect(sent).toMatchObject({ email: 'pat@elsewhere.example', current_password: 'my-password-1', given_name: 'Pat' })
    expect(sent).not.toHaveProperty('password')
  })

  it('shows a wrong current password at its field', async () => {
    serve(() => ({
      status: 400,
      json: { detail: [{ loc: ['body', 'current_password'], msg: 'The current password is wrong', type: 'value_error' }] },
    }))
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    await userEvent.type(screen.getByLabelText(/New password/), 'a-new-password-1')
    await userEvent.type(screen.getByLabelText(/Current password/), 'not-it')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('This is not your current password.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it('lists the roles held and where, in Dutch, the warehouses by name', async () => {
    const roles = [
      { role: 'clerk', warehouse_id: 2 },
      { role: 'office', warehouse_id: null },
      { role: 'viewer', warehouse_id: 1 },
    ]
    serve(
      undefined,
      { ...pat, roles },
      polyglotI18nProvider(() => nl, 'nl'),
    )
    const list = await screen.findByRole('list')
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Magazijnmedewerker in Rotterdam', 'Kantoor in alle magazijnen', 'Kijker in Berlijn']),
    )
  })

  it('shows a super-user as the administrator', async () => {
    serve(undefined, { ...pat, is_superuser: true })
    expect(await screen.findByText('Administrator in every warehouse')).toBeInTheDocument()
  })

  it('says when somebody holds no role', async () => {
    serve()
    expect(await screen.findByText('No roles yet: ask an administrator.')).toBeInTheDocument()
  })
})
