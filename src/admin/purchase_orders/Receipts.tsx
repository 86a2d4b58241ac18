// An order's receipts, oldest first: when, who, what came where; each taken back while nothing rests on its units, and
// each with labels for the units it brought (one per unit, the existing label layouts).
import { useState } from 'react'
import { Box, Button, Chip, Stack, Typography } from '@mui/material'
import UndoIcon from '@mui/icons-material/Undo'
import PrintIcon from '@mui/icons-material/Print'
import dayjs from 'dayjs'
import { useQuery } from '@tanstack/react-query'
import { Confirm } from 'react-admin'
import { useNotify } from 'ra-core'
import type { PurchaseOrder, PurchaseReceipt } from '../../contract'
import { MAX_LABELS } from '../../contract/label-layouts'
import { OPERATIONS } from '../../contract/operations'
import { DocumentSection } from '../common/DocumentScreen'
import { PrintLabelsDialog, productLabelItem, type LabelPreviewItem } from '../common/labels'
import { useApi, useSend } from '../common/useApi'
import { useTranslate } from '../common/translate'
import { session } from '../providers/session'

export const receiptsKey = (orderId: number) => ['stockroom', 'purchase_receipts', orderId]

/** one label per unit received, in the order of the receipt's lines, at most a print's worth */
export function receiptLabels(order: PurchaseOrder, receipt: PurchaseReceipt): { ids: number[]; items: LabelPreviewItem[] } {
  const ids: number[] = []
  const items: LabelPreviewItem[] = []
  for (const line of receipt.lines) {
    const ordered = order.lines.find((candidate) => candidate.id === line.line_id)
    const item = productLabelItem({
      id: line.product_id,
      article_number: null,
      description: line.description,
      sku: line.sku,
      barcode: ordered?.barcode ?? null,
    })
    for (let unit = 0; unit < line.quantity && ids.length < MAX_LABELS; unit++) {
      ids.push(line.product_id)
      items.push({ ...item, key: `${item.key}-${line.id}-${unit}` })
    }
  }
  return { ids, items }
}

export function Receipts({ order, onChanged }: { order: PurchaseOrder; onChanged: () => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const api = useApi()
  const send = useSend()
  const receipts = useQuery({
    queryKey: [...receiptsKey(order.id), order.updated_at],
    queryFn: async () => (await api<PurchaseReceipt[]>(`/purchase_orders/${order.id}/receipts`)).json,
  })
  const [reversing, setReversing] = useState<PurchaseReceipt>()
  const [labels, setLabels] = useState<PurchaseReceipt>()
  const [busy, setBusy] = useState(false)
  const mayReceive = session.holds('stock.receive', order.warehouse_id)

  const reverse = async () => {
    if (!reversing) return
    setBusy(true)
    try {
      await send(OPERATIONS.reverseReceipt, { params: { id: order.id, receipt_id: reversing.id } })
      notify('purchase_orders.receipts.reversed', { type: 'success', messageArgs: { id: reversing.id } })
      onChanged()
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
    } finally {
      setReversing(undefined)
      setBusy(false)
    }
  }

  const list = receipts.data ?? []
  const printed = labels && receiptLabels(order, labels)
  return (
    <DocumentSection title={translate('purchase_orders.receipts.title')}>
      {receipts.error && <Typography color="error">{receipts.error.message}</Typography>}
      {receipts.data && list.length === 0 && <Typography color="text.secondary">{translate('purchase_orders.receipts.empty')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {list.map((receipt) => (
          <Box component="li" key={receipt.id} data-testid="purchase-receipt" sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{translate('purchase_orders.receipts.name', { id: receipt.id })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[dayjs(receipt.created_at).format('YYYY-MM-DD HH:mm'), receipt.user?.username].filter(Boolean).join(' · ')}
              </Typography>
              {receipt.reversed_at && <Chip size="small" label={translate('purchase_orders.receipts.reversed_mark')} />}
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {receipt.lines
                .map((line) => `${line.quantity} × ${line.sku ?? line.description ?? `#${line.product_id}`} @ ${line.location_name}`)
                .join(', ')}
            </Typography>
            {receipt.note && (
              <Typography variant="body2" color="text.secondary">
                {receipt.note}
              </Typography>
            )}
            {!receipt.reversed_at && (
              <Stack direction="row" sx={{ gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                <Button size="small" startIcon={<PrintIcon />} sx={{ minHeight: 44 }} onClick={() => setLabels(receipt)}>
                  {translate('terms.print_labels')}
                </Button>
                {mayReceive && (
                  <Button
                    size="small"
                    color="warning"
                    startIcon={<UndoIcon />}
                    sx={{ minHeight: 44 }}
                    onClick={() => setReversing(receipt)}
                  >
                    {translate('purchase_orders.receipts.reverse')}
                  </Button>
                )}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      <Confirm
        isOpen={reversing !== undefined}
        loading={busy}
        title="purchase_orders.receipts.reverse_title"
        titleTranslateOptions={{ id: reversing?.id ?? '' }}
        content={translate('purchase_orders.receipts.reverse_content')}
        confirm="purchase_orders.receipts.reverse"
        cancel="terms.cancel"
        onConfirm={() => void reverse()}
        onClose={() => setReversing(undefined)}
      />
      {labels && printed && (
        <PrintLabelsDialog
          open
          onClose={() => setLabels(undefined)}
          request={{ kind: 'products', query: { id: printed.ids } }}
          items={printed.items}
          fileName={`${order.number}-${labels.id}-labels.pdf`}
        />
      )}
    </DocumentSection>
  )
}
