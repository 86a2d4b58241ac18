// Calls of the API by path (actions and reports that are not react-admin records), through the data provider of the
// context, so they use the one HTTP client (and tests can give a fake one).
import { useDataProvider } from 'ra-core'
import type { StockroomDataProvider } from '../providers/dataProvider'

export function useApi() {
  return useDataProvider<StockroomDataProvider>().call
}
