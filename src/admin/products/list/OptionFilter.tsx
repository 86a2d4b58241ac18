// A filter chosen from a list (the warehouse above the table, the brand in the filter row): a first option
// for "no filter" (Global, All), then every record by name.
import { useEffect } from 'react'
import { MenuItem, TextField } from '@mui/material'
import { useGetList, type RaRecord } from 'ra-core'
import { MAX_LIST_LIMIT } from '../../../contract/constants'
import { useFilters, withFilter } from './filters'

export interface OptionFilterProps {
  /** the list filter it sets: warehouse_id, brand_id */
  filter: string
  resource: string
  nameField: string
  label: string
  /** the text of the first option, which removes the filter */
  noFilterLabel: string
  width: number
}

export function OptionFilter({ filter, resource, nameField, label, noFilterLabel, width }: OptionFilterProps) {
  const { filterValues, setFilters } = useFilters()
  // lists answer up to MAX_LIST_LIMIT rows: every brand or warehouse
  const { data: options = [], isSuccess } = useGetList<RaRecord>(resource, {
    pagination: { page: 1, perPage: MAX_LIST_LIMIT },
    sort: { field: nameField, order: 'ASC' },
  })
  const selected = String(filterValues[filter] ?? '')
  const known = selected === '' || options.some((option) => String(option.id) === selected)
  // a remembered choice that was deleted since would filter on nothing (or fail): back to no filter
  const forgotten = isSuccess && !known
  useEffect(() => {
    if (forgotten) setFilters(withFilter(filterValues, filter, undefined))
  }, [forgotten, filter, filterValues, setFilters])

  return (
    <TextField
      select
      size="small"
      label={label}
      // until the options have loaded, a remembered choice has nothing to show yet
      value={known ? selected : ''}
      onChange={(event) => setFilters(withFilter(filterValues, filter, event.target.value ? Number(event.target.value) : undefined))}
      fullWidth={false}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width }}
    >
      <MenuItem value="">{noFilterLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {String(option[nameField])}
        </MenuItem>
      ))}
    </TextField>
  )
}
