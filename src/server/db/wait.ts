// At start the database may not be up yet (PostgreSQL starting next to us, a restore holding the SQLite file):
// retry for DATABASE_WAIT seconds, then stop with a sentence that says what was tried and why it failed.
import { setTimeout as delay } from 'node:timers/promises'
import { sql } from 'kysely'
import type { DatabaseHandle } from './index'
import { isUnavailable } from './errors'
import { codeOf, messageOf } from './errors'

export class DatabaseUnreachableError extends Error {}

/** The database URL without its password, for messages. */
export function describeDatabaseUrl(url: string): string {
  if (url.startsWith('sqlite:')) return url
  const parsed = new URL(url)
  parsed.password = ''
  return parsed.toString()
}

const reason = (error: unknown) => [codeOf(error), messageOf(error)].filter(Boolean).join(': ') || String(error)

export async function waitForDatabase(
  database: DatabaseHandle,
  url: string,
  waitSeconds: number,
  warn: (message: string) => void,
): Promise<void> {
  const deadline = Date.now() + waitSeconds * 1000
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(database.db)
      return
    } catch (error) {
      // a wrong password or a missing database will not mend by waiting
      if (!isUnavailable(error)) throw new DatabaseUnreachableError(`Cannot use the database ${describeDatabaseUrl(url)}: ${reason(error)}`)
      const left = deadline - Date.now()
      if (left <= 0)
        throw new DatabaseUnreachableError(
          `Cannot reach the database ${describeDatabaseUrl(url)} (${reason(error)}), waited ${waitSeconds} s. ` +
            'Is it running and reachable from here? DATABASE_WAIT sets how long to wait at start.',
        )
      const pause = Math.min(1000 * Math.min(attempt, 5), left)
      warn(
        `The database ${describeDatabaseUrl(url)} is not reachable yet (${reason(error)}); trying again in ${Math.ceil(pause / 1000)} s.`,
      )
      await delay(pause)
    }
  }
}
