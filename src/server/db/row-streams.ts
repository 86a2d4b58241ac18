// The worker threads that read an export's rows from the SQLite file (workers/row-stream-worker.ts), each with a
// read-only connection of its own, so a long export holds up nobody; domain/exports/row-stream.ts streams through them.
import Piscina from 'piscina'
import { workerExecArgv } from './read-workers'

export const BATCH_ROWS = 1000
/** What a worker sends back over the task's port. */
export type RowStreamMessage<Row = Record<string, unknown>> =
  { rows: Row[] } | { done: true } | { error: { message: string; code?: string } }

export interface RowStreamWorkers {
  pool(): Piscina
  close(): Promise<void>
}

/** Threads for exports of the SQLite file, started with the first export; two exports read at once, more wait. */
export function rowStreamWorkers(file: string): RowStreamWorkers {
  let pool: Piscina | undefined
  return {
    pool: () =>
      (pool ??= new Piscina({
        filename: new URL('../workers/row-stream-worker.ts', import.meta.url).href,
        minThreads: 0,
        maxThreads: 2,
        idleTimeout: 60_000,
        workerData: { file },
        execArgv: workerExecArgv(),
        niceIncrement: 5,
        // a batch or two of rows at a time, never the whole list
        resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
      })),
    async close() {
      await pool?.destroy()
    },
  }
}
