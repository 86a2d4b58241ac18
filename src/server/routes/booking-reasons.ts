// Booking reasons: everyone who books reads them; administrators add, rename and retire them.
import Type from 'typebox'
import { BookingReason, BookingReasonCreate, BookingReasonUpdate, IdParams } from '../../contract'
import { createReason, listReasons, updateReason } from '../domain/booking-reasons'
import { withTotalCount } from './support/lists'
import type { RoutePlugin } from './support/route-plugin'

const plugin: RoutePlugin = async (app) => {
  const tags = ['stock']
  const audit = { entity: 'booking_reason' as const }

  app.get(
    '/booking_reasons/',
    {
      schema: {
        tags,
        description: 'Every booking reason, the active ones first; a retired one stays on the bookings made with it.',
        response: { 200: Type.Array(BookingReason) },
      },
      config: { access: 'stock.read' },
    },
    async (_request, reply) => {
      const reasons = await listReasons(app.db)
      withTotalCount(reply, reasons.length)
      return reasons
    },
  )

  app.post(
    '/booking_reasons/',
    {
      schema: {
        tags,
        description: 'Adds a booking reason, named in English and Dutch.',
        body: BookingReasonCreate,
        response: { 201: BookingReason },
      },
      config: { access: 'administer', audit: { ...audit, id: 'answer' } },
    },
    async (request, reply) => reply.commit(201, (trx) => createReason(trx, request.body)),
  )

  app.patch(
    '/booking_reasons/:id',
    {
      schema: {
        tags,
        description: 'Renames a booking reason, or retires it (active: false) so that it is no longer offered.',
        params: IdParams,
        body: BookingReasonUpdate,
        response: { 200: BookingReason },
      },
      config: { access: 'administer', audit: { ...audit, id: { param: 'id' }, before: { table: 'booking_reasons', param: 'id' } } },
    },
    async (request, reply) => reply.commit(200, (trx) => updateReason(trx, request.params.id, request.body)),
  )
}

export default plugin
