// /purchase_orders/{id}/receive: what came, booked from the scans. A location's label says where the next items go;
// each item scanned (EAN, SKU, ASIN or the supplier's article number) is one more of its line there, found on the
// phone without asking the server; a carton's count is typed. "Book receipt" sends it all as one receipt, and after a
// timeout the same receipt again (one Idempotency-Key), never a second one.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Confirm } from 'react-admin'
import { HttpError } from 'ra-core'
import { Link as RouterLink } from 'react-router-dom'
import type { Location, PurchaseOrderLine, PurchaseReceipt } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { locationIdOfCode } from '../../contract/location-codes'
import { DocumentScreen } from '../common/DocumentScreen'
import { PrintLabelsDialog } from '../common/labels'
import { ScanField, ScanSaid, useScan, useScanNotice } from '../common/scanning'
import { parseQuantity } from '../common/transfer/transferForm'
import { isUnconfirmed, useApi, useSend } from '../common/useApi'
import { useTranslate } from '../common/translate'
import { useStateResetOn } from '../common/useStateResetOn'
import { PurchaseOrderStatus } from './PurchaseOrderStatus'
import { usePurchaseOrder } from './usePurchaseOrder'
import { receiptLabels } from './Receipts'
import { isReceivable, lineLabel } from './orderFacts'
import { addUnits, matchScan, overReceived, pendingPerLine, receiptBody, scanIndex, setUnits, type PendingUnit } from './receiving'

export default function ReceivePage() {
  const translate = useTranslate()
  const api = useApi()
  const send = useSend()
  const queryClient = useQueryClient()
  const { data: order, error, refetch } = usePurchaseOrder()
  const warehouseId = order?.warehouse_id
  const locations = useQuery({
    queryKey: ['stockroom', 'locations', warehouseId],
    enabled: warehouseId !== undefined,
    queryFn: async () => (await api<Location[]>(`/warehouses/${warehouseId}/locations`, { query: { limit: 1000 } })).json,
  })
  const [chosenLocation, setLocationId] = useState<number>()
  const [pending, setPending] = useState<PendingUnit[]>([])
  const [lastLine, setLastLine] = useState<number>()
  const [busy, setBusy] = useState(false)
  // a receipt sent without an answer may be booked: until it is confirmed, nothing changes, so pressing again resends it
  const [unconfirmed, setUnconfirmed] = useState(false)
  const [askingOver, setAskingOver] = useState<PurchaseOrderLine[]>()
  const [booked, setBooked] = useState<PurchaseReceipt>()
  const [printing, setPrinting] = useState(false)
  const { said, tell } = useScanNotice()
  const index = useMemo(() => scanIndex(order?.lines ?? []), [order])
  const perLine = useMemo(() => pendingPerLine(pending), [pending])
  const places = useMemo(() => locations.data ?? [], [locations.data])
  // a warehouse of one location needs no choosing
  const locationId = chosenLocation ?? (places.length === 1 ? places[0].id : undefined)
  const place = places.find((candidate) => candidate.id === locationId)
  const units = pending.reduce((sum, unit) => sum + unit.quantity, 0)
  const placeId = place?.id
  const typeQuantity = useCallback(
    (lineId: number, quantity: number) => placeId !== undefined && setPending((known) => setUnits(known, lineId, placeId, quantity)),
    [placeId],
  )

  const take = (scanned: string) => {
    const text = scanned.trim()
    if (!text || !order) return false
    if (unconfirmed) return (tell(false, translate('purchase_orders.receive.confirm_first')), true)
    const scannedLocation = locationIdOfCode(text)
    if (scannedLocation !== undefined) {
      const found = places.find((candidate) => candidate.id === scannedLocation)
      if (!found)
        return (tell(false, translate('purchase_orders.receive.other_warehouse', { code: text, warehouse: order.warehouse_name })), true)
      setLocationId(found.id)
      return (tell(true, translate('floor.scan.location_chosen', { name: found.location_name })), true)
    }
    const match = matchScan(index, text)
    if (!match) return (tell(false, translate('purchase_orders.receive.not_on_order', { code: text, number: order.number })), true)
    if ('ambiguous' in match)
      return (
        tell(false, translate('purchase_orders.receive.ambiguous', { code: text, products: match.ambiguous.map(lineLabel).join(', ') })),
        true
      )
    if (!place) return (tell(false, translate('purchase_orders.receive.location_first')), true)
    const { line } = match
    setPending((known) => addUnits(known, line.id, place.id, 1))
    setLastLine(line.id)
    tell(
      true,
      translate('purchase_orders.receive.scanned', {
        product: lineLabel(line),
        location: place.location_name,
        smart_count: (perLine.get(line.id) ?? 0) + 1,
      }),
    )
    return true
  }
  // while receiving, every scan is an item or a location of this order, never a product to open
  useScan(take, !booked)

  const book = async (allowOver: boolean) => {
    if (!order) return
    const over = overReceived(order.lines, pending)
    if (over.length > 0 && !allowOver) return setAskingOver(over)
    setAskingOver(undefined)
    setBusy(true)
    try {
      const receipt = await send(OPERATIONS.receivePurchaseOrder, {
        params: { id: order.id },
        body: receiptBody(pending, allowOver || over.length > 0),
      })
      setUnconfirmed(false)
      setPending([])
      setBooked(receipt)
      void refetch()
      void queryClient.invalidateQueries({ queryKey: ['stockroom', 'purchase_receipts', order.id] })
    } catch (failure) {
      if (isUnconfirmed(failure)) setUnconfirmed(true)
      else {
        setUnconfirmed(false)
        // another clerk's receipt may have taken what was open: the lines show it now
        if (failure instanceof HttpError && failure.status === 409) void refetch()
      }
      tell(false, isUnconfirmed(failure) ? translate('purchase_orders.receive.unconfirmed') : (failure as Error).message)
    } finally {
      setBusy(false)
    }
  }

  if (error) return <Alert severity="error">{error.message}</Alert>
  if (!order) return <Typography role="status">{translate('terms.loading')}</Typography>
  const receivable = isReceivable(order.status)
  const labels = booked && receiptLabels(order, booked)

  return (
    <DocumentScreen
      title={translate('purchase_orders.receive.title', { number: order.number })}
      back={{ to: `/purchase_orders/${order.id}`, label: translate('purchase_orders.receive.back', { number: order.number }) }}
      heading={translate('purchase_orders.receive.title', { number: order.number })}
      marks={<PurchaseOrderStatus status={order.status} />}
    >
      <Typography color="text.secondary">{`${order.supplier_name} · ${order.warehouse_name}`}</Typography>
      {booked && (
        <Alert severity="success" role="status">
          {translate('purchase_orders.receive.booked', {
            id: booked.id,
            status: translate(`purchase_orders.status.${booked.purchase_order_status}`),
          })}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <Button variant="outlined" color="inherit" sx={{ minHeight: 44 }} onClick={() => setPrinting(true)}>
              {translate('terms.print_labels')}
            </Button>
            <Button color="inherit" sx={{ minHeight: 44 }} onClick={() => setBooked(undefined)}>
              {translate('purchase_orders.receive.more')}
            </Button>
          </Stack>
        </Alert>
      )}
      {!receivable && !booked && <Alert severity="info">{translate('purchase_orders.receive.not_receivable')}</Alert>}
      {receivable && !booked && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '220px minmax(0, 1fr)' }, gap: 1.5 }}>
            <TextField
              select
              size="small"
              label={translate('terms.location')}
              value={locationId ?? ''}
              error={place === undefined}
              helperText={place === undefined ? translate('purchase_orders.receive.location_first') : undefined}
              onChange={(event) => setLocationId(event.target.value === '' ? undefined : Number(event.target.value))}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" />
              {places.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.location_name}
                </option>
              ))}
            </TextField>
            <ScanField label={translate('terms.barcode')} helperText={translate('purchase_orders.receive.scan_help')} onCode={take} />
          </Box>
          <ScanSaid said={said} sx={{ mt: 1 }} />
        </Paper>
      )}
      <Box
        component="ul"
        aria-label={translate('purchase_orders.lines.title', { smart_count: order.lines.length })}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {order.lines.map((line) => (
          <ReceiveLine
            key={line.id}
            line={line}
            now={perLine.get(line.id) ?? 0}
            here={pending.find((unit) => unit.line_id === line.id && unit.location_id === place?.id)?.quantity ?? 0}
            last={line.id === lastLine}
            editable={receivable && !booked && !unconfirmed && place !== undefined}
            onTyped={typeQuantity}
          />
        ))}
      </Box>
      {receivable && !booked && (
        <Paper
          elevation={3}
          sx={{ position: 'sticky', bottom: 0, p: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', zIndex: 1 }}
        >
          <Typography sx={{ flex: 1, minWidth: 140 }} data-testid="receive-summary">
            {translate('purchase_orders.receive.pending', { smart_count: units })}
          </Typography>
          <Button component={RouterLink} to={`/purchase_orders/${order.id}`} sx={{ minHeight: 44 }}>
            {translate('terms.cancel')}
          </Button>
          <Button variant="contained" sx={{ minHeight: 44 }} disabled={busy || units === 0} onClick={() => void book(false)}>
            {translate('purchase_orders.receive.book')}
          </Button>
        </Paper>
      )}
      <Confirm
        isOpen={askingOver !== undefined}
        loading={busy}
        title="purchase_orders.receive.over_title"
        content={translate('purchase_orders.receive.over_content', {
          lines: (askingOver ?? []).map((line) => `${lineLabel(line)} (${perLine.get(line.id) ?? 0} / ${line.open})`).join(', '),
        })}
        confirm="purchase_orders.receive.book"
        cancel="terms.cancel"
        onConfirm={() => void book(true)}
        onClose={() => setAskingOver(undefined)}
      />
      {printing && labels && (
        <PrintLabelsDialog
          open
          onClose={() => setPrinting(false)}
          request={{ kind: 'products', query: { id: labels.ids } }}
          items={labels.items}
          fileName={`${order.number}-${booked.id}-labels.pdf`}
        />
      )}
    </DocumentScreen>
  )
}

interface ReceiveLineProps {
  line: PurchaseOrderLine
  /** pending over all locations */
  now: number
  /** pending at the chosen location */
  here: number
  last: boolean
  editable: boolean
  onTyped: (lineId: number, quantity: number) => void
}

/** One line: ordered, received and scanned now; the count at this location typed for a carton. Drawn again only when its own figures change. */
const ReceiveLine = memo(function ReceiveLine({ line, now, here, last, editable, onTyped }: ReceiveLineProps) {
  const translate = useTranslate()
  // what a scan or another location changed shows at once; what is typed stays until it is left
  const [typed, setTyped] = useStateResetOn(here === 0 ? '' : String(here), here)
  const row = useRef<HTMLLIElement>(null)
  useEffect(() => {
    if (last) row.current?.scrollIntoView?.({ block: 'nearest' })
  }, [last, now])
  const full = line.received + now >= line.quantity
  return (
    <Box
      component="li"
      ref={row}
      data-testid="receive-line"
      aria-current={last || undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) 88px',
        gap: 1,
        alignItems: 'center',
        py: 1,
        px: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: last ? 'action.selected' : undefined,
        // an order of hundreds of lines: the browser lays out only the rows in view, so a scan's frame stays quick
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 80px',
      }}
    >
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{lineLabel(line)}</Typography>
        {(line.description || line.supplier_sku) && (
          <Typography variant="body2" color="text.secondary">
            {[line.description !== lineLabel(line) && line.description, line.supplier_sku].filter(Boolean).join(' · ')}
          </Typography>
        )}
        <Typography
          variant="body2"
          data-testid="receive-figures"
          sx={{ fontVariantNumeric: 'tabular-nums', color: full ? 'success.main' : undefined }}
        >
          {translate('purchase_orders.receive.figures', { quantity: line.quantity, received: line.received, now })}
        </Typography>
      </Box>
      <TextField
        size="small"
        sx={{ '& .MuiInputBase-root': { minHeight: 44 } }}
        value={typed}
        disabled={!editable}
        error={typed !== '' && parseQuantity(typed) === null}
        placeholder="0"
        onChange={(event) => setTyped(event.target.value)}
        onBlur={() => {
          const quantity = typed.trim() === '' ? 0 : parseQuantity(typed)
          if (quantity !== null && quantity !== here) onTyped(line.id, quantity)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') (event.target as HTMLInputElement).blur()
        }}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            enterKeyHint: 'done',
            'aria-label': translate('purchase_orders.receive.here', { product: lineLabel(line) }),
            style: { minHeight: 28 },
          },
        }}
      />
    </Box>
  )
})
