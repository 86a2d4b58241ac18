import { defaultDarkTheme, defaultTheme, type RaThemeOptions } from 'react-admin'

/** Under a finger (a phone, a tablet) whatever is pressed is at least 44 px each way; a mouse keeps MUI's sizes. */
const UNDER_A_FINGER = '@media (pointer: coarse)'

/** What both themes change of MUI's components. */
const components = {
  // the keyboard's focus is framed on every button, link and tab (MUI shows only a faint ripple), in the colour of
  // the text, so it shows on the top bar's blue as on white
  // on a phone every dialog takes the whole screen: a form or a preview in a box of 390 px was cut off
  MuiDialog: {
    styleOverrides: {
      paper: {
        '@media (max-width: 599.95px)': {
          margin: 0,
          width: '100%',
          maxWidth: '100%',
          height: '100%',
          maxHeight: '100%',
          borderRadius: 0,
        },
      },
    },
  },
  MuiButtonBase: {
    styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: '2px' } } },
  },
  MuiButton: { styleOverrides: { root: { [UNDER_A_FINGER]: { minHeight: 44 } } } },
  MuiIconButton: { styleOverrides: { root: { [UNDER_A_FINGER]: { minWidth: 44, minHeight: 44 } } } },
  MuiToggleButton: { styleOverrides: { root: { [UNDER_A_FINGER]: { minHeight: 44 } } } },
  MuiPaginationItem: { styleOverrides: { root: { [UNDER_A_FINGER]: { minWidth: 44, minHeight: 44 } } } },
  MuiInputBase: { styleOverrides: { root: { [UNDER_A_FINGER]: { minHeight: 44 } } } },
  MuiMenuItem: { styleOverrides: { root: { [UNDER_A_FINGER]: { minHeight: 44 } } } },
  MuiFormControlLabel: { styleOverrides: { root: { [UNDER_A_FINGER]: { minHeight: 44 } } } },
  // MUI's box is the icon with 9 px around it: 42 px, 38 px when small
  MuiCheckbox: { styleOverrides: { root: { [UNDER_A_FINGER]: { padding: 10, '&.MuiCheckbox-sizeSmall': { padding: 12 } } } } },
  // a breadcrumb or a way back is a line of text: under a finger its box is a finger high
  MuiLink: {
    styleOverrides: {
      root: { [UNDER_A_FINGER]: { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: 44, minWidth: 44 } },
    },
  },
}

export const theme: RaThemeOptions = {
  ...defaultTheme,
  // MUI's warning orange and info blue carry white text at 3.1 and 3.9 to 1; these darker ones read at 5 and 7.4
  palette: { primary: { main: '#1f4e79' }, secondary: { main: '#2e7d32' }, warning: { main: '#b45309' }, info: { main: '#01579b' } },
  sidebar: { width: 200, closedWidth: 50 },
  components: { ...defaultTheme.components, ...components },
}

/** The same house colours, lightened to read on a dark page. */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, mode: 'dark', primary: { main: '#90caf9' }, secondary: { main: '#81c784' } },
  sidebar: { width: 200, closedWidth: 50 },
  components: { ...defaultDarkTheme.components, ...components },
}

/** The theme a person chose, kept under its own key: react-admin clears its store at sign-out. */
export const THEME_KEY = 'stockroom.theme'
export type ThemeMode = 'light' | 'dark'
export const rememberedTheme = (): ThemeMode => (localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light')
