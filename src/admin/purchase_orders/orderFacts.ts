// What a screen says about an order beyond its fields: whether it is late, and which steps its status allows.
import dayjs from 'dayjs'
import { OPEN_PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../contract/constants'
import type { PurchaseOrderSummary } from '../../contract'

/** still to come after its expected date */
export const isLate = (order: Pick<PurchaseOrderSummary, 'status' | 'expected_date'>, today = dayjs().format('YYYY-MM-DD')) =>
  order.expected_date !== null && order.expected_date < today && isReceivable(order.status)

/** goods may come for it: sent, or partly received */
export const isReceivable = (status: PurchaseOrderStatus) => (OPEN_PURCHASE_ORDER_STATUSES as readonly string[]).includes(status)

/** a line's product as the floor names it: our SKU, else its description */
export const lineLabel = (line: { sku: string | null; description: string | null; product_id: number }) =>
  line.sku ?? line.description ?? `#${line.product_id}`
