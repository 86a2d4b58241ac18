// Exports: every list at GET <its path>/export with its own filters and sort, as CSV (UTF-8 with a byte order mark)
// or XLSX, the column headers in the language asked for.
import Type, { type Static, type TSchema } from 'typebox'
import { EXPORT_FORMATS, LANGUAGES } from './constants'
import { AuditListQuery } from './audit'
import { BrandListQuery, OrganizationListQuery, WarehouseListQuery } from './catalogue'
import { ProductListQuery } from './products'
import { PurchaseOrderListQuery } from './purchase-orders'
import { ReorderReportQuery } from './reorder'
import { StockMutationListQuery } from './stock'
import { UserListQuery } from './users'

const exportOptions = {
  format: Type.Enum([...EXPORT_FORMATS], { description: 'csv or xlsx' }),
  lang: Type.Optional(Type.Enum([...LANGUAGES], { default: 'en', description: 'the language of the column headers' })),
}

/** The list's own query without its page: an export holds every row of every page. */
function exportOf<T extends { properties: Record<string, TSchema> }>(listQuery: T) {
  const filters = Object.fromEntries(Object.entries(listQuery.properties).filter(([key]) => key !== 'skip' && key !== 'limit'))
  return Type.Object({ ...(filters as Omit<T['properties'], 'skip' | 'limit'>), ...exportOptions })
}

export const ProductExportQuery = exportOf(ProductListQuery)
export type ProductExportQuery = Static<typeof ProductExportQuery>
export const BrandExportQuery = exportOf(BrandListQuery)
export const OrganizationExportQuery = exportOf(OrganizationListQuery)
export const WarehouseExportQuery = exportOf(WarehouseListQuery)
export const UserExportQuery = exportOf(UserListQuery)
export const AuditExportQuery = exportOf(AuditListQuery)
export type AuditExportQuery = Static<typeof AuditExportQuery>
export const ReorderExportQuery = exportOf(ReorderReportQuery)
export const MutationExportQuery = exportOf(StockMutationListQuery)
export const PurchaseOrderExportQuery = exportOf(PurchaseOrderListQuery)
export const ExportQuery = Type.Object(exportOptions)
export type ExportQuery = Static<typeof ExportQuery>
