// Exports read every row of a list, which at a million products takes a while, and must hold up nobody. On SQLite
// the rows are read on a worker thread with a read-only connection of its own (db/row-streams.ts starts them; WAL
// lets it read beside the writer); on PostgreSQL through a cursor, in a read-only transaction on the slow reads'
// share of the pool. Either way they arrive in batches, two at most in memory at a time.
import { MessageChannel } from 'node:worker_threads'
import type Piscina from 'piscina'
import { sql } from 'kysely'
import type { DatabaseHandle } from '../../db'
import { Handover } from '../../db/handover'
import { BATCH_ROWS, type RowStreamMessage } from '../../db/row-streams'
import { exportSources, type ExportParams, type ExportSourceName, type Row } from './sources'

/** An export may read for minutes; PostgreSQL stops it only after this (the slow reads' 10 s would cut it off). */
const EXPORT_STATEMENT_TIMEOUT = '10min'

type Source<Name extends ExportSourceName> = { name: Name; params: ExportParams<Name> }

async function* fromWorker<Name extends ExportSourceName>(pool: Piscina, { name, params }: Source<Name>): AsyncGenerator<Row[]> {
  const { port1, port2 } = new MessageChannel()
  const arrived: RowStreamMessage<Row>[] = []
  let failure: { error: unknown } | undefined
  let wake: (() => void) | undefined
  const changed = () => {
    wake?.()
    wake = undefined
  }
  port1.on('message', (message: RowStreamMessage<Row>) => {
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
