// Running an import. A dry run checks every row and answers the report. A kept import runs after the upload has
// been answered (202), in two passes over the file: first every row is checked (the report's problems; an
// all-or-nothing import stops here when any row is refused), then the rows are written in chunks, each chunk in a
// write transaction of its own that checks its rows again and writes them with their audit rows. Chunks keep
// SQLite's one connection free between them (a 100,000-row import would otherwise hold every other request), and
// let the report show progress. An import that fails half-way, or that the server stops under, ends as failed
// (recover.ts): an all-or-nothing one taking back what it wrote; one that a crash interrupts is ended by a later start.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import type { ImportColumn, ImportKind, ImportMode, ImportProblem, ImportReport } from '../../../contract'
import { holds, permissionsOf, type PermissionGrant } from '../../../contract/roles'
import { MAX_CHECKED_ROWS, MAX_LISTED_PROBLEMS } from '../../../contract'
import type { DatabaseHandle, DB } from '../../db'
import { now } from '../../db/clock'
import { auditRepository } from '../../db/repositories/audit'
import { importRepository, type ImportRow } from '../../db/repositories/imports'
import { runWrite, type Trx } from '../../db/writes'
import { checkRows, newMemory } from './check'
import { firstBytesOf, readHeader, rowChunks, sniff, type FileKind } from './files'
import { addAdjustment, holdImport, type Adjustments } from '../approvals'
import { Conflict } from '../errors'
import { rolesOf } from '../roles'

const userOf = (db: DB, id: number) => db.selectFrom('users').select(['id', 'is_superuser']).where('id', '=', id).executeTakeFirst()
import { endAbandoned, failRunning, interruption, removeLeftUploads, type Failure } from './recover'
import { emptyTally, refusalRows, takeImportTurn, tally, writeChecked, type Actor, type ImportJob, type Tally } from './write'

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

/** In which warehouses the one importing may book: where they hold stock.book (no permissions given: every one). */
const bookingRightsOf = (permissions: readonly PermissionGrant[] | undefined) =>
  permissions && ((warehouseId: number) => holds(permissions, 'stock.book', warehouseId))

/**
 * Checks the rows (every one, or the first `upTo`) and tallies what an import would do, and what its bookings move
 * per warehouse; nothing is written. `moreRows` tells that the file goes on past `upTo`.
 */
async function checkAll(
  db: DB,
  file: UploadedFile,
  plan: ImportPlan,
  permissions: readonly PermissionGrant[] | undefined,
  { upTo = Infinity, onChunk }: { upTo?: number; onChunk?: (checked: number, refused: ReturnType<typeof refusalsOf>) => Promise<void> },
) {
  const memory = newMemory(bookingRightsOf(permissions))
  const totals = emptyTally()
  const problems: ImportProblem[] = []
  const adjustments: Adjustments = new Map()
  let rows = 0
  let moreRows = false
  for await (const whole of rowChunks(file.path, file.kind, file.head, CHUNK_ROWS)) {
    // leaving the loop closes the file: the rows past the limit are never read
    if (rows >= upTo) {
      moreRows = true
      break
    }
    const chunk = whole.slice(0, upTo - rows)
    const checked = await checkRows(db, plan.kind, plan.columns, chunk, memory)
    tally(totals, checked)
    for (const { planned } of checked)
      if (planned?.action === 'book') addAdjustment(adjustments, planned.warehouseId, planned.amount, planned.unitPrice)
    rows += chunk.length
    for (const { problems: found } of checked) problems.push(...found.slice(0, MAX_LISTED_PROBLEMS - problems.length))
    await onChunk?.(rows, refusalsOf(checked))
    if (chunk.length < whole.length) {
      moreRows = true
      break
    }
  }
  return { rows, totals, problems, adjustments, moreRows }
}
const refusalsOf = (checked: Awaited<ReturnType<typeof checkRows>>) => checked.filter((row) => !row.planned)

/** What an import of the file's first MAX_CHECKED_ROWS rows would do, row by row, without doing it. */
export async function dryRun(
  db: DB,
  file: UploadedFile,
  plan: ImportPlan,
  user: Actor,
  permissions?: readonly PermissionGrant[],
): Promise<ImportReport> {
  const { rows, totals, problems, moreRows } = await checkAll(db, file, plan, permissions, { upTo: MAX_CHECKED_ROWS })
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
    more_rows: moreRows,
    ...totals,
    problems,
    applied_through: null,
    failure: null,
    user: user.username === null ? null : { id: user.id, username: user.username },
    created_at: now(),
    finished_at: now(),
    reverted_at: null,
  }
}

/** The server stops: an import ends between two chunks. */
class ImportInterrupted extends Error {}
/** Another server took the import for dead and ended it: its runner leaves it alone. */
class ImportTakenOver extends Error {}

export interface Watch {
  /** a running import whose heartbeat is older than this was left by a dead runner */
  staleAfterMs: number
  /** where uploads are kept while their import runs */
  uploadFolder: string
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void }
}

/**
 * The imports running in this process: a shutdown stops them between two chunks and waits for them. Each renews
 * its heartbeat while it runs, and the runner ends imports that dead runners left (domain/imports/recover.ts).
 */
export class ImportRunner {
  /** names this process's runner on the imports it runs */
  readonly id = randomUUID()
  private readonly running = new Map<number, Promise<void>>()
  private stopping = false
  private timers: NodeJS.Timeout[] = []
  private sweeping: Promise<void> | undefined

  constructor(private readonly handle: DatabaseHandle) {}

  /**
   * Runs the import of the kept report `job` in the background; `done` (tests) resolves when it has ended. An import
   * held for approval keeps its upload (`cleanUp` is not called) until it is approved or rejected.
   */
  start(job: ImportJob, file: UploadedFile, plan: ImportPlan, cleanUp: () => Promise<void>): Promise<void> {
    return this.track(job.id, this.run(job, file, plan), cleanUp)
  }

  /** Claims a held import for this runner in the approval's transaction; refused when its upload is not on this server. */
  async claimHeld(trx: Trx, importId: number): Promise<void> {
    const row = await importRepository.find(trx, importId)
    if (!row || row.status !== 'held')
      throw new Conflict('IMPORT_NOT_DONE', `Import ${importId} is not waiting for approval.`, {
        id: importId,
        status: row?.status ?? 'gone',
      })
    if (!row.upload_path || !fs.existsSync(row.upload_path))
      throw new Conflict('IMPORT_UPLOAD_GONE', `The file of import ${importId} is not on this server any more: import it again.`, {
        id: importId,
      })
    await importRepository.update(trx, importId, { status: 'importing', runner_id: this.id, heartbeat_at: now(), processed: 0 })
  }

  /** Writes an approved import that claimHeld claimed, once the approval has committed. */
  continueHeld(importId: number): Promise<void> {
    if (this.running.has(importId)) return Promise.resolve()
    return this.track(importId, this.writeHeld(importId), () => Promise.resolve())
  }

  /** The write pass of an approved import, from the upload it kept, which goes afterwards. */
  private async writeHeld(importId: number): Promise<true> {
    const row = await importRepository.find(this.handle.db, importId)
    if (!row?.upload_path || row.runner_id !== this.id || row.status !== 'importing') return true
    const uploadPath = row.upload_path
    const actor = { id: row.user_id, username: row.username }
    try {
      const head = await firstBytesOf(uploadPath)
      const file: UploadedFile = { path: uploadPath, kind: sniff(head), head, name: row.file_name }
      const plan: ImportPlan = { kind: row.kind, mode: row.mode, columns: JSON.parse(row.columns) as ImportColumn[] }
      const headers = await readHeader(file.path, file.kind, head)
      // its rows still book only where the one who imported may book
      const importer = row.user_id === null ? undefined : await userOf(this.handle.db, row.user_id)
      const permissions = importer ? permissionsOf(await rolesOf(this.handle.db, importer.id), Boolean(importer.is_superuser)) : []
      await this.writeAll({ id: row.id, kind: row.kind, fileName: row.file_name, headers, actor, permissions }, file, plan)
    } catch (error) {
      await this.failed({ id: row.id, kind: row.kind, fileName: row.file_name, headers: [], actor }, error)
    } finally {
      await fs.promises.rm(uploadPath, { force: true })
    }
    return true
  }

  private track(id: number, run: Promise<boolean>, cleanUp: () => Promise<void>): Promise<void> {
    const tracked = run.then((held) => (held ? undefined : cleanUp()))
    this.running.set(id, tracked)
    void tracked.finally(() => this.running.delete(id))
    return tracked
  }

  /**
   * Renews the heartbeat of this runner's imports four times per `staleAfterMs`, and ends the imports that dead
   * runners left, now (a start recovers what a crash left) and then twice per `staleAfterMs`.
   */
  watch({ staleAfterMs, uploadFolder, log }: Watch) {
    if (this.timers.length > 0 || this.stopping) return
    let beating = false
    const beat = () => {
      // no write while nothing runs, nor while the last beat waits (beats piling up would hold the pool's connections)
      if (this.running.size === 0 || beating) return
      beating = true
      runWrite(this.handle, (trx) => importRepository.heartbeat(trx, this.id, [...this.running.keys()]))
        .catch((err: unknown) => log.warn({ err }, 'renewing the heartbeat of running imports failed'))
        .finally(() => (beating = false))
    }
    const sweep = () => {
      this.sweeping ??= (async () => {
        const ended = await endAbandoned(this.handle, this.id, (id) => this.running.has(id), staleAfterMs)
        if (ended.length > 0) log.info({ imports: ended }, 'imports left running by a stopped server ended as failed')
        await removeLeftUploads(this.handle.db, uploadFolder)
      })()
        .catch((err: unknown) => log.warn({ err }, 'ending imports left by a stopped server failed; trying again later'))
        .finally(() => (this.sweeping = undefined))
    }
    this.timers = [setInterval(beat, staleAfterMs / 4).unref(), setInterval(sweep, staleAfterMs / 2).unref()]
    sweep()
  }

  /** Resolves once no import runs and no sweep (tests wait for it). */
  async settled() {
    while (this.running.size > 0 || this.sweeping) await Promise.allSettled([...this.running.values(), this.sweeping])
  }

  /** Stops the imports between chunks and waits until each has ended. */
  async stop() {
    this.stopping = true
    for (const timer of this.timers) clearInterval(timer)
    await Promise.allSettled([...this.running.values(), this.sweeping])
  }

  private write<T>(work: Parameters<typeof runWrite<T>>[1]) {
    return runWrite(this.handle, work)
  }

  /** Updates the import while it is this runner's, or throws ImportTakenOver. */
  private async progress(trx: Trx, id: number, values: Parameters<typeof importRepository.update>[2]) {
    if (!(await importRepository.updateRunning(trx, id, this.id, values))) throw new ImportTakenOver()
  }

  /** Checks and then writes the import; answers true when it is held for approval instead of written. */
  private async run(job: ImportJob, file: UploadedFile, plan: ImportPlan): Promise<boolean> {
    const { db } = this.handle
    try {
      const allOrNothing = plan.mode === 'all_or_nothing'
      // first pass: every row checked; an all-or-nothing import keeps the refusals it stops for
      const checked = await checkAll(db, file, plan, job.permissions, {
        onChunk: async (processed, refused) => {
          if (this.stopping) throw new ImportInterrupted()
          await this.write(async (trx) => {
            if (allOrNothing) await importRepository.insertRefusals(trx, refusalRows(job.id, job.headers, refused))
            await this.progress(trx, job.id, { processed })
          })
        },
      })
      if (allOrNothing && checked.totals.refused > 0) {
        await this.write((trx) =>
          this.progress(trx, job.id, { status: 'refused', rows: checked.rows, refused: checked.totals.refused, finished_at: now() }),
        )
        return false
      }
      // bookings that pass a warehouse's threshold wait for a manager: the import is held, its upload kept
      const held = await this.write(async (trx) => {
        const requester = { id: job.actor.id ?? 0, username: job.actor.username ?? '', permissions: job.permissions ?? [] }
        const approval =
          plan.kind === 'stock' && job.permissions !== undefined
            ? await holdImport(trx, job.id, checked.adjustments, checked.totals.booked, requester)
            : undefined
        await this.progress(trx, job.id, { status: approval ? 'held' : 'importing', rows: checked.rows, processed: 0 })
        return approval !== undefined
      })
      if (held) return true
    } catch (error) {
      await this.failed(job, error)
      return false
    }
    await this.writeAll(job, file, plan)
    return false
  }

  /** The second pass: each chunk checked again and written in one transaction, taking turns with other imports of its kind. */
  private async writeAll(job: ImportJob, file: UploadedFile, plan: ImportPlan): Promise<void> {
    try {
      const allOrNothing = plan.mode === 'all_or_nothing'
      const memory = newMemory(bookingRightsOf(job.permissions))
      // written with the upload's answer, before any chunk: the entries of its rows are its parts
      const partOf = await auditRepository.findId(this.handle.db, 'import', job.id, 'create')
      const totals: Tally = emptyTally()
      let processed = 0
      for await (const chunk of rowChunks(file.path, file.kind, file.head, CHUNK_ROWS)) {
        if (this.stopping) throw new ImportInterrupted()
        await this.write(async (trx) => {
          await takeImportTurn(trx, plan.kind, 'import')
          const rows = await checkRows(trx, plan.kind, plan.columns, chunk, memory)
          if (allOrNothing && rows.some((row) => !row.planned))
            throw new Error(
              `Row ${rows.find((row) => !row.planned)!.row.number} changed its meaning while the import ran; nothing is imported.`,
            )
          const written = await writeChecked(trx, { ...job, partOf }, rows)
          const counted = { ...totals }
          for (const key of Object.keys(counted) as (keyof Tally)[]) counted[key] += written[key]
          // the import's row last, so it is locked briefly: a heartbeat waits for the chunk only that long
          await this.progress(trx, job.id, {
            processed: processed + chunk.length,
            applied_through: chunk[chunk.length - 1].number,
            ...counted,
          })
          processed += chunk.length
          Object.assign(totals, counted)
        })
      }
      await this.write((trx) => this.progress(trx, job.id, { status: 'done', finished_at: now() }))
    } catch (error) {
      await this.failed(job, error)
    }
  }

  /** Ends an import that failed or was interrupted (one another server took over is left to it). */
  private async failed(job: ImportJob, error: unknown): Promise<void> {
    if (error instanceof ImportTakenOver) return
    const failureOf = (row: ImportRow): Failure =>
      error instanceof ImportInterrupted ? interruption(row) : { sentence: (error as { message?: string }).message ?? String(error) }
    // when the database itself is away, the import is left running; a sweep ends it once its heartbeat is old
    await failRunning(this.handle, (trx) => importRepository.updateRunning(trx, job.id, this.id, {}), failureOf).catch(() => {})
  }
}

const runners = new WeakMap<DatabaseHandle, ImportRunner>()
/** The runner of the imports on a database, one per server (tests wait for it: importRunnerOf(database).settled()). */
export function importRunnerOf(handle: DatabaseHandle): ImportRunner {
  let runner = runners.get(handle)
  if (!runner) runners.set(handle, (runner = new ImportRunner(handle)))
  return runner
}
