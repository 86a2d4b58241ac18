// Reading an uploaded file: what it is (CSV or XLSX, told by its bytes, not its name), then its rows one by one as
// text, streamed (csv-parse, exceljs's streaming reader), so that a file of 100,000 rows is never held whole.
// A formula in a cell is kept as its text (=SUM(A1:A2)), never run. A CSV is read in the encoding it was saved in:
// UTF-8, UTF-16 with its byte order mark (Excel's "Unicode text"), else Windows-1252 (Excel's CSV on a Western PC).
// The apostrophe Stockroom's CSV files put before formula-like text is taken off only in a file Stockroom wrote
// (writtenByStockroom); in anyone else's file a leading apostrophe is part of the text.
import fs from 'node:fs'
import { parse } from 'csv-parse'
import ExcelJS from 'exceljs'
import iconv from 'iconv-lite'
import { LANGUAGES, type Language } from '../../../contract'
import { Invalid, type RuleParams } from '../errors'
import { csvHeader, escapeFormula, unescapeFormula } from '../exports/files'
import { exportSources } from '../exports/sources'
import { translated, type DomainRule } from '../texts'
import { BOUNDS, assertWorkbookBounds, csvCellTooLong, csvTooManyColumns } from './bounds'

export type FileKind = 'csv' | 'xlsx'

/** One row of the file: its number as a spreadsheet shows it (the header is row 1), and its cells as text. */
export interface FileRow {
  number: number
  cells: string[]
}

const fileProblem = (rule: DomainRule, type: string, params: RuleParams = {}) => Invalid.rule(['body', 'file'], rule, params, type)

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])
/** the first bytes of files people take for a table, and the refusal that says what the file is */
const KNOWN_BINARIES: [Buffer, DomainRule][] = [
  [Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'file_is_xls'],
  [Buffer.from('%PDF'), 'file_is_pdf'],
  [Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'file_is_png'],
  [Buffer.from([0xff, 0xd8, 0xff]), 'file_is_jpeg'],
]

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

const UTF16_BOMS: [Buffer, TextEncoding][] = [
  [Buffer.from([0xff, 0xfe]), 'utf-16le'],
  [Buffer.from([0xfe, 0xff]), 'utf-16be'],
]

/**
 * The encoding of a text file from its first bytes: UTF-16 by its byte order mark; UTF-8 where the bytes are valid
 * UTF-8 (a character cut off at the end of the sample is fine); else Windows-1252, where every byte is a character.
 */
export function textEncodingOf(head: Buffer): TextEncoding {
  const marked = UTF16_BOMS.find(([bom]) => head.subarray(0, 2).equals(bom))
  if (marked) return marked[1]
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)))
    return 'utf-8'
  } catch {
    return 'windows-1252'
  }
}

/** CSV or XLSX, from the first bytes; anything else is refused with a sentence saying what it looks like. */
export function sniff(head: Buffer): FileKind {
  if (head.length === 0) throw fileProblem('file_empty', 'file_empty')
  if (head.subarray(0, 4).equals(ZIP)) return 'xlsx'
  const known = KNOWN_BINARIES.find(([magic]) => head.subarray(0, magic.length).equals(magic))
  if (known) throw fileProblem(known[1], 'file_type')
  // text without NUL characters once decoded (UTF-16 has a NUL byte in every Latin character)
  if (decodedHead(head).includes('\u0000')) throw fileProblem('file_is_binary', 'file_type')
  return 'csv'
}

/** The first bytes as text, in the file's encoding, without a byte order mark. */
const decodedHead = (head: Buffer) => iconv.decode(head, textEncodingOf(head)).replace(/^\uFEFF/, '')

/** The delimiter of a CSV upload, read from its first bytes (kept, so that its refused rows go back alike); none for XLSX. */
export const csvDelimiterOf = (kind: FileKind, head: Buffer): string | null =>
  kind === 'csv' ? delimiterOf(decodedHead(head).split(/\r?\n/)[0]) : null

/** The delimiter of the header line: Excel writes ';' where the decimal mark is a comma (Dutch settings). */
function delimiterOf(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const)
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0]
}

/** The header row of an import's refused rows as CSV (routes/imports.ts): the row number, the file's headers, the reasons. */
export const refusedRowsHeader = (lang: Language, headers: readonly string[]) =>
  [translated(lang, 'terms.row'), ...headers, translated(lang, 'terms.reason')].map(escapeFormula)

let exportHeaders: Set<string> | undefined
/** The header row of every CSV export, in every language, as JSON. */
const exportHeaderSet = () =>
  (exportHeaders ??= new Set(
    Object.values(exportSources).flatMap((source) => LANGUAGES.map((lang) => JSON.stringify(csvHeader(source.columns, lang)))),
  ))

/**
 * Whether Stockroom wrote a CSV, and so escaped its formula-like text: a CSV has no mark but its header row, so it is
 * one whose header row is exactly an export's, or starts and ends as a download of refused rows does (Row ... Reason),
 * in English or Dutch. Stockroom's XLSX files need no such mark: they keep text in text cells, never escaped.
 */
export function writtenByStockroom(header: readonly string[]): boolean {
  if (exportHeaderSet().has(JSON.stringify(header))) return true
  return LANGUAGES.some((lang) => {
    const [first, last] = refusedRowsHeader(lang, [])
    return header.length >= 2 && header[0] === first && header.at(-1) === last
  })
}

/** The longest CSV record read: a row as wide as Excel allows of cells of a hundred characters */
const MAX_CSV_RECORD_CHARACTERS = BOUNDS.columns * 100

async function* csvRows(file: string, head: Buffer): AsyncGenerator<FileRow> {
  const firstLine = decodedHead(head).split(/\r?\n/)[0]
  const parser = fs
    .createReadStream(file)
    .pipe(iconv.decodeStream(textEncodingOf(head)))
    .pipe(
      parse({
        bom: true,
        delimiter: delimiterOf(firstLine),
        relax_column_count: true,
        skip_empty_lines: true,
        info: true,
        // a record is never gathered past what its widest row of its longest cells could be
        max_record_size: MAX_CSV_RECORD_CHARACTERS,
      }),
    )
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (record.length > BOUNDS.columns) throw csvTooManyColumns(info.lines)
      if (record.some((cell) => cell.length > BOUNDS.cellCharacters)) throw csvCellTooLong(info.lines)
      yield { number: info.lines, cells: record.map((cell) => cell.trim()) }
    }
  } catch (error) {
    if (error instanceof Invalid) throw error
    throw fileProblem('csv_unreadable', 'file_unreadable', { reason: (error as Error).message })
  }
}

/** A cell as the text a person sees in it; a formula as its text, never its result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const formula = 'formula' in value ? value.formula : value.sharedFormula
      return `=${formula}`
    }
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('text' in value) return cellText(value.text)
    if ('error' in value) return String(value.error)
    return ''
  }
  return String(value)
}

async function* xlsxRows(file: string): AsyncGenerator<FileRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  })
  try {
    // the first sheet only
    for await (const sheet of workbook) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1)
        yield { number: row.number, cells: Array.from(values, (value) => cellText(value).trim()) }
      }
      return
    }
  } catch (error) {
    if (error instanceof Invalid) throw error
    throw fileProblem('xlsx_unreadable', 'file_unreadable', { reason: (error as Error).message })
  }
}

/** The rows of the file, the header first; rows with no text at all are left out. */
export async function* fileRows(file: string, kind: FileKind, head: Buffer): AsyncGenerator<FileRow> {
  let stockroomsOwn: boolean | undefined
  for await (const row of kind === 'csv' ? csvRows(file, head) : xlsxRows(file)) {
    if (row.cells.every((cell) => cell === '')) continue
    stockroomsOwn ??= kind === 'csv' && writtenByStockroom(row.cells)
    yield stockroomsOwn ? { number: row.number, cells: row.cells.map(unescapeFormula) } : row
  }
}

/** The header row (the first row with text), and the rows after it in chunks. */
export async function readHeader(file: string, kind: FileKind, head: Buffer): Promise<string[]> {
  const rows = fileRows(file, kind, head)
  const first = await rows.next()
  await rows.return(undefined)
  if (first.done) throw fileProblem('file_no_rows', 'file_empty')
  return first.value.cells
}

/** The data rows (after the header) in chunks of `size`. */
export async function* rowChunks(file: string, kind: FileKind, head: Buffer, size: number): AsyncGenerator<FileRow[]> {
  let chunk: FileRow[] = []
  let header = true
  let columns = 0
  for await (const row of fileRows(file, kind, head)) {
    if (header) {
      header = false
      columns = row.cells.length
      continue
    }
    // a cell beyond the header's columns has no field to go to
    chunk.push(row.cells.length > columns ? { ...row, cells: row.cells.slice(0, columns) } : row)
    if (chunk.length === size) {
      yield chunk
      chunk = []
    }
  }
  if (chunk.length > 0) yield chunk
}

/**
 * Refuses a file past the bounds (bounds.ts) before it is taken in: a workbook before exceljs reads it, a CSV read
 * through once without its rows being kept (its cells and rows are bounded as they are read), so that a kept import
 * is refused in the upload's answer, in the reader's language, and not half-way in the background.
 */
export async function assertWithinBounds(file: string, kind: FileKind, head: Buffer): Promise<void> {
  if (kind === 'xlsx') return assertWorkbookBounds(file, (await fs.promises.stat(file)).size)
  for await (const row of csvRows(file, head)) void row
}

/** The first bytes of a file: enough to tell CSV from XLSX and a CSV's delimiter. */
export async function firstBytesOf(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const buffer = Buffer.alloc(64 * 1024)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}
