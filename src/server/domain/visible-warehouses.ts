// The warehouses whose stock a user may see (stock.read): every one, or a list. Lists, reports and documents of
// stock show only these, so a viewer of Berlin reads Berlin and nothing of Rotterdam.

/** Every warehouse, or the ids of those the user may see (perhaps none) */
export type VisibleWarehouses = 'all' | readonly number[]

/** The ids to narrow a query to with `in`, or undefined for every warehouse; no warehouse has id 0, so an empty list
 * matches nothing. */
export const visibleIds = (visible: VisibleWarehouses): readonly number[] | undefined =>
  visible === 'all' ? undefined : visible.length > 0 ? visible : [0]

/** Whether a warehouse's stock may be seen. */
export const isVisible = (visible: VisibleWarehouses, warehouseId: number): boolean => visible === 'all' || visible.includes(warehouseId)
