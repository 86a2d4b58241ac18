// Every screen of the admin in one list, in the order of the menus: App.tsx makes their resources and routes, both
// menus list them, and the access check reads who may open each. A new screen is a folder and a line here.
import type { AuthProvider } from 'ra-core'
import products from './products'
import orgs from './orgs'
import brands from './brands'
import warehouses from './warehouses'
import users from './users'
import transfers from './transfers'
import counts from './counts'
import purchaseOrders from './purchase_orders'
import approvals from './approvals'
import reasons from './reasons'
import reorderReport from './reports'
import dashboard from './dashboard'
import audit from './audit'
import imports from './imports'
import profile from './profile'
import { isResourceScreen, type Audience, type Screen } from './common/screen'
import { session } from './providers/session'

export const SCREENS: readonly Screen[] = [
  dashboard,
  products,
  orgs,
  brands,
  warehouses,
  transfers,
  counts,
  purchaseOrders,
  approvals,
  reorderReport,
  imports,
  users,
  reasons,
  audit,
  profile,
]

/** Whether the stored session is in the audience (the menus and the access check ask the same). */
export function sees(audience: Audience): boolean {
  const signedIn = Boolean(session.token())
  if (audience === 'signed-out') return !signedIn
  return signedIn && (audience === 'signed-in' || session.holds(audience))
}

/** react-admin's access check: a resource is open to its screen's audience. */
export const canAccess: NonNullable<AuthProvider['canAccess']> = ({ resource }) => {
  const screen = SCREENS.find((s) => isResourceScreen(s) && s.resource === resource)
  return Promise.resolve(screen ? sees(screen.audience) : true)
}

/** The auth provider with the screens' access check, as the app uses it. */
export const withScreenAccess = (authProvider: AuthProvider): AuthProvider => ({ ...authProvider, canAccess })
