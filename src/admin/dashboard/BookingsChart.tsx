// Bookings per day over the last 30 days as a bar chart (@mui/x-charts), in a chunk of its own: the dashboard loads
// it when it shows, so neither the sign-in screen nor any other screen carries the chart library.
import { BarChart } from '@mui/x-charts/BarChart'
import dayjs from 'dayjs'
import { useLocale } from 'ra-core'
import type { Dashboard } from '../../contract'
import { useTranslate } from '../common/translate'

export default function BookingsChart({ days }: { days: Dashboard['bookings_per_day'] }) {
  const translate = useTranslate()
  const locale = useLocale()
  return (
    <BarChart
      height={240}
      margin={{ left: 0, right: 8 }}
      xAxis={[
        { scaleType: 'band', data: days.map((d) => dayjs(d.day).locale(locale).format('D MMM')), tickLabelInterval: (_, i) => i % 5 === 4 },
      ]}
      // bookings are whole numbers
      yAxis={[{ tickMinStep: 1 }]}
      series={[{ data: days.map((d) => d.bookings), label: translate('dashboard.bookings'), color: '#42a5f5' }]}
      hideLegend
      aria-label={translate('dashboard.bookings_chart')}
    />
  )
}
