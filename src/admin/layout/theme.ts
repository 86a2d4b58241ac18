import { defaultDarkTheme, defaultTheme, type RaThemeOptions } from 'react-admin'

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#1f4e79' }, secondary: { main: '#2e7d32' } },
  sidebar: { width: 200, closedWidth: 50 },
}

/** The same house colours, lightened to read on a dark page. */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, mode: 'dark', primary: { main: '#90caf9' }, secondary: { main: '#81c784' } },
  sidebar: { width: 200, closedWidth: 50 },
}

/** The theme a person chose, kept under its own key: react-admin clears its store at sign-out. */
export const THEME_KEY = 'stockroom.theme'
export type ThemeMode = 'light' | 'dark'
export const rememberedTheme = (): ThemeMode => (localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light')
