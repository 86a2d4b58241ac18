// The products list on a phone or a tablet: one card a product with article number, description, brand and stock,
// each a link that opens the product (react-admin demo's SimpleList pattern).
import type { ReactNode } from 'react'
import { Box, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material'
import { amber } from '@mui/material/colors'
import { StockWithMark } from './BelowMin'
import { Link as RouterLink } from 'react-router-dom'
import type { ProductSummary } from '../../../contract'
import { Thumbnail } from './Thumbnail'
import { useTranslate } from '../../common/translate'

export function CompactProductList({
  rows,
  highlighted,
  empty,
}: {
  rows: ProductSummary[]
  highlighted: (product: ProductSummary) => boolean
  empty: ReactNode
}) {
  const translate = useTranslate()
  if (rows.length === 0) return <>{empty}</>
  return (
    <List aria-label={translate('resources.products.name', { smart_count: 2 })} disablePadding>
      {rows.map((product) => (
        <ListItem key={product.id} disablePadding divider sx={highlighted(product) ? { bgcolor: amber[100] } : undefined}>
          <ListItemButton component={RouterLink} to={`/products/${product.id}`} sx={{ gap: 1.5, alignItems: 'flex-start' }}>
            <Box sx={{ pt: 0.5 }}>
              <Thumbnail url={product.image_url} />
            </Box>
            <ListItemText
              sx={{ minWidth: 0, m: 0 }}
              primary={product.article_number ?? translate('product_detail.unnamed', { id: product.id })}
              secondary={[product.description, product.brand?.brand_name].filter(Boolean).join(' · ') || undefined}
              slotProps={{
                primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {translate('resources.products.fields.stock')}
              </Typography>
              <Typography sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} data-testid="compact-stock">
                <StockWithMark product={product} />
              </Typography>
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  )
}
