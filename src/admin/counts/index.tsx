// The counts screen: the list, and a count's own page at /stock_counts/{id}.
import { lazy } from 'react'
import { Route } from 'react-router-dom'
import FactCheckIcon from '@mui/icons-material/FactCheck'
import type { ResourceScreen } from '../common/screen'

const CountDetail = lazy(() => import('./CountDetail'))

export default {
  resource: 'stock_counts',
  label: 'terms.counts',
  audience: 'stock.read',
  list: lazy(() => import('./CountList')),
  icon: FactCheckIcon,
  children: [<Route key="count" path=":id" element={<CountDetail />} />],
} satisfies ResourceScreen
