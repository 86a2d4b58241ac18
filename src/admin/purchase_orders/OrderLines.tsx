// An order's lines as they stand: what was ordered, what came and what is still to come, at what price. A table on a
// desktop, a card per line on a phone.
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useLocale } from 'ra-core'
import type { PurchaseOrder, PurchaseOrderLine } from '../../contract'
import { money } from '../common/money'
import { TableScroll } from '../common/TableScroll'
import { usePhone } from '../common/usePhone'
import { useTranslate } from '../common/translate'
import { lineLabel } from './orderFacts'

const numberSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const
const priceOf = (locale: string, line: PurchaseOrderLine) =>
  line.unit_price === null || line.currency === null ? '' : money(locale, line.unit_price, line.currency)

export function OrderLines({ order }: { order: PurchaseOrder }) {
  const translate = useTranslate()
  const locale = useLocale()
  const phone = usePhone()
  if (order.lines.length === 0) return <Typography color="text.secondary">{translate('purchase_orders.lines.empty')}</Typography>
  if (phone)
    return (
      <Box
        component="ul"
        aria-label={translate('purchase_orders.lines.title', { smart_count: order.lines.length })}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {order.lines.map((line) => (
          <Box
            component="li"
            key={line.id}
            data-testid="purchase-order-line"
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
          >
            <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Typography>{lineLabel(line)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[line.description !== lineLabel(line) && line.description, line.supplier_sku, priceOf(locale, line)]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
            <Typography sx={{ ...numberSx, textAlign: 'right' }}>
              {`${line.received} / ${line.quantity}`}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {translate('purchase_orders.fields.received')}
              </Typography>
            </Typography>
          </Box>
        ))}
      </Box>
    )
  return (
    <TableScroll>
      <Table size="small" aria-label={translate('purchase_orders.lines.title', { smart_count: order.lines.length })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('terms.product')}</TableCell>
            <TableCell>{translate('terms.supplier_sku')}</TableCell>
            <TableCell align="right">{translate('terms.quantity')}</TableCell>
            <TableCell align="right">{translate('purchase_orders.fields.received')}</TableCell>
            <TableCell align="right">{translate('purchase_orders.fields.open')}</TableCell>
            <TableCell align="right">{translate('terms.unit_price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.id} data-testid="purchase-order-line">
              <TableCell sx={{ minWidth: 160 }}>
                {lineLabel(line)}
                {line.description && line.description !== lineLabel(line) && (
                  <Typography variant="body2" color="text.secondary">
                    {line.description}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{line.supplier_sku}</TableCell>
              <TableCell align="right" sx={numberSx}>
                {line.quantity}
              </TableCell>
              <TableCell align="right" sx={numberSx}>
                {line.received}
              </TableCell>
              <TableCell align="right" sx={{ ...numberSx, fontWeight: line.open > 0 ? 600 : undefined }}>
                {line.open}
              </TableCell>
              <TableCell align="right" sx={numberSx}>
                {priceOf(locale, line)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  )
}
