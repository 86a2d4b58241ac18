// Makes the database available to routes as app.db / app.dialect, and closes it with the app.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { DB, DatabaseHandle, Dialect } from '../db'

declare module 'fastify' {
  interface FastifyInstance {
    db: DB
    dialect: Dialect
    database: DatabaseHandle
  }
}

export default fp(async function db(app: FastifyInstance, options: { database: DatabaseHandle; closeWithApp: boolean }) {
  app.decorate('db', options.database.db)
  app.decorate('dialect', options.database.dialect)
  app.decorate('database', options.database)
  if (options.closeWithApp) app.addHook('onClose', async () => options.database.close())
})
