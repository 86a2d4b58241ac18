// Every list at `<its path>/export?format=csv|xlsx&lang=en|nl` with the list's own filters and sort: the whole list
// as a file, streamed while it is read (domain/exports). The products list reads with the same query as its pages.
import { listQueryOf } from '../domain/products'
import type { FastifyReply } from 'fastify'
import Type from 'typebox'
import {
  AuditExportQuery,
  BrandExportQuery,
  IdParams,
  MutationExportQuery,
  OrganizationExportQuery,
  ProductExportQuery,
  PurchaseOrderExportQuery,
  ReorderExportQuery,
  UserExportQuery,
  WarehouseExportQuery,
  type ExportFormat,
  type Language,
} from '../../contract'
import { now } from '../db/clock'
import { openRowStream } from '../domain/exports/row-stream'
import { CONTENT_TYPES, exportFile, exportFileName } from '../domain/exports/files'
import { translated } from '../domain/texts'
import { exportSources, type ExportParams, type ExportSourceName } from '../domain/exports/sources'
import { assertProductExists } from '../domain/products'
import { assertReferencesExist } from '../domain/references'
import type { RoutePlugin } from './support/route-plugin'
import { queryWarehouseIfAny, stockOfQueryWarehouse } from './support/warehouses-of'
import { visibleWarehouses, type AccessRule } from '../plugins/access'
import { holds } from '../../contract/roles'

const file = { 200: Type.Unknown({ description: 'the file: text/csv (UTF-8 with a byte order mark) or XLSX' }) }
const options = <Query>(tag: string, querystring: Query, description: string, access: AccessRule = 'exports.run') => ({
  schema: { tags: [tag, 'exports'], description, querystring, response: file },
  config: { access },
})
/** An export of stock: exporting, and reading the stock of the warehouse the query names (or of any one) */
const exportingStock: AccessRule = { permission: ['exports.run', 'stock.read'], in: queryWarehouseIfAny }

const plugin: RoutePlugin = async (app) => {
  /** Streams the source's rows as a file; a read that fails at once still gets an error answer. */
  async function send<Name extends ExportSourceName>(
    reply: FastifyReply,
    name: Name,
    params: ExportParams<Name>,
    { format, lang = 'en' }: { format: ExportFormat; lang?: Language },
  ) {
    const source = exportSources[name]
    const batches = await openRowStream(app.database, name, params)
    const fileName = exportFileName(source.file, format, now())
    const sheetName = translated(lang, `export.sheets.${name}`)
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(exportFile(format, source.columns, lang, batches, sheetName))
  }

  app.get(
    '/products/export',
    options('products', ProductExportQuery, 'Every product the list shows with these filters, sort and warehouse.', {
      permission: 'exports.run',
      needs: stockOfQueryWarehouse,
    }),
    async (request, reply) => {
      const { format, lang, ...asked } = request.query
      await assertReferencesExist(app.db, { warehouse_id: asked.warehouse_id }, 'query')
      // as the list: one warehouse's stock for a reader of one, the sum over their warehouses for a reader of several
      const visible = visibleWarehouses(request)
      return send(reply, 'products', { ...listQueryOf(asked, visible), visible }, { format, lang })
    },
  )

  app.get('/brands/export', options('brands', BrandExportQuery, 'Every brand the list shows.'), async (request, reply) => {
    const { format, lang, ...query } = request.query
    return send(reply, 'brands', query, { format, lang })
  })

  app.get(
    '/orgs/export',
    options('organizations', OrganizationExportQuery, 'Every organization the list shows.'),
    async (request, reply) => {
      const { format, lang, ...query } = request.query
      return send(reply, 'organizations', query, { format, lang })
    },
  )

  app.get(
    '/warehouses/export',
    options('warehouses', WarehouseExportQuery, 'Every warehouse the list shows, a row per location.'),
    async (request, reply) => {
      const { format, lang, ...query } = request.query
      return send(reply, 'warehouses', query, { format, lang })
    },
  )

  app.get(
    '/users/export',
    options('users', UserExportQuery, 'Every user the list shows (administrators only).', 'administer'),
    async (request, reply) => {
      const { format, lang, ...query } = request.query
      return send(reply, 'users', query, { format, lang })
    },
  )

  app.get(
    '/products/:id/stock_mutations/export',
    {
      schema: {
        tags: ['stock', 'exports'],
        description: "The product's whole ledger (or its mutations of one reason), newest first, reasons named in the file's language.",
        params: IdParams,
        querystring: MutationExportQuery,
        response: file,
      },
      config: { access: exportingStock },
    },
    async (request, reply) => {
      await assertProductExists(app.db, request.params.id)
      const { format, lang = 'en', reason } = request.query
      const params = { product_id: request.params.id, visible: visibleWarehouses(request), reason, lang }
      return send(reply, 'mutations', params, { format, lang })
    },
  )

  for (const [path, name, description] of [
    ['/purchase_orders/export', 'purchase_orders', 'The purchase orders the list shows with these filters, newest first, a row per line.'],
    [
      '/purchase_orders/receipts/export',
      'purchase_receipts',
      'The receipts of the orders the list shows, newest first, a row per line received.',
    ],
  ] as const)
    app.get(path, options('purchase orders', PurchaseOrderExportQuery, description), async (request, reply) => {
      const { format, lang, ...query } = request.query
      // a buyer exports every order; anyone else those of the warehouses whose stock they see
      const visible = holds(request.permissions, 'orders.purchase') ? 'all' : visibleWarehouses(request)
      return send(reply, name, { ...query, visible }, { format, lang })
    })

  app.get(
    '/reports/reorder/export',
    options(
      'reports',
      ReorderExportQuery,
      'The reorder report as its screen shows it: a row per product and warehouse below its minimum.',
      exportingStock,
    ),
    async (request, reply) => {
      const { format, lang, ...query } = request.query
      await assertReferencesExist(app.db, { warehouse_id: query.warehouse_id }, 'query')
      return send(reply, 'reorder', { ...query, visible: visibleWarehouses(request) }, { format, lang })
    },
  )

  app.get(
    '/audit/export',
    options('audit', AuditExportQuery, 'Every audit entry the filters select, newest first (administrators only).', 'administer'),
    async (request, reply) => {
      const { format, lang, ...query } = request.query
      return send(reply, 'audit', query, { format, lang })
    },
  )
}

export default plugin
