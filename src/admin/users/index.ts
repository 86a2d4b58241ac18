// The users screen, for super-users.
import { lazy } from 'react'
import GroupIcon from '@mui/icons-material/Group'
import type { ResourceScreen } from '../common/screen'

export default {
  resource: 'users',
  label: 'terms.users',
  audience: 'administer',
  list: lazy(() => import('./UserList')),
  icon: GroupIcon,
  recordRepresentation: 'username',
} satisfies ResourceScreen
