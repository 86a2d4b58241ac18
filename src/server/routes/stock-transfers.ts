// Transfers between locations, and the stock of one location (to fill a transfer's lines from everything there).
import Type from 'typebox'
import {
  IdParams,
  LocationStockItem,
  LocationStockQuery,
  StockTransfer,
  StockTransferCreate,
  StockTransferListQuery,
  StockTransferReverse,
} from '../../contract'
import { Invalid } from '../domain/errors'
import {
  bookTransfer,
  findTransfer,
  linesField,
  listTransfers,
  locationStock,
  reverseTransfer,
  type TransferLine,
} from '../domain/transfers'
import { withTotalCount } from './support/lists'
import { reversingTransfer, warehousesOfLocations } from './support/warehouses-of'
import { visibleWarehouses } from '../plugins/access'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['stock']
const transfer = { entity: 'stock_transfer', id: 'answer' } as const

/** The lines of the body: one product (product_id with amount) or `lines`, and where each line's product id came from. */
function linesOf(body: StockTransferCreate): { lines: TransferLine[]; field: (index: number) => (string | number)[] } {
  const single = body.product_id !== undefined || body.amount !== undefined
  if (single && body.lines !== undefined) throw Invalid.rule(['body', 'lines'], 'transfer_lines_and_product')
  if (body.lines !== undefined) return { lines: body.lines, field: linesField }
  if (!single) throw Invalid.rule(['body', 'lines'], 'transfer_lines_missing', {}, 'missing')
  if (body.product_id === undefined) throw Invalid.field(['body', 'product_id'], 'Field required', 'missing')
  if (body.amount === undefined) throw Invalid.field(['body', 'amount'], 'Field required', 'missing')
  return { lines: [{ product_id: body.product_id, amount: body.amount }], field: () => ['body', 'product_id'] }
}

const noteOf = (note: string | null | undefined) => (note?.trim() ? note.trim() : null)

const plugin: RoutePlugin = async (app) => {
  app.post(
    '/stock_transfers/',
    {
      schema: {
        tags,
        description:
          'Moves stock between two locations: per product a mutation of -amount at the source and +amount at the destination, ' +
          'all in one transaction. 409 INSUFFICIENT_STOCK when the source would go below zero, unless allow_negative is true.',
        body: StockTransferCreate,
        response: { 201: StockTransfer },
      },
      config: {
        access: { permission: 'stock.transfer', in: warehousesOfLocations('body', 'from_location_id', 'to_location_id') },
        audit: transfer,
      },
    },
    async (request, reply) => {
      const { body, user } = request
      const { lines, field } = linesOf(body)
      return reply.commit(201, (trx) =>
        bookTransfer(
          trx,
          {
            from_location_id: body.from_location_id,
            to_location_id: body.to_location_id,
            lines,
            note: noteOf(body.note),
            allow_negative: body.allow_negative ?? false,
            user,
          },
          field,
        ),
      )
    },
  )

  app.get(
    '/stock_transfers/',
    {
      schema: {
        tags,
        description: 'Transfers, newest first; x-total-count holds the count of all that match.',
        querystring: StockTransferListQuery,
        response: { 200: Type.Array(StockTransfer) },
      },
      config: { access: 'stock.read' },
    },
    async (request, reply) => {
      const { items, total } = await listTransfers(app.db, request.query, visibleWarehouses(request))
      withTotalCount(reply, total)
      return items
    },
  )

  app.get(
    '/stock_transfers/:id',
    { schema: { tags, params: IdParams, response: { 200: StockTransfer } }, config: { access: 'stock.read' } },
    (request) => findTransfer(app.db, request.params.id, visibleWarehouses(request)),
  )

  app.post(
    '/stock_transfers/:id/reverse',
    {
      schema: {
        tags,
        description: 'Books the way back of a transfer as a new transfer (once); answers the new transfer.',
        params: IdParams,
        body: StockTransferReverse,
        response: { 201: StockTransfer },
      },
      config: {
        access: { permission: 'stock.transfer', needs: reversingTransfer },
        audit: { ...transfer, context: { reverses_id: 'id' } },
      },
      // a reversal needs nothing more than its path
      preValidation: async (request) => {
        request.body ??= {}
      },
    },
    async (request, reply) => {
      const { body, user, params } = request
      return reply.commit(201, (trx) =>
        reverseTransfer(trx, params.id, { note: noteOf(body.note), allow_negative: body.allow_negative ?? false, user }),
      )
    },
  )

  app.get(
    '/stock_levels/',
    {
      schema: {
        tags,
        description: 'What a location holds (amounts other than 0), by product; at most 1000 products.',
        querystring: LocationStockQuery,
        response: { 200: Type.Array(LocationStockItem) },
      },
      config: { access: { permission: 'stock.read', in: warehousesOfLocations('query', 'location_id') } },
    },
    async (request) => locationStock(app.db, request.query.location_id, request.query.product_id),
  )
}

export default plugin
