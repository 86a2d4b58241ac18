// Whether the server and its database answer; for load balancers, without signing in.
import { sql } from 'kysely'
import Type from 'typebox'
import type { RoutePlugin } from './support/route-plugin'

const Health = Type.Object({ status: Type.String(), database: Type.String() })

const plugin: RoutePlugin = async (app) => {
  app.get(
    '/health',
    { config: { auth: 'public' }, schema: { tags: ['health'], response: { 200: Health, 503: Health } } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db)
        return { status: 'ok', database: 'ok' }
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable')
        return reply.code(503).send({ status: 'degraded', database: 'unavailable' })
      }
    },
  )
}

export default plugin
