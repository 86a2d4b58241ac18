// A warehouse's approval thresholds: what everyone reads ("above 100 units or a value of 300 a manager approves"),
// and for an administrator a dialog that sets them (empty: no threshold).
import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material'
import { useNotify } from 'ra-core'
import type { Warehouse } from '../../contract'
import { session } from '../providers/session'
import { useRecordWrites } from '../common/useRecordWrites'
import { useTranslate } from '../common/translate'

const touch = { minHeight: 44 }
/** A field's text as the threshold: empty is none; anything else must be a number the server then checks */
const parsed = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')))

export function ApprovalThresholds({ warehouse }: { warehouse: Warehouse }) {
  const translate = useTranslate()
  const notify = useNotify()
  const { update } = useRecordWrites()
  const [editing, setEditing] = useState(false)
  const [quantity, setQuantity] = useState('')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const { approval_threshold_quantity: units, approval_threshold_value: worth } = warehouse
  const said =
    units === null && worth === null
      ? translate('catalogue.warehouses.no_thresholds')
      : translate('catalogue.warehouses.thresholds', {
          quantity: units ?? '—',
          value: worth ?? '—',
        })
  const open = () => {
    setQuantity(units === null ? '' : String(units))
    setValue(worth === null ? '' : String(worth))
    setError(undefined)
    setEditing(true)
  }
  const save = async () => {
    try {
      await update('warehouses', {
        id: warehouse.id,
        data: { approval_threshold_quantity: parsed(quantity), approval_threshold_value: parsed(value) },
        previousData: warehouse,
      })
      notify('catalogue.warehouses.thresholds_saved', { type: 'success', messageArgs: { name: warehouse.warehouse_name } })
      setEditing(false)
    } catch (failure) {
      setError((failure as Error).message)
    }
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }} data-testid="approval-thresholds">
      <Typography variant="body2" color="text.secondary">
        {said}
      </Typography>
      {session.holds('administer') && (
        <Button size="small" sx={touch} onClick={open}>
          {translate('catalogue.warehouses.set_thresholds')}
        </Button>
      )}
      <Dialog open={editing} onClose={() => setEditing(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('catalogue.warehouses.thresholds_title', { name: warehouse.warehouse_name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('catalogue.warehouses.thresholds_help')}
          </Typography>
          <TextField
            fullWidth
            margin="dense"
            label={translate('catalogue.warehouses.threshold_quantity')}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            fullWidth
            margin="dense"
            label={translate('catalogue.warehouses.threshold_value')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {error && (
            <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {error}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button sx={touch} onClick={() => setEditing(false)}>
            {translate('ra.action.cancel')}
          </Button>
          <Button sx={touch} variant="contained" onClick={() => void save()}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  )
}
