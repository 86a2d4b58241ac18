import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import { ResourceContextProvider } from 'ra-core'
import UserList from '../../src/admin/users/UserList'
import { authProvider, dataProvider } from '../../src/admin/providers'
import { withScreenAccess } from '../../src/admin/screens'
import { session } from '../../src/admin/providers/session'
import { renderInAdmin } from './render'
import { conflict, fakeRest, type Answer } from './fake-rest'
import type { Recorded } from './fake-api'

const person = (id: number, username: string, extra: Record<string, unknown> = {}) => ({
  id,
  username,
  email: `${username}@example.com`,
  given_name: null,
  family_name: null,
  language: 'en' as const,
  is_active: true,
  is_verified: true,
  is_superuser: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
})
const admin = person(1, 'admin', { is_superuser: true })
const ann = person(2, 'ann', { given_name: 'Ann', family_name: 'Lee' })

/** The app's own providers over a fake server; the answer to a POST to /users/ waits until `answerCreation` is called. */
function serve(refuse?: (r: Recorded) => Answer | undefined) {
  const api = fakeRest({ users: [admin, ann] }, (r) => {
    if (r.url === '/api/auth/request-verify-token') return refuse?.(r) ?? { status: 202 }
    // the session's user, read again when the app starts
    if (r.url === '/api/users/me') return { json: admin }
    return refuse?.(r)
  })
  let answerCreation = () => {}
  const creationAnswered = new Promise<void>((resolve) => (answerCreation = resolve))
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const response = await api.fetch(url, init)
    if (init.method === 'POST' && url === '/api/users/') await creationAnswered
    return response
  })
  renderInAdmin(
    {
      '/users': (
        <ResourceContextProvider value="users">
          <UserList />
        </ResourceContextProvider>
      ),
    },
    { at: '/users', dataProvider, authProvider: withScreenAccess(authProvider) },
  )
  return { ...api, answerCreation }
}

const addUser = async (username: string, email: string) => {
  const form = await screen.findByRole('form', { name: 'New user' })
  await userEvent.type(within(form).getByRole('textbox', { name: /Username/ }), username)
  await userEvent.type(within(form).getByRole('textbox', { name: /E-mail/ }), email)
  await userEvent.click(within(form).getByRole('button', { name: 'Add user' }))
  return form
}

// the first screen of a file waits for MUI and react-admin to load in jsdom
configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

beforeEach(() => {
  localStorage.clear()
  session.save('token', admin)
})
afterEach(() => vi.unstubAllGlobals())

describe('Users', { timeout: 20_000 }, () => {
  it('shows a card per user with names, editable username and e-mail, the three flags, Delete and Save', async () => {
    serve().answerCreation()
    const card = await screen.findByRole('form', { name: 'ann' })
    expect(card).toHaveTextContent('Ann Lee')
    expect(within(card).getByRole('textbox', { name: 'Username' })).toHaveValue('ann')
    expect(within(card).getByRole('textbox', { name: 'E-mail' })).toHaveValue('ann@example.com')
    expect(
      ['Active', 'Verified', 'Superuser'].map((name) => within(card).getByRole<HTMLInputElement>('checkbox', { name }).checked),
    ).toEqual([true, true, false])
    expect(within(card).getByRole('button', { name: 'Save ann' })).toBeDisabled()
    expect(within(card).getByRole('button', { name: 'Delete ann' })).toBeEnabled()
    // nobody deletes their own account from here
    expect(within(await screen.findByRole('form', { name: 'admin' })).getByRole('button', { name: 'Delete admin' })).toBeDisabled()
  })

  it('creates a user with a generated password, then asks for the invitation mail, then clears the form', async () => {
    const api = serve()
    const form = await addUser('carol', 'carol@example.com')

    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true))
    const creation = api.requests.find((r) => r.method === 'POST')!
    expect(creation.url).toBe('/api/users/')
    const sent = JSON.parse(creation.body!)
    // the invitation is written in the language of the screen (English here)
    expect(Object.keys(sent).sort()).toEqual(['email', 'language', 'password', 'username'])
    expect(sent.language).toBe('en')
    expect(sent).toMatchObject({ username: 'carol', email: 'carol@example.com' })
    expect(sent.password).toMatch(/^[A-Za-z0-9]{14}$/)
    // nothing further while the server has not answered the creation
    expect(api.requests.filter((r) => r.url.startsWith('/api/auth/'))).toEqual([])
    expect(within(form).getByRole('textbox', { name: /Username/ })).toHaveValue('carol')

    api.answerCreation()
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'User "carol" added. An invitation mail was sent to carol@example.com: its link lets them choose their own password.',
    )
    expect(api.writes()).toEqual([`POST /api/users/ ${creation.body}`, 'POST /api/auth/request-verify-token {"email":"carol@example.com"}'])
    expect(within(form).getByRole('textbox', { name: /Username/ })).toHaveValue('')
    expect(within(form).getByRole('textbox', { name: /E-mail/ })).toHaveValue('')
    expect(await screen.findByRole('form', { name: 'carol' })).toBeInTheDocument()
  })

  it('stops at a refused creation, says why, and keeps the form', async () => {
    const api = serve((r) =>
      r.method === 'POST' && r.url === '/api/users/'
        ? conflict('EMAIL_EXISTS', 'Another user already has this e-mail address.')
        : undefined,
    )
    api.answerCreation()
    const form = await addUser('annie', 'ann@example.com')
    expect(await within(form).findByRole('alert')).toHaveTextContent('Another user already has this e-mail address.')
    expect(api.writes()).toEqual([expect.stringMatching(/^POST \/api\/users\/ /)])
    expect(within(form).getByRole('textbox', { name: /Username/ })).toHaveValue('annie')
    expect(within(form).getByRole('textbox', { name: /E-mail/ })).toHaveValue('ann@example.com')
  })

  it('says so when the user was made but the invitation could not be requested', async () => {
    const api = serve((r) => (r.url === '/api/auth/request-verify-token' ? { status: 503, json: { detail: 'down' } } : undefined))
    api.answerCreation()
    const form = await addUser('dave', 'dave@example.com')
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'User "dave" was added, but the invitation mail could not be sent: The server had a problem (503). Please try again later.',
    )
    expect(within(form).getByRole('textbox', { name: /Username/ })).toHaveValue('')
  })

  it('saves only what changed on a card, and shows the refusal of the last super-user', async () => {
    const api = serve((r) =>
      r.method === 'PATCH' && r.url === '/api/users/1'
        ? conflict('LAST_SUPERUSER', 'This is the last active super-user: make someone else super-user first.')
        : undefined,
    )
    api.answerCreation()
    const annCard = await screen.findByRole('form', { name: 'ann' })
    await userEvent.clear(within(annCard).getByRole('textbox', { name: 'E-mail' }))
    await userEvent.type(within(annCard).getByRole('textbox', { name: 'E-mail' }), 'ann.lee@example.com')
    await userEvent.click(within(annCard).getByRole('checkbox', { name: 'Superuser' }))
    await userEvent.click(within(annCard).getByRole('button', { name: 'Save ann' }))
    await waitFor(() => expect(api.writes()).toEqual(['PATCH /api/users/2 {"email":"ann.lee@example.com","is_superuser":true}']))
    await waitFor(() =>
      expect(within(screen.getByRole('form', { name: 'ann' })).getByRole('checkbox', { name: 'Superuser' })).toBeChecked(),
    )

    const adminCard = screen.getByRole('form', { name: 'admin' })
    await userEvent.click(within(adminCard).getByRole('checkbox', { name: 'Superuser' }))
    await userEvent.click(within(adminCard).getByRole('button', { name: 'Save admin' }))
    expect(await within(adminCard).findByRole('alert')).toHaveTextContent(
      'This is the last active super-user: make someone else super-user first.',
    )
  })

  it('tells a user who is not a super-user that the page is not for them, and asks the server nothing', async () => {
    session.saveUser(ann)
    const api = serve()
    expect(await screen.findByText('Only administrators manage users')).toBeInTheDocument()
    expect(screen.getByText(/Your account is not an administrator/)).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'New user' })).not.toBeInTheDocument()
    expect(api.requests.filter((r) => r.url.startsWith('/api/users'))).toEqual([])
  })
})
