// The products a scanned code names: by SKU when it is a loaded product's, else by barcode. Shared by what a scan
// opens (ScannerProvider) and the dialogs that take a product scan as a line (transfers).
import type { QueryClient } from '@tanstack/react-query'
import type { DataProvider } from 'ra-core'
import type { ProductSummary } from '../../../contract'
import { isLoadedSku } from './loadedSkus'

export async function findScannedProducts(dataProvider: DataProvider, queryClient: QueryClient, code: string) {
  const bySku = isLoadedSku(queryClient, code)
  const filter = bySku ? { sku: code } : { barcode: code }
  const { data: found } = await dataProvider.getList<ProductSummary>('products', {
    filter,
    pagination: { page: 1, perPage: bySku ? 25 : 2 },
    sort: { field: 'article_number', order: 'ASC' },
  })
  // the SKU filter finds a part of a SKU too: only the whole one counts
  return { filter, products: bySku ? found.filter((product) => product.sku === code) : found }
}
