// "Make purchase orders" on the reorder report: a draft per supplier and warehouse with what the report suggests
// (products already on order get none), then to the one draft made, or to the drafts.
import { useState } from 'react'
import { Button } from '@mui/material'
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart'
import { useNotify } from 'ra-core'
import { useNavigate } from 'react-router-dom'
import { OPERATIONS } from '../../contract/operations'
import { useSend } from '../common/useApi'
import { useTranslate } from '../common/translate'
import { session } from '../providers/session'

export function MakePurchaseOrders({ warehouseId }: { warehouseId: number | '' }) {
  const translate = useTranslate()
  const notify = useNotify()
  const navigate = useNavigate()
  const send = useSend()
  const [busy, setBusy] = useState(false)
  if (!session.holds('orders.purchase')) return null

  const make = async () => {
    setBusy(true)
    try {
      const { purchase_orders: made } = await send(OPERATIONS.purchaseOrdersFromReorder, {
        body: warehouseId === '' ? {} : { warehouse_id: warehouseId },
      })
      if (made.length === 0) return notify('reorder.none_made', { type: 'info' })
      notify('reorder.made', { type: 'success', messageArgs: { smart_count: made.length } })
      navigate(
        made.length === 1
          ? `/purchase_orders/${made[0].id}`
          : `/purchase_orders?filter=${encodeURIComponent(JSON.stringify({ status: 'draft' }))}`,
      )
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="contained" startIcon={<AddShoppingCartIcon />} disabled={busy} onClick={() => void make()}>
      {translate('reorder.make_orders')}
    </Button>
  )
}
