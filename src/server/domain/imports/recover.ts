// Ending an import that cannot finish: when it fails, when the server stops under it, and when a server died while
// it ran (kill -9, power loss). Each running import names its runner (one per server process), which renews the
// import's heartbeat while it works; an import whose heartbeat is older than a bound was left by a dead runner, and
// any server (at its start, then every little while) claims it and ends it as failed: an all-or-nothing import's
// written rows are taken back through the ledger, a batched one keeps its whole batches. Claim, take-back and the
// failed status are one write transaction, so a crash during a recovery leaves the import to the next one.
import fs from 'node:fs'
import path from 'node:path'
import type { ImportFailureCode } from '../../../contract'
import type { DatabaseHandle, DB } from '../../db'
import { now } from '../../db/clock'
import { auditRepository } from '../../db/repositories/audit'
import { importRepository, isRunning, type ImportRow } from '../../db/repositories/imports'
import { runWrite, type Trx } from '../../db/writes'
import { Conflict } from '../errors'
import { revertImport } from './revert'
import type { Actor } from './write'

export interface Failure {
  sentence: string
  code?: ImportFailureCode
}

/** The failure of an import that the server stopped under, by what of it is kept. */
export function interruption(row: Pick<ImportRow, 'mode' | 'applied_through'>): Failure {
  if (row.mode === 'all_or_nothing' || row.applied_through === null)
    return { sentence: 'The server stopped while the import ran; nothing of it is kept.', code: 'interrupted_nothing_kept' }
  return {
    sentence: `The server stopped while the import ran; its rows through row ${row.applied_through} are kept.`,
    code: 'interrupted_batches_kept',
  }
}

/**
 * Ends the running import `row` as failed in the caller's transaction. An all-or-nothing import takes back what it
 * wrote first (or throws the Conflict that refuses the take-back, and the transaction ends with nothing done).
 */
async function fail(trx: Trx, row: ImportRow, actor: Actor, failure: Failure, takeBack: boolean) {
  const takenBack = takeBack && row.mode === 'all_or_nothing' && (await importRepository.hasChanges(trx, row.id))
  if (takenBack) {
    const { parts = [] } = await revertImport(trx, row.id, actor, { failing: true })
    // no revert entry of its own: the take-back is part of the import's entry, with the rows it takes back
    const partOf = await auditRepository.findId(trx, 'import', row.id, 'create')
    await auditRepository.insertMany(
      trx,
      parts.map((part) => ({ ...part, part_of: partOf ?? null })),
    )
  }
  await importRepository.update(trx, row.id, {
    status: 'failed',
    failure: failure.sentence,
    failure_code: failure.code ?? null,
    ...(takenBack ? { applied_through: null } : {}),
    finished_at: now(),
  })
}

/**
 * Ends a running import as failed in write transactions of `handle`: `take(trx)` answers the import if it is still
 * the caller's to end (else nothing is done). When a later change refuses the take-back of an all-or-nothing import,
 * it fails without it, and its failure says so. Answers the import as it was taken, or undefined.
 */
export async function failRunning(
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
  take: (trx: Trx) => Promise<ImportRow | undefined>,
  failureOf: (row: ImportRow) => Failure,
): Promise<ImportRow | undefined> {
  const attempt = (takeBack: boolean, refusal?: Conflict) =>
    runWrite(handle, async (trx) => {
      const row = await take(trx)
      if (!row) return undefined
      const failure = failureOf(row)
      const sentence = refusal ? `${failure.sentence} Taking back what was written failed too: ${refusal.message}` : failure.sentence
      await fail(trx, row, actorOf(row), { sentence, code: refusal ? undefined : failure.code }, takeBack)
      return row
    })
  try {
    return await attempt(true)
  } catch (error) {
    if (!(error instanceof Conflict)) throw error
    return attempt(false, error)
  }
}

/** The take-back is booked in the name of whoever started the import. */
const actorOf = (row: ImportRow): Actor => ({ id: row.user_id, username: row.username })

/**
 * Ends every import left running by a dead runner (its heartbeat older than `staleAfterMs`) except the `own` ones
 * this process runs, and removes their uploads. Answers the ids it ended.
 */
export async function endAbandoned(
  handle: DatabaseHandle,
  runnerId: string,
  own: (id: number) => boolean,
  staleAfterMs: number,
): Promise<number[]> {
  const staleBefore = new Date(Date.now() - staleAfterMs).toISOString()
  const ended: number[] = []
  for (const { id } of await importRepository.abandoned(handle.db, staleBefore)) {
    if (own(id)) continue
    const row = await failRunning(handle, (trx) => importRepository.claimAbandoned(trx, id, runnerId, staleBefore), interruption)
    if (!row) continue
    ended.push(id)
    if (row.upload_path) await fs.promises.rm(row.upload_path, { force: true })
  }
  return ended
}

/** An upload no import names is a dry run's or one a crash cut off before its import was kept; it goes after this. */
const UNCLAIMED_UPLOAD_MS = 60 * 60 * 1000

/**
 * Removes the uploads in `folder` that no running or held import needs: those of imports that ended (a crash came between
 * the end and the removal, or another server ended it), and old ones no import names.
 */
export async function removeLeftUploads(db: DB, folder: string): Promise<number> {
  let removed = 0
  for (const name of await fs.promises.readdir(folder).catch(() => [] as string[])) {
    const file = path.join(folder, name)
    const owner = await importRepository.byUpload(db, file)
    const unclaimed = owner ? undefined : await fs.promises.stat(file).catch(() => undefined)
    // an import held for approval keeps its upload until it is decided
    const left = owner
      ? !isRunning(owner.status) && owner.status !== 'held'
      : unclaimed !== undefined && unclaimed.mtimeMs < Date.now() - UNCLAIMED_UPLOAD_MS
    if (!left) continue
    await fs.promises.rm(file, { force: true })
    removed += 1
  }
  return removed
}
