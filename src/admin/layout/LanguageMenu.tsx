// The language switch: react-admin's button with the language's name where there is room, an icon on a phone
// (its accessible name still says which language is on).
import { useState } from 'react'
import { IconButton, Menu, MenuItem, Tooltip, useMediaQuery, useTheme } from '@mui/material'
import TranslateIcon from '@mui/icons-material/Translate'
import { LocalesMenuButton } from 'react-admin'
import { useLocaleState, useLocales } from 'ra-core'
import { useTranslate } from '../common/translate'

export function LanguageMenu() {
  const theme = useTheme()
  const small = useMediaQuery(theme.breakpoints.down('sm'))
  return small ? <LanguageIconMenu /> : <LocalesMenuButton />
}

function LanguageIconMenu() {
  const translate = useTranslate()
  const locales = useLocales()
  const [locale, setLocale] = useLocaleState()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const current = locales.find((l) => l.locale === locale)?.name ?? locale
  const label = `${translate('stockroom.language')}: ${current}`
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {locales.map((option) => (
          <MenuItem
            key={option.locale}
            selected={option.locale === locale}
            onClick={() => {
              setAnchor(null)
              setLocale(option.locale)
            }}
          >
            {option.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
