// The stock mutation form (SPEC §4, §5): warehouse, location, amount and note. Submit stays disabled until
// amount, warehouse and location are set; after booking the amount and note clear and the cursor goes back to
// the amount, so the next booking at the same place is typed right away.
import { useRef } from 'react'
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material'
import { useDataProvider, useTranslate } from 'ra-core'
import type { StockMutation } from '../../../contract'
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
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
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
                sx={{ width: 160, flexShrink: 0 }}
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
