// What <Resource name="users"> needs.
import { lazy } from 'react'
import GroupIcon from '@mui/icons-material/Group'

export default {
  list: lazy(() => import('./UserList')),
  icon: GroupIcon,
  recordRepresentation: 'username',
}
