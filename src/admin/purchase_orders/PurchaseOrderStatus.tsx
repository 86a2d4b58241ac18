// An order's status as a coloured chip.
import { Chip } from '@mui/material'
import type { PurchaseOrderStatus as Status } from '../../contract'
import { useTranslate } from '../common/translate'

const COLOR = {
  draft: 'default',
  sent: 'info',
  partially_received: 'warning',
  received: 'success',
  closed: 'default',
  cancelled: 'default',
} as const

export function PurchaseOrderStatus({ status }: { status: Status }) {
  const translate = useTranslate()
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      label={translate(`purchase_orders.states.${status}`)}
    />
  )
}
