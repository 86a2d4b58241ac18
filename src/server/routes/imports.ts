// Imports: upload a CSV or XLSX file (multipart) of products or opening stock. `?dry_run=true` checks the first
// MAX_CHECKED_ROWS rows and answers the report; without it the import is kept and runs in the background (202), its report at
// GET /imports/{id} (progress while it runs); the refused rows download as CSV; DELETE reverts it.
import fs from 'node:fs'
import path from 'node:path'
import { createHash, randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import Type from 'typebox'
import { stringify } from 'csv-stringify'
import {
  ErrorBody,
  IdParams,
  ImportListQuery,
  ImportOptions,
  ImportQuery,
  ImportReport,
  MAX_CHECKED_ROWS,
  MAX_IMPORT_MB,
  type Language,
} from '../../contract'
import { isImportProblemCode, LANGUAGES } from '../../contract'
import { now } from '../db/clock'
import { importRepository, toImportReport } from '../db/repositories/imports'
import { Invalid, NotFound, ruleItem } from '../domain/errors'
import { csvDelimiter, escapeFormula } from '../domain/exports/files'
import { sentence } from '../domain/texts'
import { mapColumns, type HeaderProblem } from '../domain/imports/columns'
import { assertWithinBounds, csvDelimiterOf, firstBytesOf, readHeader, refusedRowsHeader, sniff } from '../domain/imports/files'
import { revertImport } from '../domain/imports/revert'
import { dryRun, importRunnerOf, type UploadedFile } from '../domain/imports/run'
import type { Actor } from '../domain/imports/write'
import { bodyChecker } from '../domain/validation'
import { withTotalCount } from './support/lists'
import { revertingImport } from './support/warehouses-of'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['imports']
const MAX_BYTES = MAX_IMPORT_MB * 1024 * 1024
const checkOptions = bodyChecker(ImportOptions)
const actorOf = (request: FastifyRequest): Actor => ({ id: request.user.id, username: request.user.username })

const tooLarge = {
  detail: `The file is larger than ${MAX_IMPORT_MB} MB. Split it into smaller files.`,
  code: 'FILE_TOO_LARGE',
  params: { limit: MAX_IMPORT_MB },
}

/** An upload saved to the temporary folder, with the digest of its bytes (the fingerprint of an Idempotency-Key). */
interface ReceivedFile {
  path: string
  name: string
  sha256: string
}

/** Control characters (C0, DEL, C1; PostgreSQL refuses NUL) and halves of a surrogate pair that lost the other. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/gu
const MAX_NAME_CHARACTERS = 255

/** The name an upload is kept and shown under, the same on both databases: its last path part, printable, trimmed. */
function uploadName(sent: string | undefined): string {
  const last = (sent ?? '').replace(UNPRINTABLE, '').split(/[/\\]/).pop()!.trim()
  const name = last === '.' || last === '..' ? '' : last
  // cut by code points, so a surrogate pair is never split (and varchar(255) on PostgreSQL counts the same)
  return [...name].slice(0, MAX_NAME_CHARACTERS).join('').trim() || 'upload'
}

/**
 * The form's fields and its file, saved to a file of its own in `folder` while it arrives (refused past the limit).
 * The folder lies under DATA_DIR, where the recovery after a crash finds an upload left behind.
 */
async function receive(request: FastifyRequest, folder: string): Promise<{ fields: Record<string, string>; file?: ReceivedFile }> {
  const fields: Record<string, string> = {}
  let file: ReceivedFile | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value)
      else if (part.fieldname !== 'file' || file) part.file.resume()
      else {
        const saved = path.join(folder, `stockroom-import-${randomUUID()}`)
        const digest = createHash('sha256')
        file = { path: saved, name: uploadName(part.filename), sha256: '' }
        await pipeline(
          part.file,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              digest.update(chunk)
              yield chunk
            }
          },
          fs.createWriteStream(saved),
        )
        file.sha256 = digest.digest('hex')
      }
    }
  } catch (error) {
    if (file) await fs.promises.rm(file.path, { force: true })
    const { code, statusCode } = error as { code?: string; statusCode?: number }
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw error
    // a form cut off or garbled on the way (busboy's words say where)
    if (statusCode === undefined || statusCode >= 500 || code?.startsWith('FST_'))
      throw Invalid.rule(['body'], 'multipart_unreadable', { reason: (error as Error).message }, 'multipart')
    throw error
  }
  return { fields, file }
}

function optionsOf(fields: Record<string, string>): ImportOptions {
  let mapping: unknown
  try {
    mapping = fields.mapping === undefined || fields.mapping === '' ? undefined : JSON.parse(fields.mapping)
  } catch {
    throw Invalid.field(['body', 'mapping'], 'JSON decode error', 'json_invalid')
  }
  const options = { kind: fields.kind, mode: fields.mode, mapping }
  const problems = checkOptions(options)
  if (problems.length > 0) throw new Invalid(problems)
  return options as ImportOptions
}

const headerProblems = (problems: HeaderProblem[]) =>
  new Invalid(
    problems.map((p) =>
      ruleItem(['body', p.column === null ? 'file' : 'mapping', ...(p.column === null ? [] : [p.column])], p.code, p.params),
    ),
  )

const plugin: RoutePlugin = async (app, { uploadFolder, staleAfterSeconds }) => {
  await app.register(multipart, { limits: { fileSize: MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 * 1024, parts: 12 } })
  await fs.promises.mkdir(uploadFolder, { recursive: true, mode: 0o700 })
  const runner = importRunnerOf(app.database)
  runner.watch({ staleAfterMs: staleAfterSeconds * 1000, uploadFolder, log: app.log })
  app.addHook('onClose', () => runner.stop())

  app.post(
    '/imports/',
    {
      schema: {
        tags,
        description:
          'multipart/form-data with `file` (CSV or XLSX), `kind` (products or stock), `mode` (valid_only or all_or_nothing) and `mapping` ' +
          '(JSON: header to field, "" to ignore). With dry_run=true: the report of the first ' +
          `${MAX_CHECKED_ROWS} rows (more_rows: the file has more), nothing changed (200). Else the import ` +
          'is kept and runs in the background (202); follow it at GET /imports/{id}.',
        consumes: ['multipart/form-data'],
        querystring: ImportQuery,
        response: { 200: ImportReport, 202: ImportReport, 413: ErrorBody },
      },
      config: {
        access: 'imports.run',
        hourlyPerUser: 'importsPerHour',
        audit: { entity: 'work', id: 'answer', writesNothing: (request) => (request.query as { dry_run?: boolean }).dry_run === true },
      },
      // a file announced as too large is refused before a byte of it is read
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) > MAX_BYTES + 1024 * 1024) return reply.code(413).send(tooLarge)
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw Invalid.rule(['body'], 'multipart_needed', {}, 'multipart')
      let received: Awaited<ReturnType<typeof receive>>
      try {
        received = await receive(request, uploadFolder)
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send(tooLarge)
        throw error
      }
      const { fields, file } = received
      let started = false
      const removeFile = () => (file ? fs.promises.rm(file.path, { force: true }) : Promise.resolve())
      try {
        // a key sent again with the same form and file gets its first answer; with another, a 422
        if (await reply.replayIfKept({ fields, file: file && { name: file.name, sha256: file.sha256 } })) return reply
        const options = optionsOf(fields)
        if (!file) throw Invalid.field(['body', 'file'], 'Field required', 'missing')
        const head = await firstBytesOf(file.path)
        const uploaded: UploadedFile = { path: file.path, kind: sniff(head), head, name: file.name }
        // a kept import is refused here, in the upload's answer; a dry run of a CSV meets the same bounds in the rows it reads
        if (!request.query.dry_run || uploaded.kind === 'xlsx') await assertWithinBounds(uploaded.path, uploaded.kind, head)
        const headers = await readHeader(uploaded.path, uploaded.kind, head)
        const { columns, problems } = mapColumns(options.kind, headers, options.mapping)
        const plan = { kind: options.kind, mode: options.mode ?? 'valid_only', columns }
        const actor = actorOf(request)
        if (request.query.dry_run) {
          // the header row must be right before any row can be read: the report says what is wrong with it
          if (problems.length > 0) return { ...emptyReport(uploaded.name, plan, actor), problems }
          return await dryRun(app.db, uploaded, plan, actor, request.permissions)
        }
        if (problems.length > 0) throw headerProblems(problems)
        let importId = 0
        await reply.commit(202, async (trx) => {
          const row = await importRepository.insert(trx, {
            kind: plan.kind,
            mode: plan.mode,
            status: 'checking',
            file_name: uploaded.name,
            user_id: actor.id,
            username: actor.username,
            columns: JSON.stringify(columns),
            rows: null,
            failure: null,
            created_at: now(),
            finished_at: null,
            reverted_at: null,
            runner_id: runner.id,
            heartbeat_at: now(),
            upload_path: uploaded.path,
            delimiter: csvDelimiterOf(uploaded.kind, head),
          })
          importId = row.id
          request.audited = {
            entity: 'import',
            id: row.id,
            action: 'create',
            changes: { kind: plan.kind, mode: plan.mode, file_name: uploaded.name, columns },
          }
          return toImportReport(row, [])
        })
        started = true
        const job = { id: importId, kind: plan.kind, fileName: uploaded.name, headers, actor, permissions: request.permissions }
        void runner.start(job, uploaded, plan, removeFile)
        return reply
      } finally {
        if (!started) await removeFile()
      }
    },
  )

  app.get(
    '/imports/',
    {
      schema: {
        tags,
        description: 'Imports, newest first (their problems at GET /imports/{id}).',
        querystring: ImportListQuery,
        response: { 200: Type.Array(ImportReport) },
      },
      config: { access: 'imports.run' },
    },
    async (request, reply) => {
      const { rows, total } = await importRepository.list(app.db, request.query)
      withTotalCount(reply, total)
      return rows.map((row) => toImportReport(row, []))
    },
  )

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        description: 'The report of an import: while it runs, how far it is.',
        params: IdParams,
        response: { 200: ImportReport },
      },
      config: { access: 'imports.run' },
    },
    async (request) => {
      const row = await importRepository.find(app.db, request.params.id)
      if (!row) throw new NotFound('Import')
      return toImportReport(row, await importRepository.problems(app.db, row.id))
    },
  )

  app.get(
    '/imports/:id/refused',
    {
      schema: {
        tags,
        description: 'The refused rows as CSV: the cells as they were in the file, the row number and the reasons.',
        params: IdParams,
        querystring: Type.Object({ lang: Type.Optional(Type.Enum([...LANGUAGES], { default: 'en' })) }),
        response: { 200: Type.Unknown({ description: 'text/csv (UTF-8 with a byte order mark)' }) },
      },
      config: { access: 'imports.run' },
    },
    async (request, reply) => {
      const row = await importRepository.find(app.db, request.params.id)
      if (!row) throw new NotFound('Import')
      const lang: Language = request.query.lang ?? 'en'
      const headers = (JSON.parse(row.columns) as { header: string }[]).map((c) => c.header)
      // written as the upload was: its delimiter (an Excel with Dutch settings reads ';'), or the reader's for a workbook
      const csv = stringify({
        bom: true,
        header: true,
        delimiter: row.delimiter ?? csvDelimiter(lang),
        columns: refusedRowsHeader(lang, headers),
      })
      // in pages by id (the order rows were refused in), so the connection is never held for the whole file
      void (async () => {
        let after = 0
        let pending: { number: number; cells: Record<string, string>; reasons: string[] } | undefined
        const flush = () => {
          if (pending)
            csv.write([
              pending.number,
              ...headers.map((h) => escapeFormula(pending!.cells[h] ?? '')),
              escapeFormula(pending.reasons.join('; ')),
            ])
        }
        for (;;) {
          const page = await importRepository.refusals(app.db, row.id).where('id', '>', after).limit(1000).execute()
          if (page.length === 0) break
          for (const refusal of page) {
            // said in the language asked for where the refusal has a code (rows kept before migration 051 have none)
            const said = isImportProblemCode(refusal.code)
              ? sentence(
                  lang,
                  `imports.reasons.${refusal.code}`,
                  refusal.params ? (JSON.parse(refusal.params) as Record<string, string>) : {},
                )
              : refusal.reason
            const reason = refusal.column_name ? `${refusal.column_name}: ${said}` : said
            if (pending?.number === refusal.row_number) pending.reasons.push(reason)
            else {
              flush()
              pending = { number: refusal.row_number, cells: JSON.parse(refusal.cells) as Record<string, string>, reasons: [reason] }
            }
          }
          after = page[page.length - 1].id
        }
        flush()
        csv.end()
      })().catch((error: unknown) => csv.destroy(error as Error))
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${row.id}-refused.csv"`)
        .send(csv)
    },
  )

  app.delete(
    '/imports/:id',
    {
      schema: {
        tags,
        description:
          'Reverts an import: removes the products it created, restores the fields it changed, deletes the mutations it booked; ' +
          '409 with a sentence when a later change rests on it. Answers the report.',
        params: IdParams,
        response: { 200: ImportReport },
      },
      config: { access: { permission: 'imports.run', needs: revertingImport }, audit: { entity: 'work', id: { param: 'id' } } },
    },
    async (request, reply) =>
      reply.commit(200, async (trx) => {
        const compensation = await revertImport(trx, request.params.id, actorOf(request))
        request.audited = compensation
        const row = (await importRepository.find(trx, request.params.id))!
        return toImportReport(row, await importRepository.problems(trx, row.id))
      }),
  )
}

function emptyReport(
  fileName: string,
  plan: { kind: ImportReport['kind']; mode: ImportReport['mode']; columns: ImportReport['columns'] },
  actor: Actor,
): ImportReport {
  return {
    id: null,
    ...plan,
    status: 'refused',
    file_name: fileName,
    rows: null,
    processed: 0,
    more_rows: false,
    created: 0,
    updated: 0,
    unchanged: 0,
    booked: 0,
    refused: 0,
    problems: [],
    applied_through: null,
    failure: null,
    user: actor.username === null ? null : { id: actor.id, username: actor.username },
    created_at: now(),
    finished_at: now(),
    reverted_at: null,
  }
}

export default plugin
