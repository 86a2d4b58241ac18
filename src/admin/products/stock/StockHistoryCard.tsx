// The stock history on the stock tab: the level at the end of each day over the last 30, 90 or 365 days. The chart
// library loads with the chart, so neither the sign-in screen nor the other tabs carry it.
import { lazy, Suspense, useState } from 'react'
import { Alert, Card, CardContent, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import type { StockHistory } from '../../../contract'
import { useApi } from '../../common/useApi'
import { useTranslate } from '../../common/translate'

const StockHistoryChart = lazy(() => import('./StockHistoryChart'))
const RANGES = [30, 90, 365] as const
const DAY_MS = 86_400_000

/** `version` changes when the product's stock does, so the history is read again. */
export function StockHistoryCard({ productId, version }: { productId: number; version: string }) {
  const translate = useTranslate()
  const api = useApi()
  const [days, setDays] = useState<(typeof RANGES)[number]>(30)
  const history = useQuery({
    queryKey: ['stockroom', 'stock_history', productId, days, version],
    queryFn: async () => {
      const from = new Date(Date.now() - (days - 1) * DAY_MS).toISOString().slice(0, 10)
      return (await api<StockHistory>(`/products/${productId}/stock_history`, { query: { from } })).json
    },
    placeholderData: (previous) => previous,
  })
  return (
    <Card variant="outlined" component="section" aria-label={translate('stock_history.title')} data-testid="stock-history">
      <CardContent sx={{ '&:last-child': { pb: 1 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {translate('stock_history.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            onChange={(_, value: (typeof RANGES)[number] | null) => value && setDays(value)}
            aria-label={translate('stock_history.range')}
          >
            {RANGES.map((range) => (
              <ToggleButton key={range} value={range}>
                {translate('stock_history.days', { smart_count: range })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        {history.error && <Alert severity="error">{history.error.message}</Alert>}
        {history.data ? (
          <Suspense fallback={<Skeleton variant="rectangular" height={260} />}>
            <StockHistoryChart history={history.data} />
          </Suspense>
        ) : (
          !history.error && <Skeleton variant="rectangular" height={260} />
        )}
      </CardContent>
    </Card>
  )
}
