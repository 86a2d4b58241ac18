// Products below their minimum: the mark beside the stock in the list, and the filter that shows only them.
import { Box, FormControlLabel, Switch, Tooltip } from '@mui/material'
import WarningIcon from '@mui/icons-material/WarningAmber'
import { NumberField } from 'react-admin'
import type { ProductSummary } from '../../../contract'
import { useFilters, withFilter } from './filters'
import { useTranslate } from '../../common/translate'

/** The stock, and a warning sign when the product is below its minimum (in the chosen warehouse, or in any). */
export function StockWithMark({ product }: { product: ProductSummary }) {
  const translate = useTranslate()
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {product.below_min && (
        <Tooltip title={translate('terms.below_minimum')}>
          <Box
            component="span"
            role="img"
            aria-label={translate('terms.below_minimum')}
            data-testid="below-min"
            sx={{ display: 'inline-flex', color: 'warning.main' }}
          >
            <WarningIcon fontSize="small" />
          </Box>
        </Tooltip>
      )}
      <NumberField source="stock" record={product} />
    </Box>
  )
}

export function BelowMinFilter() {
  const translate = useTranslate()
  const { filterValues, setFilters } = useFilters()
  return (
    <FormControlLabel
      control={
        <Switch
          checked={filterValues.below_min === 'true' || (filterValues.below_min as unknown) === true}
          // at once: a switch shows its new state on the click (a typed filter waits for Enter anyway)
          onChange={(event) =>
            setFilters(withFilter(filterValues, 'below_min', event.target.checked ? 'true' : undefined), undefined, false)
          }
        />
      }
      label={translate('terms.below_minimum')}
    />
  )
}
