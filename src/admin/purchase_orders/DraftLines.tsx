// A draft's lines, changed before it is sent: a product added by scanning it or typing its code (again: one more),
// a quantity typed, a line removed; "Save lines" sends the whole list, as the API replaces it.
import { useEffect, useState } from 'react'
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material'
import DeleteIcon from '@mui/icons-material/DeleteOutline'
import { useQueryClient } from '@tanstack/react-query'
import { useDataProvider, useNotify } from 'ra-core'
import type { PurchaseOrder } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { findScannedProducts, ScanField, ScanSaid, useScan, useScanNotice } from '../common/scanning'
import { addOne } from '../common/transfer/useTransferScans'
import { parseQuantity, productLabel, type DraftLine } from '../common/transfer/transferForm'
import { useSend } from '../common/useApi'
import { useTranslate } from '../common/translate'
import { useStateResetOn } from '../common/useStateResetOn'
import { lineLabel } from './orderFacts'

/** a line as typed; kept lines carry the id the API gave them */
type OrderDraftLine = DraftLine & { id?: number }

const draftOf = (order: PurchaseOrder): OrderDraftLine[] =>
  order.lines.map((line) => ({ id: line.id, product_id: line.product_id, label: lineLabel(line), amount: String(line.quantity) }))

const sameLines = (a: OrderDraftLine[], b: OrderDraftLine[]) =>
  a.length === b.length && a.every((line, i) => line.product_id === b[i].product_id && line.amount === b[i].amount)

interface DraftLinesProps {
  order: PurchaseOrder
  onSaved: (order: PurchaseOrder) => void
  /** whether lines are changed and not saved yet: the order is not sent so */
  onDirty: (dirty: boolean) => void
}

export function DraftLines({ order, onSaved, onDirty }: DraftLinesProps) {
  const translate = useTranslate()
  const notify = useNotify()
  const send = useSend()
  const dataProvider = useDataProvider()
  const queryClient = useQueryClient()
  // the saved order's lines, again when another save (or another buyer) changed them
  const [lines, setLines] = useStateResetOn(draftOf(order), order.updated_at)
  const [busy, setBusy] = useState(false)
  const { said, tell } = useScanNotice()
  const dirty = !sameLines(lines, draftOf(order))
  const valid = lines.every((line) => parseQuantity(line.amount) !== null)
  useEffect(() => onDirty(dirty), [dirty, onDirty])

  const add = async (typed: string) => {
    const scanned = typed.trim()
    if (!scanned) return false
    try {
      const { products } = await findScannedProducts(dataProvider, queryClient, scanned)
      if (products.length !== 1) return (tell(false, translate('floor.scan.not_found', { code: scanned })), true)
      const [found] = products
      setLines((known) => addOne(known, { id: found.id, label: productLabel(found) }))
      tell(true, translate('transfers.scan.added', { product: productLabel(found) }))
    } catch (failure) {
      tell(false, `${scanned}: ${(failure as Error).message}`)
    }
    return true
  }
  // while a draft is open, a scanned product goes on it instead of opening the product
  useScan(add)

  const save = async () => {
    setBusy(true)
    try {
      const saved = await send(OPERATIONS.updatePurchaseOrder, {
        params: { id: order.id },
        body: {
          lines: lines.map((line) => ({
            ...(line.id === undefined ? {} : { id: line.id }),
            product_id: line.product_id,
            quantity: parseQuantity(line.amount) ?? 0,
          })),
        },
      })
      onSaved(saved)
      notify('purchase_orders.lines.saved', { type: 'success', messageArgs: { number: saved.number } })
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      <ScanField label={translate('purchase_orders.lines.add')} helperText={translate('purchase_orders.lines.add_help')} onCode={add} />
      <ScanSaid said={said} />
      {lines.length === 0 && <Typography color="text.secondary">{translate('purchase_orders.lines.empty')}</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {lines.map((line, index) => (
          <Box
            component="li"
            key={line.id ?? `new-${line.product_id}`}
            data-testid="purchase-order-line"
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 96px 44px', gap: 1, alignItems: 'center', py: 0.5 }}
          >
            <Typography sx={{ overflowWrap: 'anywhere' }}>{line.label}</Typography>
            <TextField
              size="small"
              label={translate('terms.quantity')}
              value={line.amount}
              error={parseQuantity(line.amount) === null}
              onChange={(event) => setLines((known) => known.map((l, i) => (i === index ? { ...l, amount: event.target.value } : l)))}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `${translate('terms.quantity')} ${line.label}` } }}
            />
            <Tooltip title={translate('terms.remove')}>
              <IconButton
                aria-label={`${translate('terms.remove')} ${line.label}`}
                sx={{ width: 44, height: 44 }}
                onClick={() => setLines((known) => known.filter((_, i) => i !== index))}
              >
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ))}
      </Box>
      <Box>
        <Button variant="outlined" disabled={!dirty || !valid || busy} onClick={() => void save()}>
          {translate('purchase_orders.lines.save')}
        </Button>
        {dirty && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
            {translate('purchase_orders.lines.unsaved')}
          </Typography>
        )}
      </Box>
    </Stack>
  )
}
