import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import { ProfilePage } from '../../src/admin/profile/ProfilePage'
import { session } from '../../src/admin/providers/session'
import { renderInAdmin } from './render'
import { fakeFetch, type Recorded } from './fake-api'

const pat = {
  id: 3,
  username: 'pat',
  email: 'pat@example.com',
  given_name: null,
  family_name: null,
  is_active: true,
  is_verified: false,
  is_superuser: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

function serve() {
  const api = fakeFetch((request: Recorded) => {
    if (request.url === '/api/users/me') return { json: pat }
    if (request.url === '/api/auth/request-verify-token') return { status: 202 }
    return { status: 404, json: { detail: 'Not Found' } }
  })
  vi.stubGlobal('fetch', api.fetch)
  renderInAdmin({ '/me': <ProfilePage /> }, { at: '/me' })
  return api
}

beforeEach(() => {
  localStorage.clear()
  session.save('token', pat)
})
afterEach(() => vi.unstubAllGlobals())

describe('ProfilePage', () => {
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
})
