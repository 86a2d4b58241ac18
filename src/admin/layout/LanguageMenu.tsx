// The language switch: react-admin's button with the language's name where there is room, an icon on a phone
// (its accessible name still says which language is on).
import { useEffect, useRef, useState } from 'react'
import { IconButton, Menu, MenuItem, Tooltip, useMediaQuery, useTheme } from '@mui/material'
import TranslateIcon from '@mui/icons-material/Translate'
import { LocalesMenuButton } from 'react-admin'
import { useLocaleState, useLocales } from 'ra-core'
import { useTranslate } from '../common/translate'
import { useSend } from '../common/useApi'
import { session } from '../providers/session'
import { OPERATIONS } from '../../contract/operations'
import { LANGUAGES, type Language } from '../../contract/constants'

const isLanguage = (locale: string): locale is Language => (LANGUAGES as readonly string[]).includes(locale)

/** A language chosen here becomes the account's: the mails the server sends the person are written in it. */
function useRememberChosenLanguage() {
  const [locale] = useLocaleState()
  const send = useSend()
  const shown = useRef(locale)
  useEffect(() => {
    // the language the screen opened in is this browser's; only a choice made now is the person's
    if (shown.current === locale) return
    shown.current = locale
    const user = session.user()
    if (!user || !isLanguage(locale) || user.language === locale) return
    send(OPERATIONS.updateOwnAccount, { body: { language: locale } }).then(
      (updated) => session.saveUser({ ...user, ...updated }),
      // the screen is in the chosen language either way; the mails follow once the next choice reaches the server
      () => undefined,
    )
  }, [locale, send])
}

export function LanguageMenu() {
  useRememberChosenLanguage()
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
