// The filter row: text filters applied as one types (a pause of TYPING_PAUSE_MS) or at once with Enter (all typed
// texts together), each with a clear button, and a Brand select with All. What the list shows is what Export writes.
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { Box, Chip, IconButton, InputAdornment, TextField } from '@mui/material'
import QrCodeIcon from '@mui/icons-material/QrCode'
import ClearIcon from '@mui/icons-material/Clear'
import { TEXT_FILTERS, useFilters, withFilter, type FilterValues, type TextFilter } from './filters'
import { OptionFilter } from './OptionFilter'
import { useStateResetOn } from '../../common/useStateResetOn'
import { useTranslate } from '../../common/translate'

type Texts = Record<TextFilter, string>
/** how long typing pauses before the list follows the texts */
export const TYPING_PAUSE_MS = 500
const textsOf = (filters: FilterValues): Texts =>
  Object.fromEntries(TEXT_FILTERS.map((name) => [name, String(filters[name] ?? '')])) as Texts

/** A scanned barcode filters exactly; the chip shows it and takes it away. */
export function ScannedBarcodeChip() {
  const translate = useTranslate()
  const { filterValues, setFilters } = useFilters()
  if (filterValues.barcode === undefined) return null
  return (
    <Chip
      icon={<QrCodeIcon />}
      label={translate('floor.scan.barcode_filter', { code: String(filterValues.barcode) })}
      onDelete={() => setFilters(withFilter(filterValues, 'barcode', undefined))}
    />
  )
}

/** The text filters and the brand; `chip` false where the scanned barcode's chip is shown outside them (a phone). */
export function ProductFilters({ chip = true }: { chip?: boolean }) {
  const translate = useTranslate()
  const { filterValues, setFilters } = useFilters()
  const applied = textsOf(filterValues)
  // filters restored from the store or the address bar show in the fields
  const [texts, setTexts] = useStateResetOn<Texts>(applied, JSON.stringify(applied))

  const apply = () => setFilters(TEXT_FILTERS.reduce((filters, name) => withFilter(filters, name, texts[name].trim()), filterValues))
  const typed = TEXT_FILTERS.some((name) => texts[name].trim() !== applied[name].trim())
  // the list follows the texts once typing pauses, so what it shows (and Export writes) is what the fields say; the
  // pause starts again with each key, and the filters applied then are the latest (a brand chosen meanwhile stays)
  const latest = useRef(apply)
  useEffect(() => {
    latest.current = apply
  })
  const textsKey = JSON.stringify(texts)
  useEffect(() => {
    if (!typed) return
    const timer = setTimeout(() => latest.current(), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [textsKey, typed])
  const applyOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    apply()
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
      {chip && <ScannedBarcodeChip />}
    </Box>
  )
}
