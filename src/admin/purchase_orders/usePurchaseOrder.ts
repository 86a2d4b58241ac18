// The order of the page's :id, read once and kept under the key receiving's scan recogniser looks in (its lines' codes
// are scans); a step's answer replaces it with `set`.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import type { PurchaseOrder } from '../../contract'
import { PURCHASE_ORDER_QUERY } from '../common/scanning'
import { useApi } from '../common/useApi'

export function usePurchaseOrder() {
  const api = useApi()
  const queryClient = useQueryClient()
  const { id = '' } = useParams()
  const key = [...PURCHASE_ORDER_QUERY, id]
  const query = useQuery({
    queryKey: key,
    enabled: /^[1-9]\d*$/.test(id),
    queryFn: async () => (await api<PurchaseOrder>(`/purchase_orders/${id}`)).json,
  })
  return { id, ...query, set: (order: PurchaseOrder) => queryClient.setQueryData(key, order) }
}
