// Preloaded into the benchmarked server (node --import): adds GET /api/bench/constant, a route that answers a constant
// through the same hooks as every API route (the bearer token and its session are checked), the ceiling of a route.
import diagnostics from 'node:diagnostics_channel'
import type { FastifyInstance } from 'fastify'

const ANSWER = { status: 'ok' }

diagnostics.subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance }
  void fastify.register((app, _options, done) => {
    app.get('/api/bench/constant', { schema: { hide: true } }, () => ANSWER)
    done()
  })
})
