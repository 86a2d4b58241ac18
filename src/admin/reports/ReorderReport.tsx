// /reports/reorder: what to order, per supplier: each product below its minimum (in one warehouse or all), the
// quantity to order and its value, and per supplier the total per currency. Sortable; exports as CSV or XLSX like every list.
import { useState } from 'react'
import {
  Alert,
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { Title } from 'react-admin'
import { useGetList, useLocale } from 'ra-core'
import { Link as RouterLink } from 'react-router-dom'
import type { ReorderReport as Report, ReorderReportLine, Warehouse } from '../../contract'
import { money, moneyTotals } from '../common/money'
import { useApi } from '../common/useApi'
import { ExportButton } from '../common/ExportButton'
import { MakePurchaseOrders } from './MakePurchaseOrders'
import { REORDER_COLUMNS, sortLines, type ReorderColumn, type ReorderSort } from './reorderSort'
import { useTranslate } from '../common/translate'
import { usePhone } from '../common/usePhone'
import { TableScroll } from '../common/TableScroll'

const numeric: readonly ReorderColumn[] = ['on_hand', 'min_stock', 'max_stock', 'suggested', 'purchase_price', 'value']
const numberSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

export default function ReorderReport() {
  const translate = useTranslate()
  const locale = useLocale()
  const api = useApi()
  const [warehouseId, setWarehouseId] = useState<number | ''>('')
  const [sort, setSort] = useState<ReorderSort>({ column: 'product', direction: 'asc' })
  const warehouses = useGetList<Warehouse>('warehouses', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'warehouse_name', order: 'ASC' },
  })
  const query = warehouseId === '' ? {} : { warehouse_id: warehouseId }
  const report = useQuery({
    queryKey: ['stockroom', 'reorder_report', warehouseId],
    queryFn: async () => (await api<Report>('/reports/reorder', { query })).json,
  })

  const sortBy = (column: ReorderColumn) =>
    setSort(sort.column === column ? { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { column, direction: 'asc' })

  const suppliers = report.data?.suppliers ?? []
  const phone = usePhone()
  return (
    <Box sx={{ mt: 1, mb: 2, maxWidth: 1200 }}>
      <Title title={translate('terms.reorder_report')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2">
          {translate('terms.reorder_report')}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <TextField
            select
            size="small"
            label={translate('terms.warehouse')}
            value={warehouseId}
            onChange={(event) => setWarehouseId(event.target.value === '' ? '' : Number(event.target.value))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 160 }}
          >
            <option value="">{translate('reorder.all_warehouses')}</option>
            {warehouses.data?.map((w) => (
              <option key={w.id} value={w.id}>
                {w.warehouse_name}
              </option>
            ))}
          </TextField>
          <ExportButton path="reports/reorder" query={query} size="medium" />
          {suppliers.length > 0 && <MakePurchaseOrders warehouseId={warehouseId} />}
        </Stack>
      </Stack>
      {report.error && <Alert severity="error">{report.error.message}</Alert>}
      {report.data && suppliers.length === 0 && (
        <Card>
          <CardContent>
            <Typography color="text.secondary">{translate('reorder.empty')}</Typography>
          </CardContent>
        </Card>
      )}
      <Stack spacing={2}>
        {suppliers.map((supplier) => {
          const name = supplier.supplier_name ?? translate('reorder.no_supplier')
          return (
            <Card key={supplier.supplier_id ?? 'none'} component="section" aria-label={name} data-testid="reorder-supplier">
              <CardContent>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
                  <Typography variant="subtitle1" component="h3">
                    {name}
                  </Typography>
                  <Typography variant="body2" data-testid="reorder-totals">
                    {supplier.totals.length > 0
                      ? translate('reorder.total', { value: moneyTotals(locale, supplier.totals) })
                      : translate('reorder.no_prices')}
                  </Typography>
                </Stack>
                {phone ? (
                  // a phone has no room for eight columns: a card per line, what to order the largest figure
                  <Box component="ul" aria-label={name} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                    {sortLines(supplier.lines, sort).map((line) => (
                      <ReorderLineCard key={`${line.product_id}-${line.warehouse_id}`} line={line} />
                    ))}
                  </Box>
                ) : (
                  <TableScroll>
                    <Table size="small" aria-label={name}>
                      <TableHead>
                        <TableRow>
                          {REORDER_COLUMNS.map((column) => (
                            <TableCell
                              key={column}
                              align={numeric.includes(column) ? 'right' : 'left'}
                              sortDirection={sort.column === column ? sort.direction : false}
                            >
                              <TableSortLabel
                                active={sort.column === column}
                                direction={sort.column === column ? sort.direction : 'asc'}
                                onClick={() => sortBy(column)}
                              >
                                {translate(`reorder.columns.${column}`)}
                              </TableSortLabel>
                            </TableCell>
                          ))}
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {sortLines(supplier.lines, sort).map((line) => (
                          <TableRow key={`${line.product_id}-${line.warehouse_id}`} data-testid="reorder-line">
                            <TableCell sx={{ minWidth: 140 }}>
                              <Box component={RouterLink} to={`/products/${line.product_id}/stock`} sx={{ color: 'primary.main' }}>
                                {line.article_number ?? line.sku ?? `#${line.product_id}`}
                              </Box>
                              {line.description && (
                                <Typography variant="body2" color="text.secondary">
                                  {line.description}
                                </Typography>
                              )}
                            </TableCell>
                            <TableCell>{line.warehouse_name}</TableCell>
                            <TableCell align="right" sx={{ ...numberSx, color: 'error.main' }}>
                              {line.on_hand}
                            </TableCell>
                            <TableCell align="right" sx={numberSx}>
                              {line.min_stock}
                            </TableCell>
                            <TableCell align="right" sx={numberSx}>
                              {line.max_stock}
                            </TableCell>
                            <TableCell align="right" sx={{ ...numberSx, fontWeight: 600 }}>
                              {line.suggested}
                            </TableCell>
                            <TableCell align="right" sx={numberSx}>
                              {line.purchase_price === null || line.purchase_currency === null
                                ? ''
                                : money(locale, line.purchase_price, line.purchase_currency)}
                            </TableCell>
                            <TableCell align="right" sx={numberSx}>
                              {line.value === null || line.purchase_currency === null
                                ? ''
                                : money(locale, line.value, line.purchase_currency)}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </TableScroll>
                )}
              </CardContent>
            </Card>
          )
        })}
      </Stack>
    </Box>
  )
}

/** One line of the report on a phone: the product and its place, its levels, and what to order with its value. */
function ReorderLineCard({ line }: { line: ReorderReportLine }) {
  const translate = useTranslate()
  const locale = useLocale()
  const priced = (amount: number | null) =>
    amount === null || line.purchase_currency === null ? '' : money(locale, amount, line.purchase_currency)
  return (
    <Box
      component="li"
      data-testid="reorder-line"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box component={RouterLink} to={`/products/${line.product_id}/stock`} sx={{ color: 'primary.main', overflowWrap: 'anywhere' }}>
          {line.article_number ?? line.sku ?? `#${line.product_id}`}
        </Box>
        {line.description && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {line.description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {`${line.warehouse_name} · ${translate('reorder.columns.on_hand')} `}
          <Box component="span" sx={{ color: 'error.main' }}>
            {line.on_hand}
          </Box>
          {` · ${line.min_stock}–${line.max_stock}`}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <Typography variant="caption" color="text.secondary">
          {translate('reorder.columns.suggested')}
        </Typography>
        <Typography variant="h6" component="p" sx={{ ...numberSx, fontWeight: 600, lineHeight: 1.2 }}>
          {line.suggested}
        </Typography>
        <Typography variant="body2" sx={numberSx}>
          {priced(line.value)}
        </Typography>
      </Box>
    </Box>
  )
}
