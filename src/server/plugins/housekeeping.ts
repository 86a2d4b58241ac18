// Runs domain/housekeeping.ts every `everyMs` on a timer that keeps no process alive and stops when the app closes.
// Several servers on one database each sweep; deleting what another already deleted costs nothing.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { deleteExpired } from '../domain/housekeeping'

export const SWEEP_EVERY_MS = 10 * 60 * 1000

declare module 'fastify' {
  interface FastifyInstance {
    /** the sweep's timer (tests look at it) */
    housekeepingTimer: NodeJS.Timeout
  }
}

export default fp(async function housekeeping(app: FastifyInstance, options: { everyMs?: number }) {
  let running: Promise<void> | undefined
  const sweep = () => {
    running ??= deleteExpired(app.db)
      .then((swept) => {
        if (Object.values(swept).some((n) => n > 0)) app.log.info({ swept }, 'expired sessions, tokens, counters and keys deleted')
      })
      .catch((err: unknown) => app.log.warn({ err }, 'deleting expired rows failed; trying again later'))
      .finally(() => (running = undefined))
  }
  const timer = setInterval(sweep, options.everyMs ?? SWEEP_EVERY_MS).unref()
  app.decorate('housekeepingTimer', timer)
  // before the database closes: no new sweep, and the one under way finishes
  app.addHook('preClose', async () => {
    clearInterval(timer)
    await running
  })
})
