// The transfer form: from a location to another (any warehouse), one product (from the stock tab) or several lines,
// which "Fill with everything at ..." takes from what the source holds. Each line shows what the source has; moving
// more asks first, and only then sends allow_negative.
import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import DeleteIcon from '@mui/icons-material/DeleteOutline'
import { useQuery } from '@tanstack/react-query'
import { HttpError } from 'ra-core'
import type { LocationStockItem, StockTransfer, StockTransferCreate } from '../../../contract'
import { OPERATIONS } from '../../../contract/operations'
import { useNotifyWithUndo } from '../UndoNotice'
import { useApi, useSend } from '../useApi'
import { usePhone } from '../usePhone'
import { PlaceSelect } from './PlaceSelect'
import { usePlaces } from './usePlaces'
import { useTransferScans } from './useTransferScans'
import { canSend, fillFrom, parseQuantity, productLabel, shortLines, type DraftLine } from './transferForm'
import { useTranslate } from '../translate'

export interface TransferDialogProps {
  open: boolean
  onClose: () => void
  onDone: (transfer: StockTransfer) => void
  /** the one product to move (the stock tab), with the amount per location it has */
  product?: { id: number; label: string; levels: ReadonlyMap<number, number> }
}

export function TransferDialog({ open, onClose, onDone, product }: TransferDialogProps) {
  const translate = useTranslate()
  const notifyWithUndo = useNotifyWithUndo()
  const api = useApi()
  const send = useSend()
  const phone = usePhone()
  const places = usePlaces()
  const [from, setFrom] = useState<number | ''>('')
  const [to, setTo] = useState<number | ''>('')
  const [lines, setLines] = useState<DraftLine[]>(product ? [{ product_id: product.id, label: product.label, amount: '' }] : [])
  const [note, setNote] = useState('')
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<{ message: string; short: boolean }>()
  const [confirming, setConfirming] = useState<DraftLine[]>()

  // what the source holds: the lines' available amounts, and what "fill" and "add" offer
  const atSource = useQuery({
    queryKey: ['stockroom', 'location_stock', from],
    enabled: open && from !== '',
    // what a location holds is read fresh for each form: another form may have moved it since
    gcTime: 0,
    queryFn: async () => (await api<LocationStockItem[]>('/stock_levels/', { query: { location_id: from } })).json,
  })
  const available = new Map((atSource.data ?? []).map((item) => [item.product_id, item.amount]))
  if (product && from !== '') available.set(product.id, available.get(product.id) ?? product.levels.get(from) ?? 0)
  const addable = (atSource.data ?? []).filter((item) => item.amount > 0 && !lines.some((line) => line.product_id === item.product_id))
  const placeName = (id: number | '') => places.data?.find((p) => p.location_id === id)?.location_name ?? ''
  const scans = useTransferScans({ open, places: places.data ?? [], from, to, setFrom, setTo, setLines, product })
  // the source's warehouse first among the destinations; the places holding the product first among the sources
  const fromWarehouse = places.data?.find((p) => p.location_id === from)?.warehouse_id
  const holding = product ? (places.data ?? []).filter((place) => (product.levels.get(place.location_id) ?? 0) > 0) : []

  const reset = () => {
    setFrom('')
    setTo('')
    setLines(product ? [{ product_id: product.id, label: product.label, amount: '' }] : [])
    setNote('')
    setProblem(undefined)
    setConfirming(undefined)
    scans.clearSaid()
  }
  const close = () => {
    reset()
    onClose()
  }
  const setLine = (index: number, amount: string) => setLines(lines.map((line, i) => (i === index ? { ...line, amount } : line)))

  const sendTransfer = async (allowNegative: boolean) => {
    if (!canSend(from, to, lines) || sending) return
    const short = shortLines(lines, available)
    if (short.length > 0 && !allowNegative) return setConfirming(short)
    setConfirming(undefined)
    setSending(true)
    setProblem(undefined)
    const body: StockTransferCreate = {
      from_location_id: from as number,
      to_location_id: to as number,
      lines: lines.map((line) => ({ product_id: line.product_id, amount: parseQuantity(line.amount)! })),
      note: note.trim() || null,
      ...(allowNegative ? { allow_negative: true } : {}),
    }
    try {
      const transfer = await send(OPERATIONS.createTransfer, { body })
      // Undo books the way back at once (the transfer's reversal), as the transfers list does
      notifyWithUndo(
        'transfers.done',
        { smart_count: transfer.lines.length, from: transfer.from.location_name, to: transfer.to.location_name },
        async () => {
          await send(OPERATIONS.reverseTransfer, { params: { id: transfer.id }, body: {} })
          onDone(transfer)
        },
      )
      reset()
      onDone(transfer)
    } catch (failure) {
      const body = failure instanceof HttpError ? (failure.body as { code?: string } | undefined) : undefined
      // the stock went while the form was open: say so, and offer to send it anyway
      const short = body?.code === 'INSUFFICIENT_STOCK'
      if (short) void atSource.refetch()
      setProblem({ message: (failure as Error).message, short })
    } finally {
      setSending(false)
    }
  }

  const sameplace = from !== '' && from === to
  return (
    <Dialog open={open} onClose={close} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="transfer-title">
      <DialogTitle id="transfer-title">
        {product ? translate('transfers.dialog.title_product', { product: product.label }) : translate('terms.new_transfer')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {places.error && <Alert severity="error">{places.error.message}</Alert>}
          <Typography
            variant="body2"
            role="status"
            aria-live="polite"
            color={scans.said ? (scans.said.ok ? 'success.main' : 'error') : 'text.secondary'}
          >
            {scans.said?.text ?? translate('transfers.dialog.scan_hint')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <PlaceSelect
              label={translate('terms.from')}
              places={places.data}
              value={from}
              onChange={setFrom}
              first={product ? { label: translate('transfers.dialog.holding', { product: product.label }), places: holding } : undefined}
              note={
                product
                  ? (place) => (product.levels.get(place.location_id) ? String(product.levels.get(place.location_id)) : undefined)
                  : undefined
              }
            />
            <PlaceSelect
              label={translate('transfers.dialog.to')}
              places={places.data}
              value={to}
              onChange={setTo}
              first={
                fromWarehouse === undefined
                  ? undefined
                  : {
                      label: places.data?.find((p) => p.location_id === from)?.warehouse_name ?? '',
                      places: (places.data ?? []).filter((place) => place.warehouse_id === fromWarehouse && place.location_id !== from),
                    }
              }
              helperText={sameplace ? translate('transfers.dialog.same_place') : undefined}
            />
          </Stack>
          {!product && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                variant="outlined"
                disabled={from === '' || !atSource.data?.length}
                onClick={() => setLines(fillFrom(atSource.data ?? []))}
              >
                {translate('transfers.dialog.fill', { location: placeName(from) || '…' })}
              </Button>
              <TextField
                select
                size="small"
                label={translate('transfers.dialog.add_line')}
                value=""
                disabled={addable.length === 0}
                onChange={(event) => {
                  const item = addable.find((i) => i.product_id === Number(event.target.value))
                  if (item) setLines([...lines, { product_id: item.product_id, label: productLabel(item.product), amount: '' }])
                }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 220 }}
              >
                <option value="" />
                {addable.map((item) => (
                  <option key={item.product_id} value={item.product_id}>
                    {`${productLabel(item.product)} (${item.amount})`}
                  </option>
                ))}
              </TextField>
            </Stack>
          )}
          {lines.length === 0 ? (
            <Typography color="text.secondary">{translate('transfers.dialog.no_lines')}</Typography>
          ) : (
            <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('transfers.dialog.lines')}>
              {lines.map((line, index) => {
                const quantity = parseQuantity(line.amount)
                const has = from === '' ? undefined : (available.get(line.product_id) ?? 0)
                return (
                  <Box
                    component="li"
                    key={line.product_id}
                    data-testid="transfer-line"
                    // the name takes what the amount and the remove button leave, also on a phone
                    sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 104px auto', alignItems: 'center', gap: 1 }}
                  >
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ overflowWrap: 'anywhere' }}>{line.label}</Typography>
                      {has !== undefined && (
                        <Typography variant="body2" color={quantity !== null && quantity > has ? 'warning.main' : 'text.secondary'}>
                          {translate('transfers.dialog.available', { amount: has })}
                        </Typography>
                      )}
                    </Box>
                    <TextField
                      size="small"
                      type="number"
                      label={translate('terms.amount')}
                      value={line.amount}
                      error={line.amount !== '' && quantity === null}
                      onChange={(event) => setLine(index, event.target.value)}
                      slotProps={{
                        htmlInput: {
                          min: 1,
                          step: 1,
                          inputMode: 'numeric',
                          'aria-label': `${translate('terms.amount')} ${line.label}`,
                        },
                      }}
                    />
                    {!product && (
                      <Tooltip title={translate('terms.remove')}>
                        <IconButton
                          aria-label={`${translate('terms.remove')} ${line.label}`}
                          onClick={() => setLines(lines.filter((_, i) => i !== index))}
                          sx={{ '@media (pointer: coarse)': { width: 44, height: 44 } }}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                )
              })}
            </Stack>
          )}
          <TextField
            size="small"
            label={translate('terms.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {problem && (
            <Alert
              severity="error"
              action={
                problem.short && (
                  <Button color="inherit" size="small" disabled={sending} onClick={() => void sendTransfer(true)}>
                    {translate('terms.transfer_anyway')}
                  </Button>
                )
              }
            >
              {problem.message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('terms.cancel')}</Button>
        <Button variant="contained" disabled={!canSend(from, to, lines) || sending} onClick={() => void sendTransfer(false)}>
          {translate('terms.transfer')}
        </Button>
      </DialogActions>
      <Dialog open={confirming !== undefined} onClose={() => setConfirming(undefined)} aria-labelledby="transfer-short-title">
        <DialogTitle id="transfer-short-title">{translate('transfers.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('transfers.confirm.content', { location: placeName(from) })}</DialogContentText>
          <Box component="ul" sx={{ mb: 0 }}>
            {confirming?.map((line) => (
              <li key={line.product_id}>
                {translate('transfers.confirm.line', {
                  product: line.label,
                  amount: line.amount,
                  available: available.get(line.product_id) ?? 0,
                })}
              </li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(undefined)}>{translate('terms.back')}</Button>
          <Button color="warning" variant="contained" disabled={sending} onClick={() => void sendTransfer(true)}>
            {translate('terms.transfer_anyway')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  )
}
