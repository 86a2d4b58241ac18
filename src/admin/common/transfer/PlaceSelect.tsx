// A location picker grouped by warehouse, searched by typing a part of the warehouse's or location's name or the
// label's code (a company may have thousands of locations). `note` adds a text after a location's name, such as the
// amount of the product there; `first` lists some places above the rest (those holding the product, or the warehouse
// already chosen), so the list opens where the clerk looks.
import { Autocomplete, Box, createFilterOptions, TextField } from '@mui/material'
import type { StockPlace } from '../../../contract'
import { locationCode } from '../../../contract/location-codes'
import { useTranslate } from '../translate'

interface PlaceOption {
  place: StockPlace
  group: string
  /** the warehouse too: a closed picker shows only the option, and locations of two warehouses may share a name */
  name: string
  extra?: string
}

const byNameOrCode = createFilterOptions<PlaceOption>({
  stringify: (option) => `${option.name} ${locationCode(option.place.location_id)}`,
})

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
  /** undefined while they load: the picker waits */
  places: StockPlace[] | undefined
  value: number | ''
  onChange: (locationId: number | '') => void
  note?: (place: StockPlace) => string | undefined
  disabled?: boolean
  helperText?: string
  first?: { label: string; places: StockPlace[] }
}) {
  const translate = useTranslate()
  const option = (place: StockPlace, group: string): PlaceOption => ({
    place,
    group,
    name: `${place.warehouse_name} / ${place.location_name}`,
    extra: note?.(place),
  })
  const firstIds = new Set(first?.places.map((place) => place.location_id))
  // grouped options must come in their groups' order: the first places, then each warehouse's
  const options = [
    ...(first?.places ?? []).map((place) => option(place, first?.label ?? '')),
    ...(places ?? []).filter((place) => !firstIds.has(place.location_id)).map((place) => option(place, place.warehouse_name)),
  ]
  return (
    <Autocomplete
      fullWidth
      size="small"
      options={options}
      groupBy={(candidate) => candidate.group}
      value={options.find((candidate) => candidate.place.location_id === value) ?? null}
      onChange={(_, chosen) => onChange(chosen?.place.location_id ?? '')}
      getOptionLabel={(candidate) => (candidate.extra ? `${candidate.name} (${candidate.extra})` : candidate.name)}
      getOptionKey={(candidate) => candidate.place.location_id}
      isOptionEqualToValue={(candidate, chosen) => candidate.place.location_id === chosen.place.location_id}
      filterOptions={byNameOrCode}
      renderOption={({ key, ...props }, candidate) => (
        <li key={key} {...props}>
          <Box component="span" sx={{ flex: 1 }}>
            {candidate.group === candidate.place.warehouse_name ? candidate.place.location_name : candidate.name}
          </Box>
          {candidate.extra && (
            <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              {candidate.extra}
            </Box>
          )}
        </li>
      )}
      disabled={disabled || places === undefined}
      noOptionsText={translate('floor.stock.no_location_match')}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} slotProps={{ inputLabel: { shrink: true } }} />}
    />
  )
}
