// 'Recent mutations' of a product, newest first, 10 a page (SPEC §7, §9): ISO date with the exact time on hover,
// signed amount, place, reason, note and booking user; delete with a confirmation. A transfer is one line, "A-01 -> B-07";
// a receipt names its purchase order as its reason, a link to the order.
// A reason filter narrows the list and its export alike.
import { useState } from 'react'
import {
  Alert,
  Box,
  Card,
  CardContent,
  DialogContentText,
  IconButton,
  Link,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import DeleteIcon from '@mui/icons-material/DeleteOutline'
import dayjs from 'dayjs'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import { Confirm } from 'react-admin'
import { useDelete, useGetManyReference, useLocale, useNotify } from 'ra-core'
import { Link as RouterLink } from 'react-router-dom'
import { PageNumbers } from '../../common/TranslatedPagination'
import type { StockMutation } from '../../../contract'
import { STOCK_MUTATIONS_DEFAULT_LIMIT } from '../../../contract/constants'
import { mutationsPath } from './useMutationForm'
import { useStateResetOn } from '../../common/useStateResetOn'
import { signed } from '../../common/mutationFormState'
import { describeLine, oneLinePerTransfer } from './transferLines'
import { ExportButton } from '../../common/ExportButton'
import { useNotifyWithUndo } from '../../common/UndoNotice'
import { office } from '../../providers/officeApi'
import { useTranslate } from '../../common/translate'
import { session } from '../../providers/session'
import { useBookingReasons } from '../../common/useBookingReasons'
import { TableScroll } from '../../common/TableScroll'

dayjs.extend(localizedFormat)

/** The product's ledger page by page; `showNewest` goes back to the first page and reads it again. */
export function useRecentMutations(productId: number) {
  // another product starts at page 1, with every reason
  const [page, setPage] = useStateResetOn(1, productId)
  const [reason, setReason] = useStateResetOn('', productId)
  const query = useGetManyReference<StockMutation>(
    'stock_mutations',
    {
      target: 'product_id',
      id: productId,
      pagination: { page, perPage: STOCK_MUTATIONS_DEFAULT_LIMIT },
      sort: { field: 'id', order: 'DESC' },
      filter: { reason },
    }, // a failure shows at once instead of after silent retries; the top bar's refresh button tries again
    { retry: false },
  )
  const showNewest = () => (page === 1 ? query.refetch() : setPage(1))
  const filterByReason = (code: string) => {
    setReason(code)
    setPage(1)
  }
  return { ...query, page, setPage, showNewest, reason, filterByReason }
}

export type RecentMutationsQuery = ReturnType<typeof useRecentMutations>

const numberSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

export function RecentMutations({
  productId,
  mutations,
  onDeleted,
}: {
  productId: number
  mutations: RecentMutationsQuery
  onDeleted: () => void
}) {
  const translate = useTranslate()
  const locale = useLocale()
  const notify = useNotify()
  const notifyWithUndo = useNotifyWithUndo()
  const [deleteOne, { isPending: deleting }] = useDelete<StockMutation>()
  const [toDelete, setToDelete] = useState<StockMutation>()
  const [deleteError, setDeleteError] = useState<string>()
  const { data, total = 0, error, isPending, page, setPage, reason, filterByReason } = mutations
  const { reasons, nameOf, nameOfCode } = useBookingReasons()

  const close = () => {
    setToDelete(undefined)
    setDeleteError(undefined)
  }
  const confirmDelete = () => {
    if (!toDelete) return
    void deleteOne(
      mutationsPath(productId),
      { id: toDelete.id, previousData: toDelete },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          const deleted = toDelete
          close()
          // Undo books the mutation again as it was; half of a transfer went with its other half, which is moved again instead
          if (deleted.transfer_id !== null) notify('terms.mutation_deleted', { type: 'success' })
          else
            notifyWithUndo('terms.mutation_deleted', {}, async () => {
              await office.restoreMutation(productId, deleted.id)
              onDeleted()
            })
          onDeleted()
        },
        onError: (failure) => setDeleteError((failure as Error).message),
      },
    )
  }

  const header = ['date', 'amount', 'warehouse', 'location', 'reason', 'note', 'user'] as const
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 1 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            {translate('stock.mutations.title')}
          </Typography>
          {reasons.length > 0 && (
            <TextField
              select
              size="small"
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              label={translate('stock.mutations.filter_reason')}
              value={reason}
              onChange={(event) => filterByReason(event.target.value)}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{translate('stock.mutations.all_reasons')}</MenuItem>
              {reasons.map((option) => (
                <MenuItem key={option.code} value={option.code}>
                  {nameOf(option)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {total > 0 && <ExportButton path={`products/${productId}/stock_mutations`} query={reason ? { reason } : {}} />}
        </Box>
        {error && <Alert severity="error">{error.message}</Alert>}
        {!error && !isPending && data?.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('stock.mutations.empty')}
          </Typography>
        )}
        {data && data.length > 0 && (
          // relative: the visually hidden header stays inside the scrolling box too
          <TableScroll sx={{ position: 'relative' }}>
            <Table size="small" aria-label={translate('stock.mutations.title')}>
              <TableHead>
                <TableRow>
                  {header.map((column) => (
                    <TableCell key={column} align={column === 'amount' ? 'right' : 'left'}>
                      {translate(`stock.mutations.${column}`)}
                    </TableCell>
                  ))}
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      {translate('stock.mutations.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {oneLinePerTransfer(data).map((mutation) => (
                  <TableRow key={mutation.id} hover data-testid="mutation-row">
                    <TableCell sx={numberSx}>
                      <Tooltip title={dayjs(mutation.created_at).locale(locale).format('LL LTS')}>
                        <time dateTime={mutation.created_at}>{dayjs(mutation.created_at).format('YYYY-MM-DD')}</time>
                      </Tooltip>
                    </TableCell>
                    <TableCell align="right" sx={{ ...numberSx, fontWeight: 600, color: describeLine(mutation).tone }}>
                      {describeLine(mutation).amount}
                    </TableCell>
                    <TableCell>{describeLine(mutation).warehouse}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{describeLine(mutation).location}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {mutation.reason && nameOfCode(mutation.reason)}
                      {mutation.source.document && (
                        <Link component={RouterLink} to={`/purchase_orders/${mutation.source.document.id}`}>
                          {translate('stock.mutations.purchase_order', { number: mutation.source.document.number })}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 320, overflowWrap: 'break-word', minWidth: 120 }}>{mutation.note}</TableCell>
                    <TableCell>
                      {mutation.user?.username ?? (
                        <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
                          {translate('stock.mutations.deleted_user')}
                        </Box>
                      )}
                    </TableCell>
                    <TableCell align="right" padding="none">
                      {session.holds('stock.book', mutation.warehouse_id) && (
                        <Tooltip title={translate('stock.mutations.delete')} describeChild>
                          <IconButton size="small" aria-label={translate('stock.mutations.delete')} onClick={() => setToDelete(mutation)}>
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
        <PageNumbers total={total} perPage={STOCK_MUTATIONS_DEFAULT_LIMIT} page={page} setPage={setPage} />
      </CardContent>
      <Confirm
        isOpen={toDelete !== undefined}
        loading={deleting}
        title="stock.mutations.delete_title"
        content={
          toDelete && (
            <Box>
              <DialogContentText>
                {toDelete.transfer
                  ? translate('stock.mutations.delete_transfer_content', {
                      route: describeLine(toDelete).location,
                      amount: describeLine(toDelete).amount,
                    })
                  : translate('stock.mutations.delete_content', {
                      warehouse: toDelete.warehouse.warehouse_name,
                      location: toDelete.location.location_name,
                      amount: signed(-toDelete.amount),
                    })}
              </DialogContentText>
              {deleteError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {deleteError}
                </Alert>
              )}
            </Box>
          )
        }
        confirm="terms.remove"
        confirmColor="warning"
        cancel="terms.cancel"
        onConfirm={confirmDelete}
        onClose={close}
      />
    </Card>
  )
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  // strings: in sx a bare 1 would mean 100%
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const
