// Running an import. A dry run checks every row and answers the report. A kept import runs after the upload has
// been answered (202), in two passes over the file: first every row is checked (the report's problems; an
// all-or-nothing import stops here when any row is refused), then the rows are written in chunks, each chunk in a
// write transaction of its own that checks its rows again and writes them with their audit rows. Chunks keep
// SQLite's one connection free between them (a 100,000-row import would otherwise hold every other request), and
// let the report show progress. An all-or-nothing import that fails half-way is reverted.
import type { ImportColumn, ImportKind, ImportMode, ImportProblem, ImportReport } from '../../../contract'
import { MAX_LISTED_PROBLEMS } from '../../../contract'
import type { DatabaseHandle, DB } from '../../db'
import { now } from '../../db/clock'
import { importRepository } from '../../db/repositories/imports'
import { runWrite } from '../../db/writes'
import { checkRows, newMemory } from './check'
import { rowChunks, type FileKind } from './files'
import { revertImport } from './revert'
import { emptyTally, refusalRows, tally, writeChecked, type Actor, type ImportJob, type Tally } from './write'

/** Rows checked and written together: one transaction, and one step of the progress bar. */
const CHUNK_ROWS = 500

export interface UploadedFile {
  path: string
  kind: FileKind
  /** its first bytes (the header line of a CSV tells its delimiter) */
  head: Buffer
  name: string
}

export interface ImportPlan {
  kind: ImportKind
  mode: ImportMode
  columns: ImportColumn[]
}

/** Checks every row and tallies what an import would do; nothing is written. */
async function checkAll(
  db: DB,
  file: UploadedFile,
  plan: ImportPlan,
  onChunk?: (checked: number, refused: ReturnType<typeof refusalsOf>) => Promise<void>,
) {
  const memory = newMemory()
  const totals = emptyTally()
  const problems: ImportProblem[] = []
  let rows = 0
  for await (const chunk of rowChunks(file.path, file.kind, file.head, CHUNK_ROWS)) {
    const checked = await checkRows(db, plan.kind, plan.columns, chunk, memory)
    tally(totals, checked)
    rows += chunk.length
    for (const { problems: found } of checked) problems.push(...found.slice(0, MAX_LISTED_PROBLEMS - problems.length))
    await onChunk?.(rows, refusalsOf(checked))
  }
  return { rows, totals, problems }
}
const refusalsOf = (checked: Awaited<ReturnType<typeof checkRows>>) => checked.filter((row) => !row.planned)

/** What an import of the file would do, row by row, without doing it. */
export async function dryRun(db: DB, file: UploadedFile, plan: ImportPlan, user: Actor): Promise<ImportReport> {
  const { rows, totals, problems } = await checkAll(db, file, plan)
  const refusedAll = plan.mode === 'all_or_nothing' && totals.refused > 0
  return {
    id: null,
    kind: plan.kind,
    mode: plan.mode,
    status: refusedAll ? 'refused' : 'done',
    file_name: file.name,
    columns: plan.columns,
    rows,
    processed: rows,
    ...totals,
    problems,
    failure: null,
    user: user.username === null ? null : { id: user.id, username: user.username },
    created_at: now(),
    finished_at: now(),
    reverted_at: null,
  }
}

/** Imports still running in this process, so that a shutdown stops them between two chunks and waits for them. */
export class ImportRunner {
  private readonly running = new Set<Promise<void>>()
  private stopping = false

  constructor(private readonly handle: DatabaseHandle) {}

  /** Runs the import of the kept report `job` in the background; `done` (tests) resolves when it has ended. */
  start(job: ImportJob, file: UploadedFile, plan: ImportPlan, cleanUp: () => Promise<void>): Promise<void> {
    const run = this.run(job, file, plan).finally(cleanUp)
    this.running.add(run)
    void run.finally(() => this.running.delete(run))
    return run
  }

  /** Resolves once no import runs (tests wait for it). */
  async settled() {
    while (this.running.size > 0) await Promise.allSettled([...this.running])
  }

  /** Stops the imports between chunks and waits until each has ended. */
  async stop() {
    this.stopping = true
    await Promise.allSettled([...this.running])
  }

  private write<T>(work: Parameters<typeof runWrite<T>>[1]) {
    return runWrite(this.handle, work)
  }

  private async run(job: ImportJob, file: UploadedFile, plan: ImportPlan): Promise<void> {
    const { db } = this.handle
    let wrote = false
    try {
      const allOrNothing = plan.mode === 'all_or_nothing'
      // first pass: every row checked; an all-or-nothing import keeps the refusals it stops for
      const checked = await checkAll(db, file, plan, async (processed, refused) => {
        await this.write(async (trx) => {
          if (allOrNothing) await importRepository.insertRefusals(trx, refusalRows(job.id, job.headers, refused))
          await importRepository.update(trx, job.id, { processed })
        })
      })
      if (allOrNothing && checked.totals.refused > 0) {
        await this.write((trx) =>
          importRepository.update(trx, job.id, {
            status: 'refused',
            rows: checked.rows,
            refused: checked.totals.refused,
            finished_at: now(),
          }),
        )
        return
      }
      await this.write((trx) => importRepository.update(trx, job.id, { status: 'importing', rows: checked.rows, processed: 0 }))

      // second pass: each chunk checked again and written in one transaction
      const memory = newMemory()
      const totals: Tally = emptyTally()
      let processed = 0
      for await (const chunk of rowChunks(file.path, file.kind, file.head, CHUNK_ROWS)) {
        if (this.stopping) throw new Error('The server stopped while the import ran.')
        await this.write(async (trx) => {
          const rows = await checkRows(trx, plan.kind, plan.columns, chunk, memory)
          if (allOrNothing && rows.some((row) => !row.planned))
            throw new Error(
              `Row ${rows.find((row) => !row.planned)!.row.number} changed its meaning while the import ran; nothing is imported.`,
            )
          const written = await writeChecked(trx, job, rows)
          wrote = true
          processed += chunk.length
          for (const key of Object.keys(totals) as (keyof Tally)[]) totals[key] += written[key]
          await importRepository.update(trx, job.id, { processed, ...totals })
        })
      }
      await this.write((trx) => importRepository.update(trx, job.id, { status: 'done', finished_at: now() }))
    } catch (error) {
      let failure = (error as { message?: string }).message ?? String(error)
      // all or nothing: what was written is taken back
      if (plan.mode === 'all_or_nothing' && wrote)
        await this.write((trx) => revertImport(trx, job.id, job.actor, { failing: true })).catch((revertError: unknown) => {
          failure += ` Taking back what was written failed too: ${(revertError as Error).message}`
        })
      // when the database itself is away, the report stays as it was
      await this.write((trx) => importRepository.update(trx, job.id, { status: 'failed', failure, finished_at: now() })).catch(() => {})
    }
  }
}

const runners = new WeakMap<DatabaseHandle, ImportRunner>()
/** The runner of the imports on a database, one per server (tests wait for it: importRunnerOf(database).settled()). */
export function importRunnerOf(handle: DatabaseHandle): ImportRunner {
  let runner = runners.get(handle)
  if (!runner) runners.set(handle, (runner = new ImportRunner(handle)))
  return runner
}
