// Purchase orders: made by a buyer (by hand or from the reorder report), sent, received by the clerks of the order's
// warehouse in receipts (each booked through the ledger), a receipt reversed, and the order cancelled or closed short.
import type { FastifyRequest } from 'fastify'
import Type from 'typebox'
import {
  IdParams,
  MAX_PURCHASE_ORDER_LINES,
  PurchaseOrder,
  PurchaseOrderCreate,
  PurchaseOrderListQuery,
  PurchaseOrderPdfQuery,
  PurchaseOrderSent,
  PurchaseOrdersFromReorder,
  PurchaseOrdersMade,
  PurchaseOrderSummary,
  PurchaseOrderUpdate,
  PurchaseReceipt,
  PurchaseReceiptCreate,
  PurchaseReceiptParams,
} from '../../contract'
import { holds } from '../../contract/roles'
import { now } from '../db/clock'
import { createOrder, endOrder, findOrder, listOrders, ordersFromReorder, sendOrder, updateOrder } from '../domain/purchasing/orders'
import type { Mail } from '../domain/account-mail'
import { orderMail, paperOf, purchaseOrderPdf } from '../domain/purchasing/pdf'
import { listReceipts, receive, reverseReceipt } from '../domain/purchasing/receipts'
import { visibleWarehouses } from '../plugins/access'
import { withTotalCount } from './support/lists'
import { purchaseOrderWarehouse, readingPurchaseOrder } from './support/warehouses-of'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['purchase orders']
const order = { entity: 'purchase_order', id: { param: 'id' }, action: 'update' } as const
const reading = { permission: 'catalogue.read', needs: readingPurchaseOrder } as const
const receiving = { permission: 'stock.receive', in: purchaseOrderWarehouse } as const

/** A buyer sees every order; anyone else those of the warehouses whose stock they may see. */
const ordersSeenBy = (request: FastifyRequest) => (holds(request.permissions, 'orders.purchase') ? 'all' : visibleWarehouses(request))

const plugin: RoutePlugin = async (app, { companyName }) => {
  app.post(
    '/purchase_orders/',
    {
      schema: {
        tags,
        description:
          'Makes a draft order to a supplier (an organization that supplies) for a warehouse, numbered PO-<year>-<n>. A line’s price ' +
          'and currency default to the product’s supplier info; a product is on an order at most once.',
        body: PurchaseOrderCreate,
        response: { 201: PurchaseOrder },
      },
      config: { access: 'orders.purchase', audit: { entity: 'purchase_order', id: 'answer' } },
    },
    async (request, reply) => reply.commit(201, (trx) => createOrder(trx, request.body, request.user)),
  )

  app.post(
    '/purchase_orders/from_reorder',
    {
      schema: {
        tags,
        description:
          'Makes drafts per supplier and warehouse from the reorder report: a line per product below its minimum, ordering ' +
          `max_stock − on_hand − incoming raised to the minimum order quantity and up to whole packs, at most ${MAX_PURCHASE_ORDER_LINES.toLocaleString('en')} lines a draft ` +
          '(more go on further drafts); none for a product on a draft for that warehouse already, and none at all when nothing is short.',
        body: PurchaseOrdersFromReorder,
        response: { 201: PurchaseOrdersMade },
      },
      config: { access: 'orders.purchase', audit: { entity: 'work', id: 'answer', mayChangeNothing: true } },
    },
    async (request, reply) =>
      reply.commit(201, async (trx) => {
        const made = await ordersFromReorder(trx, request.body, request.user)
        if (made.length === 0) return { purchase_orders: [] }
        const [first, ...others] = made
        const entry = (id: number) => ({ from_reorder: true, purchase_order_id: id, ...request.body })
        request.audited = {
          entity: 'purchase_order',
          id: first.id,
          action: 'create',
          changes: entry(first.id),
          parts: others.map((made) => ({
            created_at: now(),
            user_id: request.user.id,
            username: request.user.username,
            action: 'create' as const,
            entity_type: 'purchase_order' as const,
            entity_id: made.id,
            changes: JSON.stringify(entry(made.id)),
            request_id: String(request.id),
          })),
        }
        return { purchase_orders: made }
      }),
  )

  app.get(
    '/purchase_orders/',
    {
      schema: {
        tags,
        description: 'Orders, newest first, filtered by supplier, warehouse, status (repeat it), product or a part of the number or note.',
        querystring: PurchaseOrderListQuery,
        response: { 200: Type.Array(PurchaseOrderSummary) },
      },
      config: { access: 'catalogue.read' },
    },
    async (request, reply) => {
      const { items, total } = await listOrders(app.db, request.query, ordersSeenBy(request))
      withTotalCount(reply, total)
      return items
    },
  )

  app.get(
    '/purchase_orders/:id',
    {
      schema: { tags, description: 'An order with its lines.', params: IdParams, response: { 200: PurchaseOrder } },
      config: { access: reading },
    },
    (request) => findOrder(app.db, request.params.id),
  )

  app.patch(
    '/purchase_orders/:id',
    {
      schema: {
        tags,
        description:
          'Changes the expected date, the note and the lines. A draft’s lines are replaced (kept lines carry their id, one left out ' +
          'is removed); once sent only the quantities change, never below what was received (409 BELOW_RECEIVED).',
        params: IdParams,
        body: PurchaseOrderUpdate,
        response: { 200: PurchaseOrder },
      },
      config: { access: 'orders.purchase', audit: order },
    },
    async (request, reply) => reply.commit(200, (trx) => updateOrder(trx, request.params.id, request.body)),
  )

  app.get(
    '/purchase_orders/:id/pdf',
    {
      schema: {
        tags,
        description:
          'The order as the supplier reads it (A4 PDF): our company, the delivery address of the warehouse, the supplier’s article ' +
          'numbers beside ours, and the order number as a Code 128 barcode; in the supplier’s language unless lang says otherwise.',
        params: IdParams,
        querystring: PurchaseOrderPdfQuery,
        response: { 200: Type.Unknown({ description: 'application/pdf' }) },
      },
      config: { access: reading },
    },
    async (request, reply) => {
      const order = await findOrder(app.db, request.params.id)
      const pdf = await purchaseOrderPdf(order, await paperOf(app.db, order, companyName, request.query.lang))
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${order.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf)
    },
  )

  app.post(
    '/purchase_orders/:id/send',
    {
      schema: {
        tags,
        description:
          'Moves a draft to sent (its open quantities become incoming in its warehouse) and mails its PDF to the supplier’s e-mail ' +
          'address in their language, after the answer; mailed_to says where, or is null when the supplier has none. A move its ' +
          'status does not allow answers 409 INVALID_STATUS naming the status.',
        params: IdParams,
        response: { 200: PurchaseOrderSent },
      },
      config: { access: 'orders.purchase', audit: { ...order, set: { status: 'sent' } } },
    },
    async (request, reply) => {
      let mailing: (() => Promise<Mail>) | undefined
      await reply.commit(200, async (trx) => {
        const sent = await sendOrder(trx, request.params.id)
        const supplier = await trx.selectFrom('organizations').select('email').where('id', '=', sent.supplier_id).executeTakeFirstOrThrow()
        // read in the transaction, from what it sent; drawn after the answer: a 1,000-line PDF held the write half a second
        if (supplier.email !== null) {
          const [to, paper] = [supplier.email, await paperOf(trx, sent, companyName)]
          mailing = () => orderMail(to, sent, paper)
        }
        return { ...sent, mailed_to: supplier.email }
      })
      const prepared = mailing
      if (prepared) app.mailer.later('mailing a purchase order', async () => app.mailer.send(await prepared(), request.log), request.log)
      return reply
    },
  )

  for (const [step, status, work, description] of [
    ['cancel', 'cancelled', (trx, id) => endOrder(trx, id, 'cancelled'), 'Cancels a draft, or a sent order nothing came for yet.'],
    ['close', 'closed', (trx, id) => endOrder(trx, id, 'closed'), 'Closes a sent order short: what is open stays unreceived.'],
  ] as const satisfies readonly [string, string, typeof sendOrder, string][]) {
    app.post(
      `/purchase_orders/:id/${step}`,
      {
        schema: {
          tags,
          description: `${description} A move its status does not allow answers 409 INVALID_STATUS naming the status.`,
          params: IdParams,
          response: { 200: PurchaseOrder },
        },
        config: { access: 'orders.purchase', audit: { ...order, set: { status } } },
      },
      async (request, reply) => reply.commit(200, (trx) => work(trx, request.params.id)),
    )
  }

  app.get(
    '/purchase_orders/:id/receipts',
    {
      schema: {
        tags,
        description: 'The receipts of an order, oldest first.',
        params: IdParams,
        response: { 200: Type.Array(PurchaseReceipt) },
      },
      config: { access: reading },
    },
    (request) => listReceipts(app.db, request.params.id),
  )

  app.post(
    '/purchase_orders/:id/receipts',
    {
      schema: {
        tags,
        description:
          'Books what came, in one transaction: a mutation per line (source receipt) at a location of the order’s warehouse, adding to ' +
          'received, taking it off incoming and moving the status. More than is open on a line answers 409 OVER_RECEIPT unless ' +
          'allow_over_receipt.',
        params: IdParams,
        body: PurchaseReceiptCreate,
        response: { 201: PurchaseReceipt },
      },
      config: { access: receiving, audit: { ...order, answerAs: 'receipt_id', set: { step: 'receipt' } } },
    },
    async (request, reply) => reply.commit(201, (trx) => receive(trx, request.params.id, request.body, request.user)),
  )

  app.post(
    '/purchase_orders/:id/receipts/:receipt_id/reverse',
    {
      schema: {
        tags,
        description:
          'Takes a receipt back: books the opposite of each line (source undo), lowers received and puts it back on incoming; once ' +
          '(again: 409 UNDO_ALREADY), and not once a later mutation rests on its units (409 UNDO_CHANGED_SINCE).',
        params: PurchaseReceiptParams,
        response: { 200: PurchaseReceipt },
      },
      config: {
        access: receiving,
        audit: { ...order, action: 'update', context: { receipt_id: 'receipt_id' }, set: { step: 'receipt_reversed' } },
      },
    },
    async (request, reply) => reply.commit(200, (trx) => reverseReceipt(trx, request.params.id, request.params.receipt_id, request.user)),
  )
}

export default plugin
