// The stock mutation form (SPEC §4, §5): warehouse, location, amount and note. Submit stays disabled until
// amount, warehouse and location are set; after booking the amount and note clear and the cursor goes to the
// location, where the clerk's next act (scanning the next label) belongs: never to the amount, where a scan missed
// by the scanner listener would be booked. An amount over the sanity bound (isLargeAmount) is asked about first.
import { useRef, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { useDataProvider, useNotify } from 'ra-core'
import type { Location, StockItem, StockMutation } from '../../../contract'
import { locationIdOfCode } from '../../../contract/location-codes'
import { signalScan, useScan } from '../../common/scanning'
import { canSubmit, isLargeAmount, mutationPayload, parseAmount, selectedLocation, signed } from '../../common/mutationFormState'
import { mutationsPath, useMutationForm } from './useMutationForm'
import { useNotifyWithUndo } from '../../common/UndoNotice'
import { PlaceField } from './PlaceField'
import { useTranslate } from '../../common/translate'
import { useBookingReasons } from '../../common/useBookingReasons'

export interface MutationFormProps {
  productId: number
  /** the product's level per location, to tell a large amount */
  levels: StockItem[]
  onBooked: (mutation: StockMutation) => void
  onRenamed: () => void
}

export function MutationForm({ productId, levels, onBooked, onRenamed }: MutationFormProps) {
  const translate = useTranslate()
  const notify = useNotify()
  const notifyWithUndo = useNotifyWithUndo()
  const dataProvider = useDataProvider()
  const amountInput = useRef<HTMLInputElement>(null)
  const locationInput = useRef<HTMLInputElement>(null)
  /** a large amount waiting for the clerk's yes (kept while the question fades out, so its text stays) */
  const [question, setQuestion] = useState<LargeAmount & { open: boolean }>()
  const closeQuestion = () => setQuestion((asked) => asked && { ...asked, open: false })
  const form = useMutationForm(productId, {
    onBooked(mutation) {
      const args = {
        amount: signed(mutation.amount),
        warehouse: mutation.warehouse.warehouse_name,
        location: mutation.location.location_name,
      }
      // Undo deletes the booking: the compensating change, itself in the audit trail
      notifyWithUndo('terms.booked', args, async () => {
        await dataProvider.delete(mutationsPath(productId), { id: mutation.id, previousData: mutation })
        onBooked(mutation)
      })
      locationInput.current?.focus()
      onBooked(mutation)
    },
    onHeld(approval) {
      notify('approvals.held', {
        type: 'info',
        autoHideDuration: 10_000,
        messageArgs: { amount: signed(approval.summary.amount ?? 0), warehouse: approval.warehouse_name },
      })
      locationInput.current?.focus()
    },
    onBelowZero(available) {
      const payload = mutationPayload(state)
      if (!payload) return
      setQuestion({
        kind: 'below_zero',
        amount: payload.amount,
        level: available,
        location: selectedLocation(state)?.location_name ?? '',
        open: true,
      })
    },
    onRenamed,
  })
  const { state, dispatch, pending, bookingError } = form
  const { offered, nameOf } = useBookingReasons()
  // a scanned location code chooses that location and its warehouse; the cursor goes to the amount
  useScan(async (code) => {
    if (locationIdOfCode(code) === undefined) {
      // another product's scan would open it and throw away what was typed here: finish or clear the booking first
      if (state.amount.trim() === '' && state.note.trim() === '') return false
      signalScan('missed')
      notify('floor.scan.unsaved', { type: 'warning', messageArgs: { code } })
      return true
    }
    const { data } = await dataProvider.getList<Location>('locations', {
      filter: { code },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
    })
    const [location] = data
    const warehouses = state.warehouse.items
    if (!location || (warehouses && !warehouses.some((w) => w.id === location.warehouse_id))) {
      signalScan('missed')
      notify('floor.scan.location_unknown', { type: 'warning', messageArgs: { code } })
      return true
    }
    // a scan while a large amount is asked about: the clerk has moved on, the amount is not booked
    closeQuestion()
    signalScan('found')
    dispatch({ type: 'placeScanned', warehouseId: location.warehouse_id, locationId: location.id })
    notify('floor.scan.location_chosen', { type: 'info', messageArgs: { name: location.location_name } })
    amountInput.current?.focus()
    return true
  })
  const amountInvalid = state.amount.trim() !== '' && parseAmount(state.amount) === null
  const submit = () => {
    const payload = mutationPayload(state)
    if (!payload || pending !== null) return
    const level = levels.find((item) => item.location_id === payload.location_id)?.amount ?? 0
    if (!isLargeAmount(payload.amount, level)) return void form.book()
    setQuestion({ kind: 'large', amount: payload.amount, level, location: selectedLocation(state)?.location_name ?? '', open: true })
  }

  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>
          {translate('terms.stock_mutation')}
        </Typography>
        <Stack spacing={1.5}>
          <PlaceField form={form} level="warehouse" />
          <PlaceField form={form} level="location" inputRef={locationInput} />
          {/* the direction is chosen, not typed: a phone's numeric keypad has no minus sign */}
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color={state.direction === 'in' ? 'success' : 'warning'}
            value={state.direction}
            aria-label={translate('stock.form.direction')}
            onChange={(_event, direction: 'in' | 'out' | null) => direction && dispatch({ type: 'directionChanged', direction })}
            sx={{ maxWidth: { sm: 360 }, '& .MuiToggleButton-root': { minHeight: 44, fontWeight: 600 } }}
          >
            <ToggleButton value="in">{translate('stock.form.book_in')}</ToggleButton>
            <ToggleButton value="out">{translate('stock.form.book_out')}</ToggleButton>
          </ToggleButtonGroup>
          <Box
            component="form"
            noValidate
            aria-label={translate('terms.stock_mutation')}
            onSubmit={(event) => {
              event.preventDefault()
              submit()
            }}
          >
            {/* on a phone amount, note, reason and Submit stack, each the full width; where the card is narrow they wrap */}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              useFlexGap
              sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, flexWrap: 'wrap' }}
            >
              <TextField
                inputRef={amountInput}
                size="small"
                label={translate('terms.amount')}
                value={state.amount}
                onChange={(event) => dispatch({ type: 'amountChanged', amount: event.target.value })}
                error={amountInvalid}
                helperText={translate(amountInvalid ? 'stock.form.amount_invalid' : 'stock.form.amount_help')}
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', autoComplete: 'off' } }}
                sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
              />
              <TextField
                size="small"
                label={translate('terms.note')}
                value={state.note}
                onChange={(event) => dispatch({ type: 'noteChanged', note: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
                sx={{ width: { xs: '100%', sm: 'auto' }, flex: { sm: '1 1 200px' } }}
              />
              <TextField
                select
                size="small"
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                label={translate('stock.form.reason')}
                value={state.reason}
                onChange={(event) => dispatch({ type: 'reasonChanged', reason: event.target.value })}
                sx={{ width: { xs: '100%', sm: 180 }, flexShrink: 0 }}
              >
                <MenuItem value="">
                  <em>{translate('stock.form.no_reason')}</em>
                </MenuItem>
                {offered.map((reason) => (
                  <MenuItem key={reason.code} value={reason.code}>
                    {nameOf(reason)}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                type="submit"
                variant="contained"
                disabled={!canSubmit(state) || pending !== null}
                sx={{ flexShrink: 0, mt: '2px', minHeight: 40, '@media (pointer: coarse)': { minHeight: 44 } }}
              >
                {translate('stock.form.submit')}
              </Button>
            </Stack>
          </Box>
          {bookingError && <Alert severity="error">{bookingError}</Alert>}
          {question && (
            <LargeAmountQuestion
              asked={question}
              open={question.open}
              onCancel={() => {
                closeQuestion()
                amountInput.current?.focus()
              }}
              onBook={() => {
                closeQuestion()
                // below zero: the clerk said yes to what the server asked; a large amount may still meet that question
                void form.book(question.kind === 'below_zero')
              }}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}

// a two-line question needs no whole phone screen (the theme's rule for dialogs): its buttons stay above the notices
const questionPaper = { '@media (max-width: 599.95px)': { height: 'auto', width: 'calc(100% - 32px)', margin: 2, borderRadius: 1 } }

interface LargeAmount {
  /** a large amount, or one that takes the location below zero (asked by the server) */
  kind: 'large' | 'below_zero'
  amount: number
  /** what the location holds */
  level: number
  location: string
}

/** Asks before booking a large amount; Cancel has the focus, so a scanner's stray Enter books nothing. */
function LargeAmountQuestion({
  asked,
  open,
  onCancel,
  onBook,
}: {
  asked: LargeAmount
  open: boolean
  onCancel: () => void
  onBook: () => void
}) {
  const translate = useTranslate()
  const amount = signed(asked.amount)
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="large-amount-title" slotProps={{ paper: { sx: questionPaper } }}>
      <DialogTitle id="large-amount-title">{translate('stock.form.large_title', { amount })}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {asked.kind === 'large'
            ? translate('stock.form.large_content', { amount, level: asked.level, location: asked.location })
            : translate('stock.form.below_zero_content', {
                amount,
                level: asked.level,
                location: asked.location,
                after: asked.level + asked.amount,
              })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={onCancel}>
          {translate('terms.cancel')}
        </Button>
        <Button variant="contained" color="warning" onClick={onBook}>
          {translate('stock.form.large_confirm', { amount })}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
