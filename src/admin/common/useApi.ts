// Calls of the API outside react-admin's records, through the data provider of the context, so they use the one HTTP
// client (and tests can give a fake one): reads by path, writes as operations declared in src/contract/operations.ts.
import { useDataProvider } from 'ra-core'
import type { StockroomDataProvider } from '../providers/dataProvider'

/** Reads by path: `api<Report>('/reports/reorder', { query })` */
export function useApi() {
  return useDataProvider<StockroomDataProvider>().call
}

/** Writes: `send(OPERATIONS.reverseTransfer, { params: { id }, body: {} })` */
export function useSend() {
  return useDataProvider<StockroomDataProvider>().send
}
