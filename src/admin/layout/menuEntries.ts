// The one list behind both menus (the side menu and the person menu of SPEC §2): where each entry goes, its label,
// its icon and who sees it.
import type { SvgIconComponent } from '@mui/icons-material'
import AccountCircleIcon from '@mui/icons-material/AccountCircle'
import LoginIcon from '@mui/icons-material/Login'
import LogoutIcon from '@mui/icons-material/Logout'
import products from '../products'
import orgs from '../orgs'
import brands from '../brands'
import warehouses from '../warehouses'
import users from '../users'
import transfers from '../transfers'
import counts from '../counts'
import { REORDER_REPORT_PATH } from '../common/paths'
import { reorderReportIcon } from '../reports'
import dashboard from '../dashboard'
import audit from '../audit'
import imports from '../imports'
import { LOGIN_PATH, PROFILE_PATH } from '../providers/authProvider'
import { session } from '../providers/session'
import type { MessageKey } from '../common/translate'

export type Audience = 'signed-out' | 'signed-in' | 'super-user'

export type MenuEntry = {
  /** i18n key */
  label: MessageKey
  icon: SvgIconComponent
  audience: Audience
} & ({ to: string } | { signOut: true })

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { to: dashboard.path, label: 'stockroom.menu.dashboard', icon: dashboard.icon, audience: 'signed-in' },
  { to: '/products', label: 'stockroom.menu.products', icon: products.icon, audience: 'signed-in' },
  { to: '/orgs', label: 'stockroom.menu.organizations', icon: orgs.icon, audience: 'signed-in' },
  { to: '/brands', label: 'stockroom.menu.brands', icon: brands.icon, audience: 'signed-in' },
  { to: '/warehouses', label: 'stockroom.menu.warehouses', icon: warehouses.icon, audience: 'signed-in' },
  { to: '/stock_transfers', label: 'stockroom.menu.transfers', icon: transfers.icon, audience: 'signed-in' },
  { to: '/stock_counts', label: 'stockroom.menu.counts', icon: counts.icon, audience: 'signed-in' },
  { to: REORDER_REPORT_PATH, label: 'stockroom.menu.reorder', icon: reorderReportIcon, audience: 'signed-in' },
  { to: imports.path, label: 'stockroom.menu.imports', icon: imports.icon, audience: 'signed-in' },
  { to: '/users', label: 'stockroom.menu.users', icon: users.icon, audience: 'super-user' },
  { to: audit.path, label: 'stockroom.menu.audit', icon: audit.icon, audience: 'super-user' },
  { to: PROFILE_PATH, label: 'stockroom.menu.profile', icon: AccountCircleIcon, audience: 'signed-in' },
  { to: LOGIN_PATH, label: 'stockroom.menu.sign_in', icon: LoginIcon, audience: 'signed-out' },
  { signOut: true, label: 'stockroom.menu.sign_out', icon: LogoutIcon, audience: 'signed-in' },
]

/** The entries the stored session may see (the same rule as the auth provider's canAccess). */
export function visibleMenuEntries(): MenuEntry[] {
  const signedIn = Boolean(session.token())
  const superUser = signedIn && Boolean(session.user()?.is_superuser)
  const sees: Record<Audience, boolean> = { 'signed-out': !signedIn, 'signed-in': signedIn, 'super-user': superUser }
  return MENU_ENTRIES.filter((entry) => sees[entry.audience])
}
