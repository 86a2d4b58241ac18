// The top bar of every screen but login: brand link home, page title, then its actions (scan, language, loading,
// person menu). A new action goes into TopBarActions, in the order it should show.
import { AppBar, Box, Toolbar, Typography } from '@mui/material'
import { LoadingIndicator, SidebarToggleButton, TitlePortal } from 'react-admin'
import { Link } from 'react-router-dom'
import { PersonMenu } from './PersonMenu'
import { LanguageMenu } from './LanguageMenu'
import { CameraScanButton } from '../common/scanning'
import { ThemeToggle } from './ThemeToggle'
import { useTranslate } from '../common/translate'

export function TopBar({ withSidebar = true }: { withSidebar?: boolean }) {
  const translate = useTranslate()
  return (
    <AppBar position="fixed" color="primary">
      <Toolbar variant="dense" sx={{ gap: { xs: 0.5, sm: 1 } }}>
        {withSidebar && <SidebarToggleButton />}
        {/* on a phone the menu button stands for the name and the page title, so that the person menu still fits in 390 px */}
        <Typography
          component={Link}
          to="/"
          variant="h6"
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            mr: 2,
            display: { xs: withSidebar ? 'none' : 'block', sm: 'block' },
            '@media (pointer: coarse)': { lineHeight: '44px' },
          }}
        >
          {translate('stockroom.name')}
        </Typography>
        {/* the page's one h1; on a phone it is read out but not shown, the menu button stands in its place */}
        {withSidebar && <TitlePortal component="h1" variant="subtitle1" sx={visuallyHiddenOnPhone} />}
        <Box sx={{ flex: 1 }} />
        <TopBarActions signedIn={withSidebar} />
      </Toolbar>
    </AppBar>
  )
}

function TopBarActions({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      {signedIn && <CameraScanButton />}
      <ThemeToggle />
      <LanguageMenu />
      {signedIn && <LoadingIndicator />}
      <PersonMenu />
    </>
  )
}

export const LayoutAppBar = () => <TopBar />

const visuallyHiddenOnPhone = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: 'hidden',
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  whiteSpace: 'nowrap',
} as const
