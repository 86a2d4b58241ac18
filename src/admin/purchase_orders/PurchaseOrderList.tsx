// /purchase_orders: the orders, newest first, found by number or note and filtered by status; a new order, and
// receiving (find the order by its barcode, then scan what came).
import { useState } from 'react'
import { Box, Button } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner'
import { FunctionField, SearchInput, SelectInput } from 'react-admin'
import { useLocale } from 'ra-core'
import { Link as RouterLink } from 'react-router-dom'
import type { PurchaseOrderSummary } from '../../contract'
import { PURCHASE_ORDER_STATUSES } from '../../contract/constants'
import { DocumentList } from '../common/DocumentList'
import { moneyTotals } from '../common/money'
import { session } from '../providers/session'
import { useTranslate } from '../common/translate'
import { PurchaseOrderStatus } from './PurchaseOrderStatus'
import { NewPurchaseOrderDialog } from './NewPurchaseOrderDialog'
import { isLate } from './orderFacts'

export default function PurchaseOrderList() {
  const translate = useTranslate()
  const locale = useLocale()
  const [creating, setCreating] = useState(false)
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('purchase_orders.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="terms.status"
      alwaysOn
      emptyText="terms.all"
      choices={PURCHASE_ORDER_STATUSES.map((status) => ({ id: status, name: `purchase_orders.states.${status}` }))}
    />,
  ]
  const expected = (order: PurchaseOrderSummary) =>
    order.expected_date && (
      <Box component="span" sx={{ color: isLate(order) ? 'error.main' : undefined, whiteSpace: 'nowrap' }}>
        {order.expected_date}
      </Box>
    )
  return (
    <>
      <DocumentList<PurchaseOrderSummary>
        resource="purchase_orders"
        title="terms.purchase_orders"
        empty="purchase_orders.empty"
        filters={filters}
        action={
          <>
            {session.holds('stock.receive') && (
              <Button component={RouterLink} to="/purchase_orders/receive" startIcon={<QrCodeScannerIcon />}>
                {translate('purchase_orders.receive.action')}
              </Button>
            )}
            {session.holds('orders.purchase') && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {translate('purchase_orders.new')}
              </Button>
            )}
          </>
        }
        rowClick={(id) => `/purchase_orders/${id}`}
        phone={{
          primaryText: (order) => `${order.number} · ${order.supplier_name}`,
          secondaryText: (order) => (
            <Box component="span" data-testid="purchase-order-row" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {order.warehouse_name}
              {order.expected_date && <> · {expected(order)}</>}
              {order.open_quantity > 0 && ` · ${translate('purchase_orders.open_units', { smart_count: order.open_quantity })}`}
            </Box>
          ),
          tertiaryText: (order) => <PurchaseOrderStatus status={order.status} />,
        }}
      >
        <FunctionField<PurchaseOrderSummary>
          label="purchase_orders.fields.number"
          sortable={false}
          sx={{ whiteSpace: 'nowrap' }}
          render={(order) => <span data-testid="purchase-order-row">{order.number}</span>}
        />
        <FunctionField<PurchaseOrderSummary> label="terms.supplier" sortable={false} render={(order) => order.supplier_name} />
        <FunctionField<PurchaseOrderSummary> label="terms.warehouse" sortable={false} render={(order) => order.warehouse_name} />
        <FunctionField<PurchaseOrderSummary>
          label="terms.status"
          sortable={false}
          render={(order) => <PurchaseOrderStatus status={order.status} />}
        />
        <FunctionField<PurchaseOrderSummary> label="terms.expected" sortable={false} render={expected} />
        <FunctionField<PurchaseOrderSummary>
          label="purchase_orders.fields.open"
          sortable={false}
          textAlign="right"
          render={(order) => order.open_quantity}
        />
        <FunctionField<PurchaseOrderSummary>
          label="terms.total"
          sortable={false}
          textAlign="right"
          sx={{ whiteSpace: 'nowrap' }}
          render={(order) => moneyTotals(locale, order.totals)}
        />
      </DocumentList>
      {creating && <NewPurchaseOrderDialog onClose={() => setCreating(false)} />}
    </>
  )
}
