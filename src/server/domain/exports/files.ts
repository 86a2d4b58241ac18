// The file of an export: CSV (UTF-8 with a byte order mark, so that Excel reads accents right) or XLSX (numbers,
// dates and yes/no as typed cells), streamed as the rows arrive. Headers and named values are said in the language
// asked for, from the same i18n files as the screens.
import { PassThrough, Readable } from 'node:stream'
import { once } from 'node:events'
import { stringify } from 'csv-stringify'
import ExcelJS from 'exceljs'
import type { ExportFormat, Language } from '../../../contract'
import { textAt, translated } from '../texts'
import type { Cell, Column, Row } from './sources'

/**
 * Spreadsheets run a cell that starts with = + - @, a tab or a carriage return as a formula: such text gets a
 * leading apostrophe, as OWASP advises against CSV injection. Text with apostrophes before such a character gets one
 * more, so that taking one off (unescapeFormula, for files Stockroom wrote: domain/imports/files.ts) gives back any text.
 */
const ESCAPED_START = /^'*[=+\-@\t\r]/
export const escapeFormula = (text: string) => (ESCAPED_START.test(text) ? `'${text}` : text)
export const unescapeFormula = (text: string) => (/^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text)

/** The header row of a CSV export of these columns, as written. */
export const csvHeader = (columns: readonly Column[], lang: Language) =>
  columns.map((column) => escapeFormula(translated(lang, column.label)))

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

function valueIn(lang: Language, column: Column, value: Cell): Cell {
  if (value === null || value === undefined) return null
  if (column.values && typeof value === 'string') return textAt(lang, `${column.values}.${value}`)
  return value
}

/** The delimiter a spreadsheet in the reader's language opens without asking: Dutch settings take ';' (',' is their decimal mark). */
export const csvDelimiter = (lang: Language) => (lang === 'nl' ? ';' : ',')

/**
 * The CSV file: a header row, then each row; text that a spreadsheet would run as a formula is escaped. For a Dutch
 * reader the fields are separated by ';' and decimals written with a comma, as a Dutch Excel reads them.
 */
function csvFile(columns: readonly Column[], lang: Language, batches: AsyncIterable<Row[]>): Readable {
  async function* records() {
    for await (const batch of batches)
      for (const row of batch)
        yield columns.map((column) => {
          const value = valueIn(lang, column, row[column.key])
          return typeof value === 'string' ? escapeFormula(value) : value
        })
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: csvHeader(columns, lang),
    delimiter: csvDelimiter(lang),
    cast: {
      boolean: (value) => (value ? 'true' : 'false'),
      number: (value) => (lang === 'nl' ? String(value).replace('.', ',') : String(value)),
    },
  })
  const source = Readable.from(records())
  source.on('error', (error) => csv.destroy(error))
  csv.on('close', () => source.destroy())
  return source.pipe(csv)
}

const COLUMN_WIDTHS: Record<Column['type'], number> = { text: 24, number: 12, date: 20, boolean: 10 }

/** The XLSX file through exceljs's streaming writer: each row is written and let go of as it comes. */
function xlsxFile(columns: readonly Column[], lang: Language, batches: AsyncIterable<Row[]>, sheetName: string): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((column) => ({
    header: translated(lang, column.label),
    key: column.key,
    width: COLUMN_WIDTHS[column.type],
    ...(column.type === 'date' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }))
  sheet.getRow(1).font = { bold: true }
  const write = async () => {
    for await (const batch of batches) {
      if (out.destroyed) return
      for (const row of batch)
        sheet
          .addRow(
            columns.map((column) => {
              const value = valueIn(lang, column, row[column.key])
              // a text cell is text in XLSX, never a formula: no escaping needed
              return column.type === 'date' && typeof value === 'string' ? new Date(value) : value
            }),
          )
          .commit()
      // the zip stream is read as fast as the client takes it: wait for it rather than pile rows up in memory, and
      // let the compression (on libuv's threads) catch up with the rows between batches
      if (out.writableNeedDrain) await once(out, 'drain')
      await new Promise((resolve) => setImmediate(resolve))
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error as Error))
  return out
}

/** The export file in `format`, its header row in `lang`, streamed from the batches of rows. */
export function exportFile(
  format: ExportFormat,
  columns: readonly Column[],
  lang: Language,
  batches: AsyncIterable<Row[]>,
  sheetName: string,
): Readable {
  return format === 'csv' ? csvFile(columns, lang, batches) : xlsxFile(columns, lang, batches, sheetName)
}

/** `products-2025-05-01.xlsx` */
export const exportFileName = (file: string, format: ExportFormat, stamp: string) => `${file}-${stamp.slice(0, 10)}.${format}`
