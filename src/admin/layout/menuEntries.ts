// The one list behind both menus (the side menu and the person menu of SPEC §2): the screens, then signing in and
// out; where each entry goes, its label, its icon and who sees it.
import type { SvgIconComponent } from '@mui/icons-material'
import LoginIcon from '@mui/icons-material/Login'
import LogoutIcon from '@mui/icons-material/Logout'
import { SCREENS, sees } from '../screens'
import { screenPath, type Audience } from '../common/screen'
import { LOGIN_PATH } from '../providers/authProvider'
import type { MessageKey } from '../common/translate'

export type MenuEntry = {
  /** i18n key */
  label: MessageKey
  icon: SvgIconComponent
  audience: Audience
} & ({ to: string } | { signOut: true })

export const MENU_ENTRIES: readonly MenuEntry[] = [
  ...SCREENS.map((screen) => ({ to: screenPath(screen), label: screen.label, icon: screen.icon, audience: screen.audience })),
  { to: LOGIN_PATH, label: 'terms.sign_in', icon: LoginIcon, audience: 'signed-out' },
  { signOut: true, label: 'stockroom.menu.sign_out', icon: LogoutIcon, audience: 'signed-in' },
]

/** The entries the stored session may see (the same rule as the access check's). */
export function visibleMenuEntries(): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => sees(entry.audience))
}
