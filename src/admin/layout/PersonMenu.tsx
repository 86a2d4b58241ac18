// The person menu of SPEC §2: the entries of menuEntries.ts under the person icon of the top bar.
import { useState } from 'react'
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material'
import PersonIcon from '@mui/icons-material/Person'
import { useLogout } from 'ra-core'
import { Link } from 'react-router-dom'
import { visibleMenuEntries } from './menuEntries'
import { useTranslate } from '../common/translate'

export function PersonMenu() {
  const translate = useTranslate()
  const logout = useLogout()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const close = () => setAnchor(null)
  const title = translate('stockroom.menu.open')

  return (
    <>
      <Tooltip title={title}>
        <IconButton color="inherit" aria-label={title} onClick={(e) => setAnchor(e.currentTarget)}>
          <PersonIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': title } }}
      >
        {visibleMenuEntries().map((entry) => {
          const content = (
            <>
              <ListItemIcon>
                <entry.icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{translate(entry.label)}</ListItemText>
            </>
          )
          if ('to' in entry)
            return (
              <MenuItem key={entry.to} component={Link} to={entry.to} onClick={close}>
                {content}
              </MenuItem>
            )
          return (
            <MenuItem
              key="sign-out"
              onClick={() => {
                close()
                void logout()
              }}
            >
              {content}
            </MenuItem>
          )
        })}
      </Menu>
    </>
  )
}
