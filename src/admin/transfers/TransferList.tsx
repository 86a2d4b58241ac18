// /stock_transfers: the transfers, newest first, each on one line "A-01 -> B-07" (a block of its own on a phone); a
// new transfer of one or more products (filled from everything at a location, if wished), and the way back of one.
import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import UndoIcon from '@mui/icons-material/Undo'
import dayjs from 'dayjs'
import { Confirm, Title } from 'react-admin'
import { useNotify } from 'ra-core'
import { DocumentPager, useDocumentPage } from '../common/documentPage'
import type { StockPlace, StockTransfer } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { useSend } from '../common/useApi'
import { usePhone } from '../common/usePhone'
import { TransferDialog } from './TransferDialog'
import { productLabel } from './transferForm'
import { useTranslate } from '../common/translate'

/** "A-01 -> B-07", with the warehouses when the transfer leaves one. */
export function route(from: StockPlace, to: StockPlace): string {
  return from.warehouse_id === to.warehouse_id
    ? `${from.location_name} -> ${to.location_name}`
    : `${from.warehouse_name} / ${from.location_name} -> ${to.warehouse_name} / ${to.location_name}`
}

export default function TransferList() {
  const translate = useTranslate()
  const notify = useNotify()
  const send = useSend()
  const phone = usePhone()
  const [creating, setCreating] = useState(false)
  const [reversing, setReversing] = useState<StockTransfer>()
  const [busy, setBusy] = useState(false)
  const { data, total, error, isPending, refetch, page, setPage } = useDocumentPage<StockTransfer>('stock_transfers')

  const reverse = async (allowNegative: boolean) => {
    if (!reversing) return
    setBusy(true)
    try {
      await send(OPERATIONS.reverseTransfer, { params: { id: reversing.id }, body: allowNegative ? { allow_negative: true } : {} })
      notify('transfers.reversed', { type: 'success', messageArgs: { id: reversing.id } })
      setReversing(undefined)
      void refetch()
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box sx={{ mt: 1, mb: 2, maxWidth: 1100 }}>
      <Title title={translate('transfers.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1">
          {translate('transfers.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {translate('transfers.new')}
        </Button>
      </Stack>
      <Card>
        <CardContent>
          {error && <Alert severity="error">{error.message}</Alert>}
          {!isPending && !error && data?.length === 0 && <Typography color="text.secondary">{translate('transfers.empty')}</Typography>}
          {data && data.length > 0 && phone && (
            <Stack component="ul" aria-label={translate('transfers.title')} divider={<Divider />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.map((transfer) => (
                <Box component="li" key={transfer.id} data-testid="transfer-row" sx={{ py: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    {[dayjs(transfer.created_at).format('YYYY-MM-DD HH:mm'), transfer.user?.username].filter(Boolean).join(' · ')}
                  </Typography>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{route(transfer.from, transfer.to)}</Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {transfer.lines.map((line) => `${line.amount} × ${productLabel(line.product)}`).join(', ')}
                  </Typography>
                  {transfer.note && (
                    <Typography variant="body2" color="text.secondary">
                      {transfer.note}
                    </Typography>
                  )}
                  {transfer.reversed_by_id === null && transfer.lines.length > 0 && (
                    <Button size="small" startIcon={<UndoIcon />} onClick={() => setReversing(transfer)} sx={{ ml: -1 }}>
                      {translate('transfers.reverse')}
                    </Button>
                  )}
                </Box>
              ))}
            </Stack>
          )}
          {data && data.length > 0 && !phone && (
            <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
              <Table size="small" aria-label={translate('transfers.title')}>
                <TableHead>
                  <TableRow>
                    {(['date', 'route', 'lines', 'note', 'user'] as const).map((column) => (
                      <TableCell key={column}>{translate(`transfers.columns.${column}`)}</TableCell>
                    ))}
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((transfer) => (
                    <TableRow key={transfer.id} data-testid="transfer-row">
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayjs(transfer.created_at).format('YYYY-MM-DD HH:mm')}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{route(transfer.from, transfer.to)}</TableCell>
                      <TableCell sx={{ minWidth: 160 }}>
                        {transfer.lines.map((line) => `${line.amount} × ${productLabel(line.product)}`).join(', ')}
                      </TableCell>
                      <TableCell sx={{ minWidth: 120 }}>{transfer.note}</TableCell>
                      <TableCell>{transfer.user?.username}</TableCell>
                      <TableCell align="right">
                        {transfer.reversed_by_id === null && transfer.lines.length > 0 && (
                          <Button size="small" startIcon={<UndoIcon />} onClick={() => setReversing(transfer)}>
                            {translate('transfers.reverse')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <DocumentPager total={total} page={page} setPage={setPage} />
        </CardContent>
      </Card>
      {creating && (
        <TransferDialog
          open
          onClose={() => setCreating(false)}
          onDone={() => {
            setCreating(false)
            void refetch()
          }}
        />
      )}
      <Confirm
        isOpen={reversing !== undefined}
        loading={busy}
        title="transfers.reverse_title"
        content={reversing ? translate('transfers.reverse_content', { route: route(reversing.to, reversing.from) }) : ''}
        confirm="transfers.reverse"
        cancel="transfers.dialog.cancel"
        onConfirm={() => void reverse(false)}
        onClose={() => setReversing(undefined)}
      />
    </Box>
  )
}
