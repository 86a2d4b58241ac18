// A wide table scrolls inside this box instead of widening the page: width 0 with minWidth 100% keeps the box as
// wide as its parent whatever the table asks for (a phone's page never scrolls sideways).
import type { CSSProperties, ReactNode } from 'react'
import { Box } from '@mui/material'

export function TableScroll({ children, sx }: { children: ReactNode; sx?: CSSProperties }) {
  return <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%', ...sx }}>{children}</Box>
}
