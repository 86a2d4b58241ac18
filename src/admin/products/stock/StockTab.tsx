// The stock tab of a product (SPEC §2 /products/{id}/stock): levels, the mutation form, transfers, reorder levels,
// the stock history and the recent mutations.
// Every change reloads the product (its levels) and shows the newest mutations. Grid items get minWidth 0 so a
// wide table scrolls inside its card instead of widening the page.
import { Grid } from '@mui/material'
import type { ProductTabProps } from '../detail/tabs'
import { StockLevels } from './StockLevels'
import { session } from '../../providers/session'
import { MutationForm } from './MutationForm'
import { RecentMutations, useRecentMutations } from './RecentMutations'
import { StockOperations } from './StockOperations'
import { TransferButton } from '../../common/transfer/TransferButton'

export default function StockTab({ product, refresh }: ProductTabProps) {
  const mutations = useRecentMutations(product.id)
  const reload = () => {
    refresh()
    void mutations.showNewest()
  }
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ minWidth: 0 }}>
        <StockLevels product={product} />
        {session.holds('stock.transfer') && <TransferButton product={product} onDone={reload} />}
      </Grid>
      <Grid size={{ xs: 12, md: 7, lg: 8 }} sx={{ minWidth: 0 }}>
        {/* one who may not book anywhere has no booking form: the levels and the ledger are what they read */}
        {session.holds('stock.book') && (
          <MutationForm productId={product.id} levels={product.stock_items} onBooked={reload} onRenamed={reload} />
        )}
      </Grid>
      <StockOperations product={product} refresh={refresh} />
      <Grid size={12} sx={{ minWidth: 0 }}>
        <RecentMutations productId={product.id} mutations={mutations} onDeleted={reload} />
      </Grid>
    </Grid>
  )
}
