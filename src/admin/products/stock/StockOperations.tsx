// The stock tab's part for stock operations: the reorder levels and the stock history, as two items of the tab's grid.
import { Grid } from '@mui/material'
import type { Product } from '../../../contract'
import { ReorderLevels } from './ReorderLevels'
import { StockHistoryCard } from './StockHistoryCard'

export function StockOperations({ product, refresh }: { product: Product; refresh: () => void }) {
  // the levels per location, which every booking and transfer changes (a booking leaves updated_at alone)
  const stockVersion = product.stock_items.map((item) => `${item.location_id}=${item.amount}`).join(',')
  return (
    <>
      <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ minWidth: 0 }}>
        <ReorderLevels product={product} onChanged={refresh} />
      </Grid>
      <Grid size={{ xs: 12, md: 7, lg: 8 }} sx={{ minWidth: 0 }}>
        <StockHistoryCard productId={product.id} version={stockVersion} />
      </Grid>
    </>
  )
}
