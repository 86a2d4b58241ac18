// /purchase_orders/receive: the order a delivery belongs to, found by scanning the barcode on its PDF or picked from
// the orders a warehouse is waiting for; then on to receiving it.
import { useState } from 'react'
import { Alert, Box, List, ListItemButton, ListItemText, TextField, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useGetList } from 'ra-core'
import { useNavigate } from 'react-router-dom'
import type { PurchaseOrderSummary, Warehouse } from '../../contract'
import { OPEN_PURCHASE_ORDER_STATUSES } from '../../contract/constants'
import { DocumentScreen } from '../common/DocumentScreen'
import { ScanSaid, useScan, useScanNotice } from '../common/scanning'
import { useApi } from '../common/useApi'
import { useTranslate } from '../common/translate'
import { session } from '../providers/session'
import { PurchaseOrderStatus } from './PurchaseOrderStatus'

const OPEN = [...OPEN_PURCHASE_ORDER_STATUSES]

export default function FindOrderToReceive() {
  const translate = useTranslate()
  const api = useApi()
  const navigate = useNavigate()
  const { said, tell } = useScanNotice()
  const warehouses = useGetList<Warehouse>('warehouses', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'warehouse_name', order: 'ASC' },
  })
  const receiving = (warehouses.data ?? []).filter((warehouse) => session.holds('stock.receive', warehouse.id))
  const [chosen, setChosen] = useState<number>()
  const warehouseId = chosen ?? receiving[0]?.id
  const orders = useQuery({
    queryKey: ['stockroom', 'receivable_orders', warehouseId],
    enabled: warehouseId !== undefined,
    queryFn: async () =>
      (await api<PurchaseOrderSummary[]>('/purchase_orders/', { query: { warehouse_id: warehouseId, status: OPEN, limit: 100 } })).json,
  })

  // the PDF's barcode is the order's number: the order is opened when it is one this user may receive
  useScan(async (code) => {
    const number = code.trim().toUpperCase()
    try {
      const { json: found } = await api<PurchaseOrderSummary[]>('/purchase_orders/', { query: { q: number, status: OPEN, limit: 5 } })
      const order = found.find((candidate) => candidate.number.toUpperCase() === number)
      if (!order) tell(false, translate('purchase_orders.receive.order_unknown', { code: number }))
      else navigate(`/purchase_orders/${order.id}/receive`)
    } catch (failure) {
      tell(false, `${number}: ${(failure as Error).message}`)
    }
    return true
  })

  return (
    <DocumentScreen
      title={translate('purchase_orders.receive.find_title')}
      back={{ to: '/purchase_orders', label: translate('purchase_orders.back') }}
      heading={translate('purchase_orders.receive.find_title')}
      marks={null}
    >
      <Typography color="text.secondary">{translate('purchase_orders.receive.find_help')}</Typography>
      <ScanSaid said={said} />
      <TextField
        select
        label={translate('terms.warehouse')}
        value={warehouseId ?? ''}
        onChange={(event) => setChosen(Number(event.target.value))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 360 }}
      >
        {receiving.map((warehouse) => (
          <option key={warehouse.id} value={warehouse.id}>
            {warehouse.warehouse_name}
          </option>
        ))}
      </TextField>
      {orders.error && <Alert severity="error">{orders.error.message}</Alert>}
      {orders.data?.length === 0 && <Typography color="text.secondary">{translate('purchase_orders.receive.no_open')}</Typography>}
      <Box>
        <List aria-label={translate('purchase_orders.receive.find_title')}>
          {orders.data?.map((order) => (
            <ListItemButton key={order.id} sx={{ minHeight: 56 }} onClick={() => navigate(`/purchase_orders/${order.id}/receive`)}>
              <ListItemText
                primary={`${order.number} · ${order.supplier_name}`}
                secondary={[order.expected_date, translate('purchase_orders.open_units', { smart_count: order.open_quantity })]
                  .filter(Boolean)
                  .join(' · ')}
              />
              <PurchaseOrderStatus status={order.status} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </DocumentScreen>
  )
}
