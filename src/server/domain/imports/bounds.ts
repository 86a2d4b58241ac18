// What an uploaded file may unpack to, checked before exceljs or csv-parse holds any of it: a small workbook can
// unpack to gigabytes (a zip bomb), hold a cell of a billion characters, or nest its XML thousands deep, and exceljs
// keeps the shared strings it reads. A workbook's zip directory is read first (yauzl): parts declared larger than the
// limits are refused before a byte is unpacked. Then every part is unpacked once without being kept, yauzl stopping
// a part that unpacks to more than it declared, and each XML part scanned (saxes, exceljs's own parser) for a cell
// or text longer than Excel allows, a row wider than Excel allows, and nesting deeper than any workbook needs.
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { SaxesParser } from 'saxes'
import { Invalid, type RuleParams } from '../errors'
import type { DomainRule } from '../texts'

export const BOUNDS = {
  /** Excel's own limits: characters in a cell, and columns in a row (A to XFD) */
  cellCharacters: 32_767,
  columns: 16_384,
  /** unpacked bytes of one part of a workbook (a sheet of 100,000 rows of ten columns is about 30 MB) */
  partBytes: 128 * 1024 * 1024,
  /** unpacked bytes of the shared strings, which exceljs holds whole while it reads the sheet */
  sharedStringsBytes: 32 * 1024 * 1024,
  /** unpacked bytes of all parts per byte of the file (workbooks unpack to 5 to 20 times their size), past a floor */
  ratio: 100,
  ratioFloorBytes: 16 * 1024 * 1024,
  /** elements within elements: a workbook's XML is under ten deep */
  depth: 64,
} as const

const refused = (rule: DomainRule, params: RuleParams) => Invalid.rule(['body', 'file'], rule, params, 'file_bounds')
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)
const SHARED_STRINGS = 'xl/sharedStrings.xml'
const partLimit = (name: string) => (name === SHARED_STRINGS ? BOUNDS.sharedStringsBytes : BOUNDS.partBytes)

/** A cell too long for Excel, or a row too wide, said with where it is: a workbook's part, or a CSV's row. */
const cellTooLong = (part: string) => refused('file_cell_too_long', { limit: BOUNDS.cellCharacters, part })
const tooManyColumns = (part: string) => refused('file_too_many_columns', { limit: BOUNDS.columns, part })
export const csvCellTooLong = (row: number) => refused('csv_cell_too_long', { limit: BOUNDS.cellCharacters, row })
export const csvTooManyColumns = (row: number) => refused('csv_too_many_columns', { limit: BOUNDS.columns, row })

/** Refuses a workbook whose parts would unpack past the bounds; answers once every part has been unpacked and scanned. */
export async function assertWorkbookBounds(file: string, fileBytes: number): Promise<void> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false })
  } catch (error) {
    throw refused('xlsx_unreadable', { reason: (error as Error).message })
  }
  try {
    const entries = await entriesOf(zip)
    const allowed = Math.max(BOUNDS.ratioFloorBytes, fileBytes * BOUNDS.ratio)
    let declared = 0
    for (const entry of entries) {
      declared += entry.uncompressedSize
      if (entry.uncompressedSize > partLimit(entry.fileName))
        throw refused('file_part_too_large', { part: entry.fileName, limit: mb(partLimit(entry.fileName)) })
    }
    if (declared > allowed) throw refused('file_unpacks_too_large', { limit: mb(allowed) })
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue
      let stream: Readable
      try {
        stream = await zip.openReadStreamPromise(entry)
      } catch (error) {
        throw refused('xlsx_unreadable', { reason: (error as Error).message })
      }
      await scanned(stream, entry.fileName)
    }
  } finally {
    zip.close()
  }
}

function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = []
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve(entries))
    zip.once('error', (error: Error) => reject(refused('xlsx_unreadable', { reason: error.message })))
    zip.readEntry()
  })
}

/** Unpacks a part without keeping it; an XML part is scanned for its cells, rows and depth. */
async function scanned(stream: Readable, part: string): Promise<void> {
  const xml = /\.(xml|rels)$/.test(part) ? xmlScanner(part) : undefined
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) xml?.write(chunk)
    xml?.close()
  } catch (error) {
    stream.destroy()
    if (error instanceof Invalid) throw error
    // yauzl's "too many bytes in the stream" is a part unpacking to more than it declared
    throw refused('xlsx_unreadable', { reason: `${part}: ${(error as Error).message}` })
  }
}

/** A streaming check of one XML part: depth, text length, and cells per row. */
function xmlScanner(part: string) {
  const parser = new SaxesParser()
  const decoder = new TextDecoder()
  let depth = 0
  let text = 0
  let cells = 0
  let failure: Invalid | undefined
  parser.on('opentag', (tag) => {
    depth += 1
    text = 0
    if (depth > BOUNDS.depth) failure ??= refused('file_nested_too_deep', { part, limit: BOUNDS.depth })
    if (tag.name === 'row') cells = 0
    else if (tag.name === 'c' && ++cells > BOUNDS.columns) failure ??= tooManyColumns(part)
  })
  parser.on('closetag', () => {
    depth -= 1
    text = 0
  })
  parser.on('text', (chunk) => {
    text += chunk.length
    if (text > BOUNDS.cellCharacters) failure ??= cellTooLong(part)
  })
  parser.on('error', (error) => {
    failure ??= refused('xlsx_unreadable', { reason: `${part}: ${error.message}` })
  })
  // saxes gathers a text or a tag whole before it says anything of it: bytes between two of < and > are counted here,
  // so that it never gathers more than a longest cell could take (up to four bytes a character, entities longer)
  let run = 0
  const longestRun = BOUNDS.cellCharacters * 8
  return {
    write(chunk: Buffer) {
      for (const byte of chunk) {
        if (byte === 0x3c || byte === 0x3e) run = 0
        else if (++run > longestRun) throw cellTooLong(part)
      }
      parser.write(decoder.decode(chunk, { stream: true }))
      if (failure) throw failure
    },
    close() {
      parser.write(decoder.decode())
      parser.close()
      if (failure) throw failure
    },
  }
}
