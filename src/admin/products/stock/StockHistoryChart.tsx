// The stock history drawn (@mui/x-charts, loaded with this file only): the total and each warehouse per day.
import { LineChart } from '@mui/x-charts/LineChart'
import type { StockHistory } from '../../../contract'
import { useTranslate } from '../../common/translate'

export default function StockHistoryChart({ history }: { history: StockHistory }) {
  const translate = useTranslate()
  const dates = history.days.map((day) => new Date(`${day.date}T00:00:00Z`))
  const several = history.warehouses.length > 1
  return (
    <LineChart
      height={260}
      skipAnimation
      margin={{ left: 0, right: 8 }}
      xAxis={[
        {
          data: dates,
          scaleType: 'time',
          valueFormatter: (date: Date) => date.toISOString().slice(0, 10),
          tickNumber: 4,
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 48 }]}
      series={[
        {
          id: 'total',
          label: translate('stock_history.total'),
          data: history.days.map((day) => day.total),
          showMark: false,
          curve: 'stepAfter',
        },
        ...(several
          ? history.warehouses.map((warehouse, index) => ({
              id: `w${warehouse.warehouse_id}`,
              label: warehouse.warehouse_name,
              data: history.days.map((day) => day.levels[index]),
              showMark: false,
              curve: 'stepAfter' as const,
            }))
          : []),
      ]}
      localeText={{ noData: translate('stock_history.empty'), loading: translate('terms.loading') }}
    />
  )
}
