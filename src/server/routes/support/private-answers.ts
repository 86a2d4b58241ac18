// Answers that carry a token or a person's data are kept by no cache, the browser's included.
import type { FastifyInstance } from 'fastify'

/** Adds `Cache-Control: no-store` to every answer of the routes of `app` (a route plugin), errors included. */
export function keepAnswersPrivate(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store')
    return payload
  })
}
