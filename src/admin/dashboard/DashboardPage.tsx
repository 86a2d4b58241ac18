// /dashboard: the day at a glance, a tile per figure. Products, stock value at purchase price per currency,
// products below their minimum (opening the reorder report), bookings today, the last ten changes, bookings per day
// over 30 days, and the ledger check.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react'
import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, Stack, Typography } from '@mui/material'
import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import ErrorIcon from '@mui/icons-material/Error'
import { Title } from 'react-admin'
import { Link as RouterLink } from 'react-router-dom'
import { useLocale } from 'ra-core'
import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import type { Dashboard, LedgerStatus } from '../../contract'
import { office } from '../providers/officeApi'
import { AuditRows } from '../common/history/AuditRows'
import { APPROVALS_PATH, REORDER_REPORT_PATH } from '../common/paths'
import { useNumber } from '../common/numbers'
import { useTranslate } from '../common/translate'

dayjs.extend(relativeTime)
const BookingsChart = lazy(() => import('./BookingsChart'))

function Tile({ title, children, wide, testId }: { title: string; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <Grid size={wide ? { xs: 12, lg: 6 } : { xs: 12, sm: 6, lg: 3 }} sx={{ minWidth: 0 }}>
      <Card variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="subtitle2" color="text.secondary" component="h2" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Grid>
  )
}

const Figure = ({ children }: { children: ReactNode }) => (
  <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
    {children}
  </Typography>
)

export default function DashboardPage() {
  const translate = useTranslate()
  const number = useNumber()
  const [dashboard, setDashboard] = useState<Dashboard>()
  const [error, setError] = useState<string>()
  const load = useCallback(() => {
    // "today" and the chart's days are the reader's: their midnight goes along
    office.dashboard(dayjs().startOf('day').toISOString()).then(setDashboard, (failure: Error) => setError(failure.message))
  }, [])
  useEffect(load, [load])

  return (
    <Box sx={{ mt: 2, mb: 2 }}>
      <Title title="terms.dashboard" />
      {error && <Alert severity="error">{translate('dashboard.failed', { error })}</Alert>}
      {!dashboard && !error && <CircularProgress size={24} />}
      {dashboard && (
        <Grid container spacing={2}>
          <Tile title={translate('terms.products')} testId="tile-products">
            <Figure>{number(dashboard.products)}</Figure>
          </Tile>
          <Tile title={translate('dashboard.stock_value')} testId="tile-stock-value">
            {dashboard.stock_value.length === 0 ? (
              <Typography color="text.secondary">{translate('dashboard.no_prices')}</Typography>
            ) : (
              dashboard.stock_value.map((v) => (
                <Typography key={v.currency} variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {number(v.value, { style: 'currency', currency: v.currency })}
                </Typography>
              ))
            )}
          </Tile>
          <Tile title={translate('dashboard.bookings_today')} testId="tile-bookings-today">
            <Figure>{number(dashboard.bookings_today)}</Figure>
          </Tile>
          <Tile title={translate('dashboard.below_minimum')} testId="tile-below-minimum">
            <Figure>{number(dashboard.below_minimum)}</Figure>
            {dashboard.below_minimum > 0 && (
              <Button component={RouterLink} to={REORDER_REPORT_PATH} size="small" sx={{ ml: -1 }}>
                {translate('dashboard.to_reorder_report')}
              </Button>
            )}
          </Tile>
          {dashboard.purchase_orders.open > 0 && (
            <Tile title={translate('dashboard.purchase_orders_open')} testId="tile-purchase-orders">
              <Figure>{number(dashboard.purchase_orders.open)}</Figure>
              {dashboard.purchase_orders.late > 0 && (
                <Typography color="warning.main">
                  {translate('dashboard.purchase_orders_late', { smart_count: dashboard.purchase_orders.late })}
                </Typography>
              )}
            </Tile>
          )}
          {(dashboard.approvals.mine > 0 || dashboard.approvals.to_decide > 0) && (
            <Tile title={translate('terms.approvals')} testId="tile-approvals">
              {dashboard.approvals.to_decide > 0 && (
                <Typography>{translate('dashboard.approvals_to_decide', { smart_count: dashboard.approvals.to_decide })}</Typography>
              )}
              {dashboard.approvals.mine > 0 && (
                <Typography>{translate('dashboard.approvals_mine', { smart_count: dashboard.approvals.mine })}</Typography>
              )}
              <Button component={RouterLink} to={APPROVALS_PATH} size="small" sx={{ ml: -1, minHeight: 44 }}>
                {translate('dashboard.to_approvals')}
              </Button>
            </Tile>
          )}
          <Tile title={translate('dashboard.bookings_chart')} wide testId="tile-chart">
            <Suspense fallback={<CircularProgress size={24} />}>
              <BookingsChart days={dashboard.bookings_per_day} />
            </Suspense>
          </Tile>
          <Tile title={translate('terms.ledger_check')} wide testId="tile-ledger">
            <LedgerCheck />
          </Tile>
          {dashboard.last_changes && (
            <Grid size={12} sx={{ minWidth: 0 }}>
              <Card variant="outlined" component="section" aria-label={translate('dashboard.last_changes')}>
                <CardContent>
                  <Typography variant="subtitle2" color="text.secondary" component="h2" gutterBottom>
                    {translate('dashboard.last_changes')}
                  </Typography>
                  {dashboard.last_changes.length === 0 ? (
                    <Typography color="text.secondary">{translate('dashboard.no_changes')}</Typography>
                  ) : (
                    <AuditRows entries={dashboard.last_changes} onUndone={load} />
                  )}
                </CardContent>
              </Card>
            </Grid>
          )}
        </Grid>
      )}
    </Box>
  )
}

/** The last ledger check, polled while one runs; "Check again" starts a new one. */
function LedgerCheck() {
  const translate = useTranslate()
  const locale = useLocale()
  const number = useNumber()
  const [status, setStatus] = useState<LedgerStatus>()
  const [error, setError] = useState<string>()
  const [asking, setAsking] = useState(false)
  useEffect(() => {
    if (status && status.state !== 'checking') return
    let current = true
    // a check takes seconds to a minute: ask again every two seconds while it runs
    const timer = setTimeout(
      () =>
        void office.ledger().then(
          (next) => current && setStatus(next),
          (failure: Error) => current && setError(failure.message),
        ),
      status ? 2000 : 0,
    )
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [status])
  const again = async () => {
    setAsking(true)
    try {
      setStatus(await office.checkLedgerAgain())
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setAsking(false)
    }
  }
  if (error) return <Alert severity="error">{error}</Alert>
  if (!status || (status.state === 'checking' && status.checked_at === null))
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <CircularProgress size={18} />
        <Typography>{translate('dashboard.ledger_checking')}</Typography>
      </Stack>
    )
  const agrees = status.discrepancies === 0
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} alignItems="center">
        {agrees ? <CheckCircleIcon color="success" /> : <ErrorIcon color="error" />}
        <Typography variant="h6" component="p" data-testid="ledger-result">
          {agrees ? translate('dashboard.ledger_ok') : translate('dashboard.ledger_bad', { smart_count: status.discrepancies ?? 0 })}
        </Typography>
      </Stack>
      {status.checked_at && (
        <Typography variant="body2" color="text.secondary">
          {translate('dashboard.ledger_checked', {
            when: dayjs(status.checked_at).locale(locale).fromNow(),
            seconds: (status.seconds ?? 0).toFixed(1),
            mutations: number(status.mutations ?? 0),
          })}
        </Typography>
      )}
      <Box>
        <Button size="small" onClick={() => void again()} disabled={asking || status.state === 'checking'}>
          {status.state === 'checking' ? translate('dashboard.ledger_checking') : translate('dashboard.check_again')}
        </Button>
      </Box>
    </Stack>
  )
}
