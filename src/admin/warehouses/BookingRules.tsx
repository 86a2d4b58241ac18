// A warehouse's booking rules: its approval thresholds ("above 100 units or a value of 300 a manager approves") and
// what a booking below zero meets, as everyone reads them, and for an administrator a dialog that sets them (an empty
// threshold: none).
import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { useNotify } from 'ra-core'
import type { NegativeStockPolicy, Warehouse } from '../../contract'
import { NEGATIVE_STOCK_POLICIES } from '../../contract/constants'
import { session } from '../providers/session'
import { useRecordWrites } from '../common/useRecordWrites'
import { useTranslate } from '../common/translate'

const touch = { minHeight: 44 }
/** A field's text as the threshold: empty is none; anything else must be a number the server then checks */
const parsed = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')))

export function BookingRules({ warehouse }: { warehouse: Warehouse }) {
  const translate = useTranslate()
  const notify = useNotify()
  const { update } = useRecordWrites()
  const [editing, setEditing] = useState(false)
  const [quantity, setQuantity] = useState('')
  const [value, setValue] = useState('')
  const [belowZero, setBelowZero] = useState<NegativeStockPolicy>('confirm')
  const [varianceQuantity, setVarianceQuantity] = useState('')
  const [varianceValue, setVarianceValue] = useState('')
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
    setBelowZero(warehouse.negative_stock)
    setVarianceQuantity(String(warehouse.count_variance_quantity))
    setVarianceValue(String(warehouse.count_variance_value))
    setError(undefined)
    setEditing(true)
  }
  const save = async () => {
    try {
      await update('warehouses', {
        id: warehouse.id,
        data: {
          approval_threshold_quantity: parsed(quantity),
          approval_threshold_value: parsed(value),
          negative_stock: belowZero,
          // a variance is always set: empty is taken as 0, every difference flagged
          count_variance_quantity: parsed(varianceQuantity) ?? 0,
          count_variance_value: parsed(varianceValue) ?? 0,
        },
        previousData: warehouse,
      })
      notify('catalogue.warehouses.rules_saved', { type: 'success', messageArgs: { name: warehouse.warehouse_name } })
      setEditing(false)
    } catch (failure) {
      setError((failure as Error).message)
    }
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }} data-testid="booking-rules">
      <Typography variant="body2" color="text.secondary">
        {said} {translate(`catalogue.warehouses.negative_stock.${warehouse.negative_stock}`)}
      </Typography>
      {session.holds('administer') && (
        <Button size="small" sx={touch} onClick={open}>
          {translate('catalogue.warehouses.set_rules')}
        </Button>
      )}
      <Dialog open={editing} onClose={() => setEditing(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('catalogue.warehouses.rules_title', { name: warehouse.warehouse_name })}</DialogTitle>
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
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate('catalogue.warehouses.below_zero')}
            value={belowZero}
            onChange={(event) => setBelowZero(event.target.value as NegativeStockPolicy)}
          >
            {NEGATIVE_STOCK_POLICIES.map((policy) => (
              <MenuItem key={policy} value={policy} sx={touch}>
                {translate(`catalogue.warehouses.negative_stock.${policy}`)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('catalogue.warehouses.variance_help')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <TextField
              margin="dense"
              label={translate('catalogue.warehouses.threshold_quantity')}
              value={varianceQuantity}
              onChange={(event) => setVarianceQuantity(event.target.value)}
              slotProps={{
                htmlInput: { inputMode: 'numeric', 'aria-label': translate('resources.warehouses.fields.count_variance_quantity') },
              }}
            />
            <TextField
              margin="dense"
              label={translate('catalogue.warehouses.threshold_value')}
              value={varianceValue}
              onChange={(event) => setVarianceValue(event.target.value)}
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'aria-label': translate('resources.warehouses.fields.count_variance_value') },
              }}
            />
          </Stack>
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
