// Stock counts: open, count (by line or by scan), submit, apply once, or cancel.
import Type from 'typebox'
import {
  Approval,
  IdParams,
  StockCount,
  StockCountCreate,
  StockCountLine,
  StockCountLineCreate,
  StockCountLineParams,
  StockCountLineUpdate,
  StockCountListQuery,
  StockCountScan,
  StockCountSummary,
} from '../../contract'
import {
  addLine,
  applyCount,
  cancelCount,
  findCount,
  listCounts,
  openCount,
  reverseCount,
  scan,
  setCounted,
  submitCount,
} from '../domain/counts'
import { withTotalCount } from './support/lists'
import { bodyWarehouse, countWarehouse } from './support/warehouses-of'
import { visibleWarehouses } from '../plugins/access'
import { holdCountApplication } from '../domain/approvals'
import { heldForApproval, requesterOf } from './support/approvals'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['stock counts']
const count = { entity: 'stock_count', id: { param: 'id' }, action: 'update' } as const
const counting = { permission: 'stock.count', in: countWarehouse } as const

const plugin: RoutePlugin = async (app) => {
  app.post(
    '/stock_counts/',
    {
      schema: {
        tags,
        description:
          'Opens a count of the locations named (all of the warehouse when none are) with a line per product that has stock there.',
        body: StockCountCreate,
        response: { 201: StockCount },
      },
      config: { access: { permission: 'stock.count', in: bodyWarehouse }, audit: { entity: 'stock_count', id: 'answer' } },
    },
    async (request, reply) => reply.commit(201, (trx) => openCount(trx, request.body, request.user)),
  )

  app.get(
    '/stock_counts/',
    {
      schema: {
        tags,
        description: 'Counts, newest first; x-total-count holds the count of all that match.',
        querystring: StockCountListQuery,
        response: { 200: Type.Array(StockCountSummary) },
      },
      config: { access: 'stock.read' },
    },
    async (request, reply) => {
      const { items, total } = await listCounts(app.db, request.query, visibleWarehouses(request))
      withTotalCount(reply, total)
      return items
    },
  )

  app.get(
    '/stock_counts/:id',
    {
      schema: {
        tags,
        description: 'A count with its lines; while a blind count is open its expected amounts and differences are null.',
        params: IdParams,
        response: { 200: StockCount },
      },
      config: { access: { permission: 'stock.read', in: countWarehouse } },
    },
    (request) => findCount(app.db, request.params.id),
  )

  app.patch(
    '/stock_counts/:id/lines/:line_id',
    {
      schema: {
        tags,
        description: 'Sets what was counted on a line (null clears it); the line keeps the level it expected at this moment.',
        params: StockCountLineParams,
        body: StockCountLineUpdate,
        response: { 200: StockCountLine },
      },
      config: { access: counting, audit: { ...count, context: { line_id: 'line_id' } } },
    },
    async (request, reply) => reply.commit(200, (trx) => setCounted(trx, request.params.id, request.params.line_id, request.body.counted)),
  )

  app.post(
    '/stock_counts/:id/lines',
    {
      schema: {
        tags,
        description: 'Adds a line for a product found at one of the count’s locations.',
        params: IdParams,
        body: StockCountLineCreate,
        response: { 201: StockCountLine },
      },
      config: { access: counting, audit: { ...count, answerAs: 'line_id' } },
    },
    async (request, reply) => reply.commit(201, (trx) => addLine(trx, request.params.id, request.body)),
  )

  app.post(
    '/stock_counts/:id/scan',
    {
      schema: {
        tags,
        description:
          'One scan: the line of the product with this barcode at this location gets one more; a product without a line there gets one.',
        params: IdParams,
        body: StockCountScan,
        response: { 200: StockCountLine },
      },
      config: { access: counting, audit: { ...count, answerAs: 'line_id', set: { step: 'scan' } } },
    },
    async (request, reply) => reply.commit(200, (trx) => scan(trx, request.params.id, request.body)),
  )

  for (const [step, status, work, description] of [
    ['submit', 'submitted', submitCount, 'Ends the counting: the lines no longer change and a blind count shows its expected amounts.'],
    ['cancel', 'cancelled', cancelCount, 'Cancels an open or submitted count; nothing is booked.'],
  ] as const) {
    app.post(
      `/stock_counts/:id/${step}`,
      {
        schema: { tags, description, params: IdParams, response: { 200: StockCount } },
        config: { access: counting, audit: { ...count, set: { status } } },
      },
      async (request, reply) => reply.commit(200, (trx) => work(trx, request.params.id)),
    )
  }

  app.post(
    '/stock_counts/:id/apply',
    {
      schema: {
        tags,
        description:
          'Books, in one transaction, one adjustment per counted line with a difference (counted - the level expected when counted, ' +
          'note "Count #id") and stamps last_counted_at. A count is applied once: again answers 409 COUNT_ALREADY_APPLIED. ' +
          "Differences that pass the warehouse's approval threshold are not booked: the count is submitted and 202 answers the approval.",
        params: IdParams,
        response: { 200: StockCount, 202: Approval },
      },
      config: { access: { permission: 'stock.count.apply', in: countWarehouse }, audit: { ...count, set: { status: 'applied' } } },
    },
    async (request, reply) =>
      reply.commit(200, async (trx) => {
        const held = await holdCountApplication(trx, request.params.id, requesterOf(request))
        if (held) return heldForApproval(request, held)
        return applyCount(trx, request.params.id, request.user)
      }),
  )

  app.post(
    '/stock_counts/:id/reverse',
    {
      schema: {
        tags,
        description:
          'Takes an applied count back: books the opposite of each adjustment it booked, once (again: 409 UNDO_ALREADY); ' +
          'refused with 409 UNDO_CHANGED_SINCE once a product of it has a later mutation at its location.',
        params: IdParams,
        response: { 200: StockCount },
      },
      config: { access: { permission: 'stock.count.apply', in: countWarehouse }, audit: { ...count, set: { status: 'reversed' } } },
    },
    async (request, reply) => reply.commit(200, (trx) => reverseCount(trx, request.params.id, request.user)),
  )
}

export default plugin
