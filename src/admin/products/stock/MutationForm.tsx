// The stock mutation form (SPEC §4, §5): warehouse, location, amount and note. Submit stays disabled until
// amount, warehouse and location are set; after booking the amount and note clear and the cursor goes back to
// the amount, so the next booking at the same place is typed right away.
import { useRef } from 'react'
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material'
import { useDataProvider, useNotify, useTranslate } from 'ra-core'
import type { Location, StockMutation } from '../../../contract'
import { locationIdOfCode } from '../../../contract/location-codes'
import { useScan } from '../../scanning'
import { canSubmit, parseAmount, signed } from './mutationFormState'
import { mutationsPath, useMutationForm } from './useMutationForm'
import { useNotifyWithUndo } from '../../common/UndoNotice'
import { PlaceField } from './PlaceField'

export interface MutationFormProps {
  productId: number
  onBooked: (mutation: StockMutation) => void
  onRenamed: () => void
}

export function MutationForm({ productId, onBooked, onRenamed }: MutationFormProps) {
  const translate = useTranslate()
  const notify = useNotify()
  const notifyWithUndo = useNotifyWithUndo()
  const dataProvider = useDataProvider()
  const amountInput = useRef<HTMLInputElement>(null)
  const form = useMutationForm(productId, {
    onBooked(mutation) {
      const args = {
        amount: signed(mutation.amount),
        warehouse: mutation.warehouse.warehouse_name,
        location: mutation.location.location_name,
      }
      // Undo deletes the booking: the compensating change, itself in the audit trail
      notifyWithUndo('stock.form.booked', args, async () => {
        await dataProvider.delete(mutationsPath(productId), { id: mutation.id, previousData: mutation })
        onBooked(mutation)
      })
      amountInput.current?.focus()
      onBooked(mutation)
    },
    onRenamed,
  })
  const { state, dispatch, pending, bookingError } = form
  // a scanned location code chooses that location and its warehouse; the cursor goes to the amount
  useScan(async (code) => {
    if (locationIdOfCode(code) === undefined) return false
    const { data } = await dataProvider.getList<Location>('locations', {
      filter: { code },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
    })
    const [location] = data
    const warehouses = state.warehouse.items
    if (!location || (warehouses && !warehouses.some((w) => w.id === location.warehouse_id))) {
      notify('floor.scan.location_unknown', { type: 'warning', messageArgs: { code } })
      return true
    }
    dispatch({ type: 'placeScanned', warehouseId: location.warehouse_id, locationId: location.id })
    notify('floor.scan.location_chosen', { type: 'info', messageArgs: { name: location.location_name } })
    amountInput.current?.focus()
    return true
  })
  const amountInvalid = state.amount.trim() !== '' && parseAmount(state.amount) === null

  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
          {translate('stock.form.title')}
        </Typography>
        <Stack spacing={1.5}>
          <PlaceField form={form} level="warehouse" />
          <PlaceField form={form} level="location" />
          <Box
            component="form"
            noValidate
            aria-label={translate('stock.form.title')}
            onSubmit={(event) => {
              event.preventDefault()
              if (canSubmit(state) && pending === null) void form.book()
            }}
          >
            {/* on a phone amount, note and Submit stack, each the full width */}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
              <TextField
                inputRef={amountInput}
                size="small"
                type="number"
                label={translate('stock.form.amount')}
                value={state.amount}
                onChange={(event) => dispatch({ type: 'amountChanged', amount: event.target.value })}
                error={amountInvalid}
                helperText={translate(amountInvalid ? 'stock.form.amount_invalid' : 'stock.form.amount_help')}
                slotProps={{ htmlInput: { step: 1, inputMode: 'numeric' } }}
                sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
              />
              <TextField
                size="small"
                fullWidth
                label={translate('stock.form.note')}
                value={state.note}
                onChange={(event) => dispatch({ type: 'noteChanged', note: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
              <Button type="submit" variant="contained" disabled={!canSubmit(state) || pending !== null} sx={{ flexShrink: 0, mt: '2px' }}>
                {translate('stock.form.submit')}
              </Button>
            </Stack>
          </Box>
          {bookingError && <Alert severity="error">{bookingError}</Alert>}
        </Stack>
      </CardContent>
    </Card>
  )
}
