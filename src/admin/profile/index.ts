// The person's own profile page, loaded when opened.
import { lazy } from 'react'
import AccountCircleIcon from '@mui/icons-material/AccountCircle'
import { PROFILE_PATH } from '../providers/authProvider'
import type { PageScreen } from '../common/screen'

export default {
  path: PROFILE_PATH,
  label: 'terms.profile',
  audience: 'signed-in',
  icon: AccountCircleIcon,
  pages: { '': lazy(() => import('./ProfilePage')) },
} satisfies PageScreen
