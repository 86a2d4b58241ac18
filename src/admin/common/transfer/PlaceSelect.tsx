// A location picker grouped by warehouse (a native select: the phone's own picker on a phone). `note` adds a text
// after a location's name, such as the amount of the product there; `first` lists some places above the rest (those
// holding the product, or the warehouse already chosen), so a long list of locations opens where the clerk looks.
import { TextField } from '@mui/material'
import type { StockPlace } from '../../../contract'
import { byWarehouse } from './usePlaces'

export function PlaceSelect({
  label,
  places,
  value,
  onChange,
  note,
  disabled,
  helperText,
  first,
}: {
  label: string
  places: StockPlace[]
  value: number | ''
  onChange: (locationId: number | '') => void
  note?: (place: StockPlace) => string | undefined
  disabled?: boolean
  helperText?: string
  first?: { label: string; places: StockPlace[] }
}) {
  const option = (place: StockPlace) => {
    const extra = note?.(place)
    // the warehouse too: a closed select shows only the option, and locations of two warehouses may share a name
    const name = `${place.warehouse_name} / ${place.location_name}`
    return (
      <option key={place.location_id} value={place.location_id}>
        {extra ? `${name} (${extra})` : name}
      </option>
    )
  }
  const firstIds = new Set(first?.places.map((place) => place.location_id))
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value}
      disabled={disabled}
      helperText={helperText}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" />
      {first && first.places.length > 0 && <optgroup label={first.label}>{first.places.map(option)}</optgroup>}
      {byWarehouse(places.filter((place) => !firstIds.has(place.location_id))).map((group) => (
        <optgroup key={group.warehouse_id} label={group.warehouse_name}>
          {group.places.map(option)}
        </optgroup>
      ))}
    </TextField>
  )
}
