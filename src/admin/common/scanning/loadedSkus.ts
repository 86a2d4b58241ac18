// The SKUs the scan recogniser knows: those of the products this browser has loaded, which react-admin keeps in
// react-query's cache under 'products' (lists, pages, single products). Asking the server would come after the Enter
// that has to be stopped at once.
import type { QueryClient } from '@tanstack/react-query'

export function isLoadedSku(queryClient: QueryClient, code: string): boolean {
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: ['products'] })) {
    const listed = (data as { data?: unknown } | undefined)?.data
    const records = Array.isArray(data) ? data : Array.isArray(listed) ? listed : [data]
    if (records.some((record) => (record as { sku?: unknown } | null)?.sku === code)) return true
  }
  return false
}
