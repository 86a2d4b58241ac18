// A new order: the supplier, the warehouse it goes to, when it is expected and a note. It starts as a draft without
// lines; its page takes the products.
import { useState } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material'
import { useGetList } from 'ra-core'
import { useNavigate } from 'react-router-dom'
import type { Warehouse } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { PickOrCreate, SUPPLIER_PICKER } from '../common/PickOrCreate'
import { useSend } from '../common/useApi'
import { usePhone } from '../common/usePhone'
import { useTranslate } from '../common/translate'

export function NewPurchaseOrderDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate()
  const send = useSend()
  const navigate = useNavigate()
  const phone = usePhone()
  const warehouses = useGetList<Warehouse>('warehouses', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'warehouse_name', order: 'ASC' },
  })
  const [supplierId, setSupplierId] = useState<number | null>(null)
  const [warehouseId, setWarehouseId] = useState<number | ''>('')
  const [expected, setExpected] = useState('')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const chosenWarehouse = warehouseId === '' ? warehouses.data?.[0]?.id : warehouseId

  const create = async () => {
    if (supplierId === null || chosenWarehouse === undefined) return
    setBusy(true)
    setProblem(undefined)
    try {
      const order = await send(OPERATIONS.createPurchaseOrder, {
        body: {
          supplier_id: supplierId,
          warehouse_id: chosenWarehouse,
          expected_date: expected || null,
          note: note.trim() || null,
          lines: [],
        },
      })
      navigate(`/purchase_orders/${order.id}`)
    } catch (failure) {
      setProblem((failure as Error).message)
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="new-purchase-order-title">
      <DialogTitle id="new-purchase-order-title">{translate('purchase_orders.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <PickOrCreate
            {...SUPPLIER_PICKER}
            label={translate('terms.supplier')}
            value={supplierId}
            onChange={(id) => setSupplierId(id === null ? null : Number(id))}
          />
          <TextField
            select
            label={translate('terms.warehouse')}
            value={chosenWarehouse ?? ''}
            onChange={(event) => setWarehouseId(Number(event.target.value))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {warehouses.data?.map((warehouse) => (
              <option key={warehouse.id} value={warehouse.id}>
                {warehouse.warehouse_name}
              </option>
            ))}
          </TextField>
          <TextField
            type="date"
            label={translate('terms.expected')}
            value={expected}
            onChange={(event) => setExpected(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField label={translate('terms.note')} value={note} onChange={(event) => setNote(event.target.value)} multiline minRows={2} />
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('terms.cancel')}</Button>
        <Button variant="contained" disabled={busy || supplierId === null || chosenWarehouse === undefined} onClick={() => void create()}>
          {translate('purchase_orders.create')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
