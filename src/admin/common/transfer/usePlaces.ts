// Every location with its warehouse, for the place pickers of transfers and counts: the warehouses, then the
// locations of each (a back-office has a handful of warehouses).
import { useQuery } from '@tanstack/react-query'
import type { Location, StockPlace, Warehouse } from '../../../contract'
import { useApi } from '../useApi'
import { compareNames } from '../mutationFormState'

export function usePlaces() {
  const api = useApi()
  return useQuery({
    queryKey: ['stockroom', 'places'],
    queryFn: async (): Promise<StockPlace[]> => {
      const { json: warehouses } = await api<Warehouse[]>('/warehouses/', { query: { limit: 1000 } })
      const perWarehouse = await Promise.all(
        warehouses.map(async (warehouse) => {
          const { json: locations } = await api<Location[]>(`/warehouses/${warehouse.id}/locations`, { query: { limit: 1000 } })
          return locations.map((location) => ({
            warehouse_id: warehouse.id,
            warehouse_name: warehouse.warehouse_name,
            location_id: location.id,
            location_name: location.location_name,
          }))
        }),
      )
      return perWarehouse
        .flat()
        .sort((a, b) => compareNames(a.warehouse_name, b.warehouse_name) || compareNames(a.location_name, b.location_name))
    },
  })
}

/** The places grouped by warehouse, in order. */
export function byWarehouse(places: StockPlace[]): { warehouse_id: number; warehouse_name: string; places: StockPlace[] }[] {
  const groups: { warehouse_id: number; warehouse_name: string; places: StockPlace[] }[] = []
  for (const place of places) {
    const last = groups.at(-1)
    if (last?.warehouse_id === place.warehouse_id) last.places.push(place)
    else groups.push({ warehouse_id: place.warehouse_id, warehouse_name: place.warehouse_name, places: [place] })
  }
  return groups
}
