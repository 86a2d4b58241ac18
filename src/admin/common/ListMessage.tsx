// What a list shows instead of rows: a spinner while loading, the reason when loading failed, or why it is empty.
import { Alert, Box, CircularProgress, Typography } from '@mui/material'
import { useListContext } from 'ra-core'

/** What was typed in the list's search box (react-admin hands the filter values over as `any`). */
export const useSearchText = () => (useListContext().filterValues as { q?: string }).q

export function ListMessage({ pending, error, empty }: { pending?: boolean; error?: Error | null; empty: string }) {
  if (pending)
    return (
      <Box sx={{ p: 2 }}>
        <CircularProgress size={24} />
      </Box>
    )
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error.message}
      </Alert>
    )
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {empty}
    </Typography>
  )
}
