// One worker thread of db/row-streams.ts (above the domain, whose export sources it reads): a read-only connection to the SQLite file, and the export sources it reads.
// Rows go back in batches over the task's port; the next batch is read once the server asks for it ('more').
import type { MessagePort } from 'node:worker_threads'
import { workerData } from 'piscina'
import { exportSources, type ExportSourceName, type Row } from '../domain/exports/sources'
import { openSqliteReader } from '../db'
import { BATCH_ROWS, type RowStreamMessage } from '../db/row-streams'

const reader = openSqliteReader((workerData as { file: string }).file)

export default async function run({ source, params, port }: { source: ExportSourceName; params: never; port: MessagePort }) {
  // the server's demand: each 'more' makes room for one batch; 'stop' (or a closed port) ends the read
  let wanted = 1
  let stopped = false
  let wake: (() => void) | undefined
  const changed = () => {
    wake?.()
    wake = undefined
  }
  port.on('message', (message: 'more' | 'stop') => {
    if (message === 'stop') stopped = true
    else wanted += 1
    changed()
  })
  port.on('close', () => {
    stopped = true
    changed()
  })
  const post = (message: RowStreamMessage) => port.postMessage(message)
  /** sends a batch once the server wants one; false when it stopped */
  const send = async (rows: Row[]) => {
    while (wanted === 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve))
    if (stopped) return false
    wanted -= 1
    post({ rows })
    return true
  }
  try {
    let batch: Row[] = []
    for await (const row of exportSources[source].rows(reader, params)) {
      batch.push(row)
      if (batch.length < BATCH_ROWS) continue
      if (!(await send(batch))) return
      batch = []
    }
    if (batch.length > 0 && !(await send(batch))) return
    post({ done: true })
  } catch (error) {
    const e = error as { message?: string; code?: string }
    post({ error: { message: e.message ?? String(error), code: e.code } })
  } finally {
    port.close()
  }
}
