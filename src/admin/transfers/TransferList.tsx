// /stock_transfers: the transfers, newest first, each on one line "A-01 -> B-07" (a block of its own on a phone); a
// new transfer of one or more products (filled from everything at a location, if wished), and the way back of one.
import { useState } from 'react'
import { Box, Button } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import UndoIcon from '@mui/icons-material/Undo'
import dayjs from 'dayjs'
import { Confirm, FunctionField } from 'react-admin'
import { useNotify, useRefresh } from 'ra-core'
import { DocumentList } from '../common/DocumentList'
import type { StockPlace, StockTransfer } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { useSend } from '../common/useApi'
import { TransferDialog } from '../common/transfer/TransferDialog'
import { productLabel } from '../common/transfer/transferForm'
import { useTranslate } from '../common/translate'

/** "A-01 -> B-07", with the warehouses when the transfer leaves one. */
export function route(from: StockPlace, to: StockPlace): string {
  return from.warehouse_id === to.warehouse_id
    ? `${from.location_name} -> ${to.location_name}`
    : `${from.warehouse_name} / ${from.location_name} -> ${to.warehouse_name} / ${to.location_name}`
}

const when = (transfer: StockTransfer) => dayjs(transfer.created_at).format('YYYY-MM-DD HH:mm')
const linesOf = (transfer: StockTransfer) => transfer.lines.map((line) => `${line.amount} × ${productLabel(line.product)}`).join(', ')

export default function TransferList() {
  const translate = useTranslate()
  const notify = useNotify()
  const send = useSend()
  const [creating, setCreating] = useState(false)
  const [reversing, setReversing] = useState<StockTransfer>()
  const [busy, setBusy] = useState(false)
  const refresh = useRefresh()

  const reverse = async (allowNegative: boolean) => {
    if (!reversing) return
    setBusy(true)
    try {
      await send(OPERATIONS.reverseTransfer, { params: { id: reversing.id }, body: allowNegative ? { allow_negative: true } : {} })
      notify('transfers.reversed', { type: 'success', messageArgs: { id: reversing.id } })
      setReversing(undefined)
      refresh()
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
    } finally {
      setBusy(false)
    }
  }

  const reverseButton = (transfer: StockTransfer) =>
    transfer.reversed_by_id === null &&
    transfer.lines.length > 0 && (
      <Button size="small" startIcon={<UndoIcon />} onClick={() => setReversing(transfer)}>
        {translate('transfers.reverse')}
      </Button>
    )

  return (
    <>
      <DocumentList<StockTransfer>
        resource="stock_transfers"
        title="terms.transfers"
        empty="transfers.empty"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {translate('terms.new_transfer')}
          </Button>
        }
        phone={{
          primaryText: (transfer) => route(transfer.from, transfer.to),
          secondaryText: (transfer) => (
            <Box component="span" data-testid="transfer-row" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {[when(transfer), transfer.user?.username].filter(Boolean).join(' · ')}
              <br />
              {linesOf(transfer)}
              {transfer.note && (
                <>
                  <br />
                  {transfer.note}
                </>
              )}
            </Box>
          ),
          tertiaryText: reverseButton,
        }}
      >
        <FunctionField<StockTransfer> label="terms.date" sortable={false} sx={{ whiteSpace: 'nowrap' }} render={when} />
        <FunctionField<StockTransfer>
          label="transfers.columns.route"
          sortable={false}
          sx={{ whiteSpace: 'nowrap' }}
          render={(transfer) => route(transfer.from, transfer.to)}
        />
        <FunctionField<StockTransfer>
          label="terms.products"
          sortable={false}
          render={(transfer) => (
            <Box component="span" data-testid="transfer-row" sx={{ display: 'inline-block', minWidth: 160 }}>
              {linesOf(transfer)}
            </Box>
          )}
        />
        <FunctionField<StockTransfer> label="terms.note" sortable={false} render={(transfer) => transfer.note} />
        <FunctionField<StockTransfer> label="terms.user" sortable={false} render={(transfer) => transfer.user?.username} />
        <FunctionField<StockTransfer> label="" sortable={false} textAlign="right" render={reverseButton} />
      </DocumentList>
      {creating && (
        <TransferDialog
          open
          onClose={() => setCreating(false)}
          onDone={() => {
            setCreating(false)
            refresh()
          }}
        />
      )}
      <Confirm
        isOpen={reversing !== undefined}
        loading={busy}
        title="transfers.reverse_title"
        content={reversing ? translate('transfers.reverse_content', { route: route(reversing.to, reversing.from) }) : ''}
        confirm="transfers.reverse"
        cancel="terms.cancel"
        onConfirm={() => void reverse(false)}
        onClose={() => setReversing(undefined)}
      />
    </>
  )
}
