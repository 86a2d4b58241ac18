// Above the table: Global (all warehouses) or one warehouse, whose stock the Stock column then shows.
import { MenuItem, TextField } from '@mui/material'
import { useListContext, useTranslate } from 'ra-core'
import type { Warehouse } from '../../../contract'
import { useAllOptions } from './useAllOptions'
import { withFilter } from './filters'

export function WarehouseSelect() {
  const translate = useTranslate()
  const { filterValues, setFilters } = useListContext()
  const { data: warehouses = [] } = useAllOptions<Warehouse>('warehouses', 'warehouse_name')
  const selected = filterValues.warehouse_id ?? ''
  // until the warehouses have loaded, a stored choice has no option to show yet
  const value = selected === '' || warehouses.some((w) => w.id === Number(selected)) ? String(selected) : ''

  return (
    <TextField
      select
      size="small"
      label={translate('products.list.warehouse')}
      value={value}
      onChange={(event) => setFilters(withFilter(filterValues, 'warehouse_id', event.target.value ? Number(event.target.value) : undefined))}
      fullWidth={false}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: 260 }}
    >
      <MenuItem value="">{translate('products.list.global')}</MenuItem>
      {warehouses.map((warehouse) => (
        <MenuItem key={warehouse.id} value={String(warehouse.id)}>
          {warehouse.warehouse_name}
        </MenuItem>
      ))}
    </TextField>
  )
}
