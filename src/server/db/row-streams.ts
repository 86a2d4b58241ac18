// Exports read every row of a list, which at a million products takes a while, and must hold up nobody. On SQLite
// the rows are read on a worker thread with a read-only connection of its own (WAL lets it read beside the writer,
// and a sort SQLite has to do holds no event loop); on PostgreSQL through a cursor, in a read-only transaction on
// the slow reads' share of the pool. Either way they arrive in batches, two at most in memory at a time.
import { MessageChannel } from 'node:worker_threads'
import Piscina from 'piscina'
import { sql } from 'kysely'
import type { DatabaseHandle } from './index'
import { Handover } from './handover'
import { workerExecArgv } from './read-workers'
import { exportSources, type ExportParams, type ExportSourceName, type Row } from '../domain/exports/sources'

export const BATCH_ROWS = 1000
/** What a worker sends back over the task's port. */
export type RowStreamMessage = { rows: Row[] } | { done: true } | { error: { message: string; code?: string } }

/** An export may read for minutes; PostgreSQL stops it only after this (the slow reads' 10 s would cut it off). */
const EXPORT_STATEMENT_TIMEOUT = '10min'

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
        filename: new URL('./row-stream-worker.ts', import.meta.url).href,
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

type Source<Name extends ExportSourceName> = { name: Name; params: ExportParams<Name> }

async function* fromWorker<Name extends ExportSourceName>(pool: Piscina, { name, params }: Source<Name>): AsyncGenerator<Row[]> {
  const { port1, port2 } = new MessageChannel()
  const arrived: RowStreamMessage[] = []
  let failure: { error: unknown } | undefined
  let wake: (() => void) | undefined
  const changed = () => {
    wake?.()
    wake = undefined
  }
  port1.on('message', (message: RowStreamMessage) => {
    arrived.push(message)
    changed()
  })
  const task = pool.run({ source: name, params, port: port2 }, { transferList: [port2] }).catch((error: unknown) => {
    failure = { error }
    changed()
  })
  try {
    for (;;) {
      while (arrived.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve))
      const message = arrived.shift()
      if (!message) throw failure!.error
      if ('error' in message) throw Object.assign(new Error(message.error.message), { code: message.error.code })
      if ('done' in message) return
      // the worker reads the next batch while this one is written
      port1.postMessage('more')
      yield message.rows
    }
  } finally {
    port1.postMessage('stop')
    port1.close()
    await task
  }
}

async function* fromPostgres<Name extends ExportSourceName>(handle: DatabaseHandle, { name, params }: Source<Name>): AsyncGenerator<Row[]> {
  const handover = new Handover<Row[]>()
  const { db } = handle.slowReads.database
  // one snapshot for the whole file: rows changed while it is written do not appear twice or go missing
  const reading = db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx)
      await sql`set local statement_timeout = ${sql.lit(EXPORT_STATEMENT_TIMEOUT)}`.execute(trx)
      let batch: Row[] = []
      for await (const row of exportSources[name].rows({ db: trx, dialect: 'postgres' }, params as never)) {
        batch.push(row)
        if (batch.length < BATCH_ROWS) continue
        if (!(await handover.put(batch))) return
        batch = []
      }
      if (batch.length > 0) await handover.put(batch)
    })
    .then(
      () => handover.end(),
      (error: unknown) => handover.fail(error),
    )
  try {
    yield* handover
  } finally {
    handover.cancel()
    await reading
  }
}

async function* onTheConnection<Name extends ExportSourceName>(handle: DatabaseHandle, { name, params }: Source<Name>) {
  let batch: Row[] = []
  for await (const row of exportSources[name].rows(handle.slowReads.database, params as never)) {
    batch.push(row)
    if (batch.length < BATCH_ROWS) continue
    yield batch
    batch = []
  }
  if (batch.length > 0) yield batch
}

/** Reads the first item before answering, so a read that fails at once (the database away) fails here. */
async function primed<T>(items: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await items.next()
  return (async function* () {
    try {
      if (first.done) return
      yield first.value
      for (;;) {
        const next = await items.next()
        if (next.done) return
        yield next.value
      }
    } finally {
      await items.return(undefined)
    }
  })()
}

/** The rows of an export source in batches, read where they hold up no other request (see the top of this file). */
export function openRowStream<Name extends ExportSourceName>(
  handle: DatabaseHandle,
  name: Name,
  params: ExportParams<Name>,
): Promise<AsyncGenerator<Row[]>> {
  const source = { name, params }
  if (handle.slowReads.rowStreams) return primed(fromWorker(handle.slowReads.rowStreams.pool(), source))
  if (handle.dialect === 'postgres') return primed(fromPostgres(handle, source))
  return primed(onTheConnection(handle, source))
}
