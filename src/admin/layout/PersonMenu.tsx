// The person menu of SPEC §2: entries by session and super-user flag.
import { useState } from 'react'
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material'
import PersonIcon from '@mui/icons-material/Person'
import InventoryIcon from '@mui/icons-material/Inventory2'
import BusinessIcon from '@mui/icons-material/Business'
import SellIcon from '@mui/icons-material/Sell'
import GroupIcon from '@mui/icons-material/Group'
import LoginIcon from '@mui/icons-material/Login'
import AccountCircleIcon from '@mui/icons-material/AccountCircle'
import LogoutIcon from '@mui/icons-material/Logout'
import { useLogout, useTranslate } from 'ra-core'
import { Link } from 'react-router-dom'
import { session } from '../providers/session'

export function PersonMenu() {
  const translate = useTranslate()
  const logout = useLogout()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const signedIn = Boolean(session.token())
  const isSuperuser = Boolean(session.user()?.is_superuser)
  const close = () => setAnchor(null)

  const link = (to: string, label: string, icon: React.ReactNode) => (
    <MenuItem key={to} component={Link} to={to} onClick={close}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  )

  const entries = signedIn
    ? [
        link('/products', 'stockroom.menu.products', <InventoryIcon fontSize="small" />),
        link('/orgs', 'stockroom.menu.organizations', <BusinessIcon fontSize="small" />),
        link('/brands', 'stockroom.menu.brands', <SellIcon fontSize="small" />),
        isSuperuser && link('/users', 'stockroom.menu.users', <GroupIcon fontSize="small" />),
        link('/me', 'stockroom.menu.profile', <AccountCircleIcon fontSize="small" />),
        <MenuItem
          key="sign-out"
          onClick={() => {
            close()
            logout()
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('stockroom.menu.sign_out')}</ListItemText>
        </MenuItem>,
      ]
    : [link('/login', 'stockroom.menu.sign_in', <LoginIcon fontSize="small" />)]

  return (
    <>
      <Tooltip title={translate('stockroom.menu.open')}>
        <IconButton color="inherit" aria-label={translate('stockroom.menu.open')} onClick={(e) => setAnchor(e.currentTarget)}>
          <PersonIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {entries.filter(Boolean)}
      </Menu>
    </>
  )
}
