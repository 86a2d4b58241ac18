import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AuthProvider } from 'ra-core'
import { LoginPage } from '../../src/admin/auth/LoginPage'
import { renderInAdmin } from './render'
import { authProvider as appAuthProvider } from '../../src/admin/providers'
import { fakeFetch } from './fake-api'

const authProvider = (login: AuthProvider['login']): AuthProvider => ({
  login,
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
})

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('LoginPage', () => {
  it('shows the Welcome form and sends nothing while a field is empty', async () => {
    const login = vi.fn(() => Promise.resolve())
    renderInAdmin({ '/login': <LoginPage /> }, { at: '/login', authProvider: authProvider(login) })
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument()
    expect(document.title).toBe('Stockroom - Sign in')
    await userEvent.type(screen.getByLabelText(/E-mail/), 'a@b.c')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(login).not.toHaveBeenCalled()
  })

  it('says that the pair is wrong instead of failing silently', async () => {
    const login = vi.fn(() => Promise.reject(new Error('The e-mail address or the password is wrong.')))
    renderInAdmin({ '/login': <LoginPage /> }, { at: '/login', authProvider: authProvider(login) })
    await userEvent.type(await screen.findByLabelText(/E-mail/), 'a@b.c')
    await userEvent.type(screen.getByLabelText(/Password/), 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail address or the password is wrong.')
    expect(login).toHaveBeenCalledWith({ email: 'a@b.c', password: 'nope' })
  })

  it('says how long to wait when the server refuses for too many attempts (Retry-After)', async () => {
    const api = fakeFetch(() => ({
      status: 429,
      json: { detail: 'Too many attempts. Please wait 231 seconds and try again.' },
      headers: { 'Retry-After': '231' },
    }))
    vi.stubGlobal('fetch', api.fetch)
    renderInAdmin({ '/login': <LoginPage /> }, { at: '/login', authProvider: appAuthProvider })
    await userEvent.type(await screen.findByLabelText(/E-mail/), 'a@b.c')
    await userEvent.type(screen.getByLabelText(/Password/), 'right-or-wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 4 minutes.')
    expect(api.requests.map((r) => r.url)).toEqual(['/api/auth/jwt/login'])
  })

  it('lands on nextUrl after signing in', async () => {
    renderInAdmin(
      { '/login': <LoginPage />, '/products/:id/stock': <p>stock page</p> },
      { at: '/login?nextUrl=%2Fproducts%2F3%2Fstock', authProvider: authProvider(() => Promise.resolve()) },
    )
    await userEvent.type(await screen.findByLabelText(/E-mail/), 'a@b.c')
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-1')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('stock page')).toBeInTheDocument()
  })

  it('asks for an address in the forgot-password dialog, with the typo of the old app fixed', async () => {
    renderInAdmin({ '/login': <LoginPage /> }, { at: '/login', authProvider: authProvider(() => Promise.resolve()) })
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }))
    expect(await screen.findByText('Reset password')).toBeInTheDocument()
    expect(screen.getByText('Enter your email to receive password reset instructions.')).toBeInTheDocument()
  })
})
