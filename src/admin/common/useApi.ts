// Calls of the API outside react-admin's records, through the data provider of the context, so they use the one HTTP
// client (and tests can give a fake one): reads by path, writes as operations declared in src/contract/operations.ts.
import { HttpError, useDataProvider } from 'ra-core'
import type { StockroomDataProvider } from '../providers/dataProvider'

/** Reads by path: `api<Report>('/reports/reorder', { query })` */
export function useApi() {
  return useDataProvider<StockroomDataProvider>().call
}

/** Writes: `send(OPERATIONS.reverseTransfer, { params: { id }, body: {} })` */
export function useSend() {
  return useDataProvider<StockroomDataProvider>().send
}

/** A write that got no answer: it may have been carried out, and pressing again sends it with the same key. */
export const isUnconfirmed = (error: unknown) =>
  error instanceof HttpError && (error.body as { unconfirmed?: boolean } | null)?.unconfirmed === true
