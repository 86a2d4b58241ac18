// The top bar of every screen but login: brand link home, page title, language switch, person menu.
import { AppBar, Box, Toolbar, Typography } from '@mui/material'
import { LoadingIndicator, LocalesMenuButton, SidebarToggleButton, TitlePortal } from 'react-admin'
import { useTranslate } from 'ra-core'
import { Link } from 'react-router-dom'
import { PersonMenu } from './PersonMenu'
import { ThemeToggle } from './ThemeToggle'

export function TopBar({ withSidebar = true }: { withSidebar?: boolean }) {
  const translate = useTranslate()
  return (
    <AppBar position="fixed" color="primary">
      <Toolbar variant="dense" sx={{ gap: 1 }}>
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
          }}
        >
          {translate('stockroom.name')}
        </Typography>
        <TitlePortal variant="subtitle1" sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Box sx={{ flex: 1 }} />
        <ThemeToggle />
        <LocalesMenuButton />
        {withSidebar && <LoadingIndicator />}
        <PersonMenu />
      </Toolbar>
    </AppBar>
  )
}

export const LayoutAppBar = () => <TopBar />
