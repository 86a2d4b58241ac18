// /purchase_orders/{id}: an order's lines (changed while it is a draft), its PDF, sending it, receiving, closing it
// short or cancelling it, and its receipts (each taken back while nothing rests on it, each with its labels).
import { useState } from 'react'
import { Alert, Button, Chip, Stack, Typography } from '@mui/material'
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf'
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner'
import { Confirm } from 'react-admin'
import { useLocale, useNotify } from 'ra-core'
import { Link as RouterLink } from 'react-router-dom'
import type { PurchaseOrderStatus as Status } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { DocumentScreen, DocumentSection, DocumentSteps, type DocumentStep } from '../common/DocumentScreen'
import { moneyTotals } from '../common/money'
import { useSend } from '../common/useApi'
import { useTranslate } from '../common/translate'
import { office } from '../providers/officeApi'
import { session } from '../providers/session'
import { PurchaseOrderStatus } from './PurchaseOrderStatus'
import { DraftLines } from './DraftLines'
import { OrderLines } from './OrderLines'
import { Receipts } from './Receipts'
import { isLate, isReceivable } from './orderFacts'
import { usePurchaseOrder } from './usePurchaseOrder'

type Step = 'send' | 'close' | 'cancel'
const STEP_OPERATIONS = {
  send: OPERATIONS.sendPurchaseOrder,
  close: OPERATIONS.closePurchaseOrder,
  cancel: OPERATIONS.cancelPurchaseOrder,
}

export default function PurchaseOrderDetail() {
  const translate = useTranslate()
  const locale = useLocale()
  const notify = useNotify()
  const send = useSend()
  const { id, data: order, error, refetch, set } = usePurchaseOrder()
  const [asking, setAsking] = useState<Step>()
  const [busy, setBusy] = useState(false)
  const [printing, setPrinting] = useState(false)
  const [linesUnsaved, setLinesUnsaved] = useState(false)
  const buyer = session.holds('orders.purchase')

  const step = async (name: Step) => {
    setBusy(true)
    try {
      const answer = await send(STEP_OPERATIONS[name], { params: { id } })
      set(answer)
      if (name === 'send' && 'mailed_to' in answer)
        notify(answer.mailed_to ? 'purchase_orders.steps.sent_mailed' : 'purchase_orders.steps.sent_unmailed', {
          type: answer.mailed_to ? 'success' : 'info',
          messageArgs: { number: answer.number, email: answer.mailed_to ?? '' },
        })
      else notify(`purchase_orders.steps.${name}_done`, { type: 'success', messageArgs: { number: answer.number } })
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
      void refetch()
    } finally {
      setAsking(undefined)
      setBusy(false)
    }
  }

  const printPdf = async () => {
    setPrinting(true)
    try {
      await office.purchaseOrderPdf(Number(id))
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
    } finally {
      setPrinting(false)
    }
  }

  if (error) return <Alert severity="error">{error.message}</Alert>
  if (!order) return <Typography role="status">{translate('terms.loading')}</Typography>
  const steps: DocumentStep<Status, Step>[] = buyer
    ? [
        {
          name: 'send',
          label: translate('purchase_orders.steps.send'),
          from: ['draft'],
          variant: 'contained',
          disabled: order.lines.length === 0 || linesUnsaved,
        },
        { name: 'close', label: translate('purchase_orders.steps.close'), from: ['sent', 'partially_received'], variant: 'outlined' },
        { name: 'cancel', label: translate('purchase_orders.steps.cancel'), from: ['draft', 'sent'], color: 'warning' },
      ]
    : []

  return (
    <DocumentScreen
      title={order.number}
      back={{ to: '/purchase_orders', label: translate('purchase_orders.back') }}
      heading={`${order.number} · ${order.supplier_name}`}
      marks={
        <>
          <PurchaseOrderStatus status={order.status} />
          {isLate(order) && <Chip size="small" color="error" variant="outlined" label={translate('purchase_orders.late')} />}
        </>
      }
      note={order.note}
    >
      <Typography data-testid="purchase-order-facts" color="text.secondary">
        {[
          `${translate('terms.warehouse')}: ${order.warehouse_name}`,
          order.expected_date && `${translate('terms.expected')}: ${order.expected_date}`,
          order.totals.length > 0 && `${translate('terms.total')}: ${moneyTotals(locale, order.totals)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {isReceivable(order.status) && session.holds('stock.receive', order.warehouse_id) && (
          <Button variant="contained" component={RouterLink} to={`/purchase_orders/${order.id}/receive`} startIcon={<QrCodeScannerIcon />}>
            {translate('purchase_orders.receive.action')}
          </Button>
        )}
        <Button variant="outlined" startIcon={<PictureAsPdfIcon />} disabled={printing} onClick={() => void printPdf()}>
          {translate('purchase_orders.pdf')}
        </Button>
      </Stack>
      <DocumentSection title={translate('purchase_orders.lines.title', { smart_count: order.lines.length })}>
        {order.status === 'draft' && buyer ? (
          <DraftLines order={order} onSaved={set} onDirty={setLinesUnsaved} />
        ) : (
          <OrderLines order={order} />
        )}
        <DocumentSteps status={order.status} steps={steps} busy={busy} onStep={setAsking} />
      </DocumentSection>
      {order.status !== 'draft' && <Receipts order={order} onChanged={() => void refetch()} />}
      <Confirm
        isOpen={asking !== undefined}
        loading={busy}
        title={asking ? `purchase_orders.steps.${asking}_title` : ''}
        titleTranslateOptions={{ number: order.number }}
        content={asking ? translate(`purchase_orders.steps.${asking}_content`, { supplier: order.supplier_name }) : ''}
        confirm={asking ? `purchase_orders.steps.${asking}` : ''}
        cancel="terms.cancel"
        onConfirm={() => asking && void step(asking)}
        onClose={() => setAsking(undefined)}
      />
    </DocumentScreen>
  )
}
