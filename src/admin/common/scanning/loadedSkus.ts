// The codes the scan recogniser knows: the SKUs of the products this browser has loaded, which react-admin keeps in
// react-query's cache under 'products' (lists, pages, single products), and the codes on the lines of the purchase
// orders it has open. Asking the server would come after the Enter that has to be stopped at once.
import type { QueryClient } from '@tanstack/react-query'

export function isLoadedSku(queryClient: QueryClient, code: string): boolean {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: ['products'] })) {
    const listed = (data as { data?: unknown } | undefined)?.data
    const records = Array.isArray(data) ? data : Array.isArray(listed) ? listed : [data]
    if (records.some((record) => (record as { sku?: unknown } | null)?.sku === code)) return true
  }
  return false
}

/** the key receiving keeps an open order under (the order's screens read and write it) */
export const PURCHASE_ORDER_QUERY = ['stockroom', 'purchase_order'] as const
const LINE_CODES = ['barcode', 'sku', 'sku_amazon', 'supplier_sku'] as const

/** A code on a line of a loaded purchase order: an item a delivery brings, however slowly a busy phone types it. */
export function isOrderedCode(queryClient: QueryClient, code: string): boolean {
  const wanted = code.trim().toUpperCase()
  for (const [, order] of queryClient.getQueriesData<{ lines?: Partial<Record<(typeof LINE_CODES)[number], string | null>>[] }>({
    queryKey: PURCHASE_ORDER_QUERY,
  }))
    if (order?.lines?.some((line) => LINE_CODES.some((field) => line[field]?.trim().toUpperCase() === wanted))) return true
  return false
}
