import { beforeEach, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../src/admin/providers/http'
import { createAuthProvider, loginUrlFor, safeNextUrl } from '../../src/admin/providers/authProvider'
import { session, TOKEN_KEY, USER_KEY } from '../../src/admin/providers/session'
import { echoTranslate, fakeFetch, type Recorded } from './fake-api'

const user = {
  id: 1,
  email: 'a@b.c',
  username: 'ann',
  given_name: 'Ann',
  family_name: 'Lee',
  language: 'en' as const,
  is_active: true,
  is_verified: true,
  is_superuser: false,
  created_at: '',
  updated_at: '',
}
let requests: Recorded[]
let answer: (r: Recorded) => { status?: number; json?: unknown }
const make = () => {
  const fake = fakeFetch((r) => answer(r))
  requests = fake.requests
  return createAuthProvider(createHttpClient({ getToken: session.token, translate: echoTranslate, fetch: fake.fetch }), echoTranslate)
}

beforeEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('authProvider', () => {
  it('signs in form-encoded, keeps the token under "jwt" and the user under a second key', async () => {
    answer = (r) => (r.url.endsWith('/auth/jwt/login') ? { json: { access_token: 'T1', token_type: 'bearer' } } : { json: user })
    await make().login({ email: 'a@b.c', password: 'pw 1&2' })
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/auth/jwt/login', body: 'username=a%40b.c&password=pw+1%262' })
    expect(requests[0].headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(requests[1]).toMatchObject({ url: '/api/users/me' })
    expect(requests[1].headers.authorization).toBe('Bearer T1')
    expect(localStorage.getItem(TOKEN_KEY)).toBe('T1')
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(user)
  })

  it('says that the e-mail or password is wrong, and stores nothing', async () => {
    answer = () => ({ status: 400, json: { detail: 'LOGIN_BAD_CREDENTIALS' } })
    await expect(make().login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('stockroom.auth.bad_credentials')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('restores the session from storage and identifies the user', async () => {
    session.save('T2', user)
    const me = { ...user, roles: [{ role: 'viewer', warehouse_id: null }], permissions: [{ permission: 'stock.read', warehouse_id: null }] }
    answer = () => ({ json: me })
    const provider = make()
    await expect(provider.checkAuth({})).resolves.toBeUndefined()
    expect(await provider.getIdentity!()).toMatchObject({ id: 1, fullName: 'Ann Lee' })
    // a copy stored before roles is read again before the first screen, once per load
    expect(session.user()).toEqual(me)
    await provider.checkAuth({})
    expect(requests.filter((request) => request.url === '/api/users/me')).toHaveLength(1)
  })

  it('without a session sends to /login with the wanted page as nextUrl', async () => {
    window.history.replaceState(null, '', '/products/1/stock?x=1')
    await expect(make().checkAuth({})).rejects.toMatchObject({ redirectTo: '/login?nextUrl=%2Fproducts%2F1%2Fstock%3Fx%3D1' })
    expect(await make().logout({})).toBe('/login?nextUrl=%2Fproducts%2F1%2Fstock%3Fx%3D1')
  })

  it('signs out on the server, clears storage and goes to /login', async () => {
    session.save('T3', user)
    answer = () => ({ status: 204 })
    expect(await make().logout({})).toBe('/login')
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/auth/jwt/logout' })
    expect(requests[0].headers.authorization).toBe('Bearer T3')
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull()
    expect(localStorage.getItem(USER_KEY)).toBeNull()
  })

  it('handles 401 by sending to login, and keeps the user where they are on a 403', async () => {
    session.save('T4', user)
    window.history.replaceState(null, '', '/brands')
    const provider = make()
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined()
    expect(session.token()).toBe('T4')
    await expect(provider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login?nextUrl=%2Fbrands' })
    expect(session.token()).toBeNull()
    await expect(provider.checkError({ status: 500 })).resolves.toBeUndefined()
  })

  it('only follows nextUrl within the app', () => {
    expect(safeNextUrl('?nextUrl=%2Fproducts%2F3')).toBe('/products/3')
    expect(safeNextUrl('?nextUrl=https%3A%2F%2Fevil.example')).toBe('/')
    expect(safeNextUrl('?nextUrl=%2F%2Fevil.example')).toBe('/')
    expect(safeNextUrl('')).toBe('/')
    expect(loginUrlFor({ pathname: '/', search: '' })).toBe('/login')
  })
})
