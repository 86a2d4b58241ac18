// Light or dark, switched from the top bar: react-admin's theme mode (useTheme, with darkTheme on <Admin>), shown as
// its ToggleThemeButton is, and remembered beyond sign-out (which clears react-admin's store).
import { useEffect } from 'react'
import { IconButton, Tooltip } from '@mui/material'
import Brightness4Icon from '@mui/icons-material/Brightness4'
import Brightness7Icon from '@mui/icons-material/Brightness7'
import { useTheme } from 'react-admin'
import { rememberedTheme, THEME_KEY } from './theme'
import { useTranslate } from '../common/translate'

export function ThemeToggle() {
  const translate = useTranslate()
  const [mode, setMode] = useTheme()
  // after a sign-out the store forgot the choice: take it up again
  useEffect(() => {
    if (mode !== rememberedTheme()) setMode(rememberedTheme())
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the top bar appears
  }, [])
  const next = mode === 'dark' ? 'light' : 'dark'
  const label = translate(`theme.${next}`)
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        onClick={() => {
          localStorage.setItem(THEME_KEY, next)
          setMode(next)
        }}
      >
        {mode === 'dark' ? <Brightness7Icon /> : <Brightness4Icon />}
      </IconButton>
    </Tooltip>
  )
}
