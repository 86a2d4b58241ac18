// The side menu: the entries of menuEntries.ts, as react-admin's menu items (a tooltip when folded, the drawer closes
// on a phone after a tap).
import { ListItemIcon, MenuItem, Tooltip, Typography } from '@mui/material'
import { Menu as RaMenu, useSidebarState } from 'react-admin'
import { useLogout } from 'ra-core'
import type { ReactElement } from 'react'
import { visibleMenuEntries } from './menuEntries'
import { useTranslate } from '../common/translate'

export function Menu() {
  const translate = useTranslate()
  return (
    <RaMenu aria-label={translate('stockroom.menu.side')}>
      {visibleMenuEntries().map((entry) => {
        const label = translate(entry.label)
        const icon = <entry.icon />
        if ('to' in entry) return <RaMenu.Item key={entry.to} to={entry.to} primaryText={label} leftIcon={icon} />
        return <SignOutItem key="sign-out" label={label} icon={icon} />
      })}
    </RaMenu>
  )
}

/** Styled as react-admin's menu links (its own <Logout> would say "Logout", not our label). */
function SignOutItem({ label, icon }: { label: string; icon: ReactElement }) {
  const logout = useLogout()
  const [open] = useSidebarState()
  const item = (
    <MenuItem onClick={() => void logout()} sx={{ color: 'text.secondary', '& .MuiListItemIcon-root': { minWidth: 40 } }}>
      <ListItemIcon>{icon}</ListItemIcon>
      <Typography variant="inherit" noWrap>
        {label}
      </Typography>
    </MenuItem>
  )
  return open ? (
    item
  ) : (
    <Tooltip title={label} placement="right">
      {item}
    </Tooltip>
  )
}
