// A count's status as a coloured chip.
import { Chip } from '@mui/material'
import type { StockCountStatus } from '../../contract'
import { useTranslate } from '../common/translate'

const COLOR = { open: 'info', submitted: 'warning', applied: 'success', cancelled: 'default', reversed: 'default' } as const

export function CountStatus({ status }: { status: StockCountStatus }) {
  const translate = useTranslate()
  return <Chip size="small" color={COLOR[status]} label={translate(`counts.status.${status}`)} />
}
