// What <Resource name="stock_counts"> needs: the list, and a count's own page at /stock_counts/{id}.
import { lazy } from 'react'
import { Route } from 'react-router-dom'
import FactCheckIcon from '@mui/icons-material/FactCheck'

const CountDetail = lazy(() => import('./CountDetail'))

export default {
  list: lazy(() => import('./CountList')),
  icon: FactCheckIcon,
  children: [<Route key="count" path=":id" element={<CountDetail />} />],
}
