// The filter row: text filters applied by pressing Enter (all typed texts at once), each with a clear button,
// and a Brand select with All.
import type { KeyboardEvent } from 'react'
import { Box, Chip, IconButton, InputAdornment, TextField } from '@mui/material'
import QrCodeIcon from '@mui/icons-material/QrCode'
import ClearIcon from '@mui/icons-material/Clear'
import { TEXT_FILTERS, useFilters, withFilter, type FilterValues, type TextFilter } from './filters'
import { OptionFilter } from './OptionFilter'
import { useStateResetOn } from '../../common/useStateResetOn'
import { useTranslate } from '../../common/translate'

type Texts = Record<TextFilter, string>
const textsOf = (filters: FilterValues): Texts =>
  Object.fromEntries(TEXT_FILTERS.map((name) => [name, String(filters[name] ?? '')])) as Texts

export function ProductFilters() {
  const translate = useTranslate()
  const { filterValues, setFilters } = useFilters()
  const applied = textsOf(filterValues)
  // filters restored from the store or the address bar show in the fields
  const [texts, setTexts] = useStateResetOn<Texts>(applied, JSON.stringify(applied))

  const applyOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    setFilters(TEXT_FILTERS.reduce((filters, name) => withFilter(filters, name, texts[name].trim()), filterValues))
  }
  const clear = (name: TextFilter) => {
    setTexts({ ...texts, [name]: '' })
    setFilters(withFilter(filterValues, name, undefined))
  }

  return (
    <Box
      role="search"
      aria-label={translate('products.list.filters')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      {TEXT_FILTERS.map((name) => {
        const label = translate(`resources.products.fields.${name}`)
        return (
          <TextField
            key={name}
            size="small"
            label={label}
            value={texts[name]}
            onChange={(event) => setTexts({ ...texts, [name]: event.target.value })}
            onKeyDown={applyOnEnter}
            slotProps={{
              htmlInput: { enterKeyHint: 'search' },
              input: {
                endAdornment: texts[name] ? (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label={translate('products.list.clear_filter', { field: label })}
                      onClick={() => clear(name)}
                    >
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
            fullWidth={false}
            sx={{ width: name === 'description' ? 240 : 170 }}
          />
        )
      })}
      <OptionFilter
        filter="brand_id"
        resource="brands"
        nameField="brand_name"
        label={translate('resources.products.fields.brand_id')}
        noFilterLabel={translate('terms.all')}
        width={180}
      />
      {/* a scanned barcode filters exactly; the chip shows it and takes it away */}
      {filterValues.barcode !== undefined && (
        <Chip
          icon={<QrCodeIcon />}
          label={translate('floor.scan.barcode_filter', { code: String(filterValues.barcode) })}
          onDelete={() => setFilters(withFilter(filterValues, 'barcode', undefined))}
        />
      )}
    </Box>
  )
}
