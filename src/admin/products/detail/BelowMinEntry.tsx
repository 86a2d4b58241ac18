// On the product tab: the warehouses where the product is below its minimum, if any.
import { Chip, Typography } from '@mui/material'
import type { Product } from '../../../contract'
import { useTranslate } from '../../common/translate'

export function BelowMinEntry({ product }: { product: Product }) {
  const translate = useTranslate()
  const below = product.reorder_levels.filter((level) => level.below_min)
  if (below.length === 0) return null
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {translate('terms.below_minimum')}
      </Typography>
      <Typography component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {below.map((level) => (
          <Chip
            key={level.warehouse_id}
            size="small"
            color="warning"
            data-testid="below-min-chip"
            label={translate('reorder.below_min_in', { warehouse: level.warehouse_name, on_hand: level.on_hand, min: level.min_stock })}
          />
        ))}
      </Typography>
    </>
  )
}
