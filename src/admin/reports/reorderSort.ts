// The sortable columns of the reorder report, and the order of its lines within each supplier.
import type { ReorderReportLine } from '../../contract'

export const REORDER_COLUMNS = [
  'product',
  'warehouse',
  'on_hand',
  'min_stock',
  'max_stock',
  'suggested',
  'purchase_price',
  'value',
] as const
export type ReorderColumn = (typeof REORDER_COLUMNS)[number]
export interface ReorderSort {
  column: ReorderColumn
  direction: 'asc' | 'desc'
}

const keyOf = (line: ReorderReportLine, column: ReorderColumn): string | number | null => {
  if (column === 'product') return (line.article_number ?? line.sku ?? line.description ?? '').toLowerCase()
  if (column === 'warehouse') return line.warehouse_name.toLowerCase()
  return line[column]
}

/** The lines in the order asked; empty values last either way, ties by product id. */
export function sortLines(lines: ReorderReportLine[], { column, direction }: ReorderSort): ReorderReportLine[] {
  const sign = direction === 'asc' ? 1 : -1
  return [...lines].sort((a, b) => {
    const [x, y] = [keyOf(a, column), keyOf(b, column)]
    if (x === y) return a.product_id - b.product_id
    if (x === null) return 1
    if (y === null) return -1
    return sign * (x < y ? -1 : 1)
  })
}
