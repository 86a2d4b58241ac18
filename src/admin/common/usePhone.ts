// Phone width (MUI's xs, under 600 px): dialogs take the whole screen there.
import { useMediaQuery, type Theme } from '@mui/material'

export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'))
