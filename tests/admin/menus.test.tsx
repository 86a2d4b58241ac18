import { beforeEach, describe, expect, it } from 'vitest'
import { permissionsOf, type RoleGrant } from '../../src/contract/roles'
import { cleanup, screen, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import type { AuthProvider } from 'ra-core'
import { Menu } from '../../src/admin/layout/Menu'
import { PersonMenu } from '../../src/admin/layout/PersonMenu'
import { session } from '../../src/admin/providers/session'
import { canAccess } from '../../src/admin/screens'
import { renderInAdmin } from './render'

const userEvent = userEventLib.setup({ delay: null })
const user = {
  id: 2,
  email: 'sam@example.com',
  username: 'sam',
  given_name: null,
  family_name: null,
  language: 'en' as const,
  is_active: true,
  is_verified: true,
  is_superuser: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...holding([
    { role: 'office', warehouse_id: null },
    { role: 'manager', warehouse_id: null },
  ]),
}
/** GET /users/me's roles and permissions of a user holding `roles` */
function holding(roles: RoleGrant[]) {
  return { roles, permissions: permissionsOf(roles, false) }
}
let signedOut: boolean
const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => {
    signedOut = true
    session.clear()
    return Promise.resolve('/login')
  },
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(),
}

/** the person menu's entries, after opening it */
async function personMenuEntries() {
  renderInAdmin({ '*': <PersonMenu /> }, { at: '/products', authProvider })
  await userEvent.click(screen.getByRole('button', { name: 'Account menu' }))
  return within(await screen.findByRole('menu', { name: 'Account menu' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent)
}

function sideMenuEntries() {
  renderInAdmin({ '*': <Menu /> }, { at: '/products', authProvider })
  return within(screen.getByRole('menu', { name: 'Main menu' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent)
}

beforeEach(() => {
  localStorage.clear()
  signedOut = false
})

describe('the side menu and the person menu', () => {
  it('show a signed-in user the same entries, Dashboard first, without Users or the audit trail', async () => {
    session.save('token', user)
    const side = sideMenuEntries()
    expect(side).toEqual([
      'Dashboard',
      'Products',
      'Organizations',
      'Brands',
      'Warehouses',
      'Transfers',
      'Counts',
      'Purchase orders',
      'Approvals',
      'Reorder report',
      'Import',
      'Profile',
      'Sign out',
    ])
    expect(await personMenuEntries()).toEqual(side)
  })

  it('show Users and the audit trail to a super-user, in both menus', async () => {
    session.save('token', { ...user, is_superuser: true })
    const side = sideMenuEntries()
    expect(side).toEqual([
      'Dashboard',
      'Products',
      'Organizations',
      'Brands',
      'Warehouses',
      'Transfers',
      'Counts',
      'Purchase orders',
      'Approvals',
      'Reorder report',
      'Import',
      'Users',
      'Booking reasons',
      'Audit trail',
      'Profile',
      'Sign out',
    ])
    expect(await personMenuEntries()).toEqual(side)
  })

  it('offer only Sign in when signed out', async () => {
    expect(await personMenuEntries()).toEqual(['Sign in'])
  })

  it('link each entry to its page', async () => {
    session.save('token', user)
    await personMenuEntries()
    const menu = screen.getByRole('menu', { name: 'Account menu' })
    expect(within(menu).getByRole('menuitem', { name: 'Warehouses' })).toHaveAttribute('href', '/warehouses')
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/me')
  })

  it('sign out from either menu', async () => {
    session.save('token', user)
    renderInAdmin({ '*': <Menu /> }, { at: '/products', authProvider })
    await userEvent.click(within(screen.getByRole('menu', { name: 'Main menu' })).getByRole('menuitem', { name: 'Sign out' }))
    await expect.poll(() => signedOut).toBe(true)

    signedOut = false
    session.save('token', user)
    await personMenuEntries()
    await userEvent.click(within(screen.getByRole('menu', { name: 'Account menu' })).getByRole('menuitem', { name: 'Sign out' }))
    await expect.poll(() => signedOut).toBe(true)
  })
})

describe('the access check', () => {
  it('lets only a super-user at the users resource', async () => {
    session.save('T5', user)
    expect(await canAccess({ resource: 'users', action: 'list' })).toBe(false)
    expect(await canAccess({ resource: 'products', action: 'list' })).toBe(true)
    session.saveUser({ ...user, is_superuser: true })
    expect(await canAccess({ resource: 'users', action: 'list' })).toBe(true)
  })

  it('follows the permissions of the roles: a viewer of one warehouse does not import, an office worker sees no stock screens', async () => {
    session.save('T6', { ...user, ...holding([{ role: 'viewer', warehouse_id: 3 }]) })
    expect(sideMenuEntries()).toEqual([
      'Dashboard',
      'Products',
      'Organizations',
      'Brands',
      'Warehouses',
      'Transfers',
      'Counts',
      'Purchase orders',
      'Approvals',
      'Reorder report',
      'Profile',
      'Sign out',
    ])
    expect(await canAccess({ resource: 'users', action: 'list' })).toBe(false)
    expect(await canAccess({ resource: 'stock_counts', action: 'list' })).toBe(true)
    session.saveUser({ ...user, ...holding([{ role: 'office', warehouse_id: null }]) })
    cleanup()
    expect(sideMenuEntries()).toEqual([
      'Dashboard',
      'Products',
      'Organizations',
      'Brands',
      'Warehouses',
      'Purchase orders',
      'Import',
      'Profile',
      'Sign out',
    ])
    expect(await canAccess({ resource: 'stock_counts', action: 'list' })).toBe(false)
    session.saveUser({ ...user, ...holding([]) })
    cleanup()
    expect(sideMenuEntries()).toEqual(['Dashboard', 'Profile', 'Sign out'])
  })
})
