// Frame of the pages a visitor may open without a session (verification, new password): top bar without sidebar.
import type { ReactNode } from 'react'
import { Box, Card, CardContent, Toolbar, Typography } from '@mui/material'
import { TopBar } from '../layout/TopBar'
import { useDocumentTitle } from './DocumentTitle'

export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title)
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar withSidebar={false} />
      <Toolbar variant="dense" />
      <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: { xs: 1, sm: 3 } }}>
        <Card sx={{ width: '100%', maxWidth: 480 }}>
          <CardContent>
            <Typography variant="h5" component="h1" gutterBottom>
              {title}
            </Typography>
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  )
}
