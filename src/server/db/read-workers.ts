// SQLite runs a query on the thread that asks, so a slow read on the server's connection would hold every other
// request. Slow reads go instead to worker threads (piscina), each with a read-only connection of its own: WAL lets
// them read beside the writer, a read sees every commit made before it started, and writes stay on the server's
// connection. The workers start with the first slow read and run at a lower priority than the event loop.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import Piscina from 'piscina'

export interface ReadWorkers {
  run<T>(task: string, arg: unknown): Promise<T>
  /** starts the threads before the first read needs them (they take a moment to load) */
  start(): void
  close(): Promise<void>
}

/** What crosses back from a worker: structured cloning keeps an error's message but drops its driver `code`. */
export type WorkerAnswer = { value: unknown } | { error: { message: string; code?: string } }

/**
 * A worker loads TypeScript as the server does, and nothing else the server was started with (vitest's runner, the
 * benchmark's preloaded route): the parent's --import of a .ts file would fail in a worker.
 */
export const workerExecArgv = () => ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]

const READ_WORKER = new URL('../workers/read-worker.ts', import.meta.url)

/** `module` is the worker's code: read-worker.ts, or in a test one whose read can be held at will. */
export function readWorkers(file: string, threads: number, module: URL = READ_WORKER): ReadWorkers {
  let pool: Piscina | undefined
  const started = () =>
    (pool ??= new Piscina({
      filename: module.href,
      minThreads: threads,
      maxThreads: threads,
      // each worker keeps its connection, prepared statements and remembered counts: never let one go idle away
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: { file },
      execArgv: workerExecArgv(),
      // under load the event loop (answers, writes, quick reads) comes first on the shared cores
      niceIncrement: 5,
      // a read answers one page: a small heap keeps the server within its memory (issue 5: under 300 MB; with 48 MB
      // and 8 MB it peaked at 336 MB under the bench, with these 235 MB after the slowest lists)
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
    }).on('error', (error: unknown) => {
      // a worker that dies is replaced by piscina and its read fails on its own; the server goes on
      console.error('a read worker failed', error)
    }))
  return {
    async run<T>(task: string, arg: unknown): Promise<T> {
      const answer = (await started().run({ task, arg })) as WorkerAnswer
      if ('error' in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
      return answer.value as T
    },
    start: () => void started(),
    async close() {
      await pool?.destroy()
    },
  }
}
