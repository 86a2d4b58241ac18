// The stock history of a product: its level at the end of each day, per warehouse and in total.
import { IdParams, StockHistory, StockHistoryQuery } from '../../contract'
import { stockHistory } from '../domain/stock-history'
import { visibleWarehouses } from '../plugins/access'
import type { RoutePlugin } from './support/route-plugin'

const plugin: RoutePlugin = async (app) => {
  app.get(
    '/products/:id/stock_history',
    {
      schema: {
        tags: ['stock'],
        description: 'The level at the end of each day (UTC) from `from` to `to`, per warehouse and in total, from the ledger.',
        params: IdParams,
        querystring: StockHistoryQuery,
        response: { 200: StockHistory },
      },
      config: { access: 'stock.read' },
    },
    (request) => stockHistory(app.database, request.params.id, request.query, visibleWarehouses(request)),
  )
}

export default plugin
