// WAL checkpoints of a SQLite file in a helper thread. SQLite would otherwise run them inside the commit that
// crosses the threshold, copying the log into the file and syncing it while every request waits on the one
// JavaScript thread. A passive checkpoint never blocks readers or writers; the commit path only appends to the log.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

const CHECKPOINT_INTERVAL_MS = 250

// plain CommonJS evaluated in the worker, so it needs no TypeScript loader
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file)
db.pragma('busy_timeout = 5000')
const checkpoint = (mode) => { try { db.pragma('wal_checkpoint(' + mode + ')') } catch {} }
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.interval)
parentPort.on('message', () => {
  clearInterval(timer)
  checkpoint('PASSIVE')
  db.close()
  parentPort.postMessage('stopped')
})
`

export interface Checkpointer {
  /** stops checkpointing (after one last passive checkpoint); the connection that closes last checkpoints the rest */
  stop(): Promise<void>
}

export function startCheckpointer(file: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, interval: CHECKPOINT_INTERVAL_MS } })
  // a handle someone forgot to close must not keep the process alive
  worker.unref()
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  return {
    async stop() {
      const stopped = new Promise<void>((resolve) => worker.once('message', () => resolve()))
      worker.postMessage('stop')
      await Promise.race([stopped, exited])
      await worker.terminate()
    },
  }
}
