// Multipart uploads for the import tests: a form with fields and one file, as a browser's FormData sends it, and
// spreadsheet files made with the library the server reads them with.
import ExcelJS from 'exceljs'
import { expect } from 'vitest'
import { importRunnerOf } from '../../src/server/domain/imports/run'
import type { TestServer } from './helpers'
import { ok } from './product-fixtures'

const BOUNDARY = '----stockroom-test-boundary'

/** The body and content type of a multipart form with `fields` and, if given, a file in `file`. */
export function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer | string }) {
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  if (file)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    )
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` }
}

/** POSTs an import (a dry run unless `dryRun` is false) as `token`'s user. */
export function upload(
  server: TestServer,
  token: string,
  fields: { kind: string; mode?: string; mapping?: Record<string, string> },
  file: { name: string; content: Buffer | string } | undefined,
  dryRun = true,
) {
  const form: Record<string, string> = { kind: fields.kind }
  if (fields.mode) form.mode = fields.mode
  if (fields.mapping) form.mapping = JSON.stringify(fields.mapping)
  const { payload, contentType } = multipart(form, file)
  return server.app.inject({
    method: 'POST',
    url: `/api/imports/${dryRun ? '?dry_run=true' : ''}`,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  })
}

/** Starts a kept import as `token`'s user and waits for it to end; answers its final report. */
export async function imported(
  server: TestServer,
  token: string,
  fields: { kind: string; mode?: string; mapping?: Record<string, string> },
  file: { name: string; content: Buffer | string },
) {
  const res = await upload(server, token, fields, file, false)
  expect(res.statusCode, res.body).toBe(202)
  expect(res.json()).toMatchObject({ status: 'checking', kind: fields.kind, file_name: file.name })
  await importRunnerOf(server.database).settled()
  return ok(await server.admin.get(`/api/imports/${res.json().id}`))
}

/** An XLSX workbook of one sheet with these rows (a cell may be a formula: `{ formula: 'SUM(1,2)' }`). */
export async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Sheet 1')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** CSV text of rows (cells quoted where needed). */
export const csv = (rows: (string | number)[][], delimiter = ',') =>
  rows
    .map((row) =>
      row
        .map((cell) => {
          const text = String(cell)
          return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
        })
        .join(delimiter),
    )
    .join('\r\n')
