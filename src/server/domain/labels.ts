// Labels as PDF (pdfkit): a product's barcode (EAN-13 when it is a valid one, else Code 128), article number,
// description and SKU; a location's code as Code 128 with its warehouse and name. The bars are drawn as rectangles
// from jsbarcode's encoding (the same encoder the product tab draws with), so they stay sharp at any printer's dots.
import JsBarcode from 'jsbarcode'
import PDFDocument from 'pdfkit'
import {
  DEFAULT_LABEL_LAYOUT,
  LABEL_LAYOUTS,
  MAX_LABELS,
  type LabelLayoutName,
  type LocationLabelsQuery,
  type ProductLabelsQuery,
} from '../../contract'
import type { DB } from '../db'
import { locationRepository } from '../db/repositories/locations'
import { Invalid, ruleItem } from './errors'
import { assertReferencesExist } from './references'

const POINTS_PER_MM = 72 / 25.4
export const mm = (millimetres: number) => millimetres * POINTS_PER_MM

type Symbology = 'EAN13' | 'CODE128'
interface Line {
  text: string
  size: number
  bold?: boolean
}
/** What one label shows: lines of text above its bars, and the bars with their value beneath. */
export interface LabelContent {
  lines: Line[]
  barcode?: { symbology: Symbology; value: string }
}

/** The modules (1 = bar, 0 = space) of a value in a symbology, or undefined when it cannot encode it. */
function modulesOf(symbology: Symbology, value: string): string | undefined {
  let valid = true
  const encoded: { encodings?: { data: string }[] } = {}
  try {
    // an object target only encodes; `valid` reports a value the symbology refuses (a wrong EAN check digit)
    JsBarcode(encoded, value, { format: symbology, flat: true, valid: (ok: boolean) => (valid = ok) })
  } catch {
    return undefined
  }
  return valid ? encoded.encodings?.map((e) => e.data).join('') : undefined
}

/** EAN-13 for 13 digits with a right check digit, Code 128 for any other printable ASCII, else no bars. */
export function symbologyFor(barcode: string): Symbology | undefined {
  if (/^\d{13}$/.test(barcode) && modulesOf('EAN13', barcode)) return 'EAN13'
  return /^[\x20-\x7e]+$/.test(barcode) && modulesOf('CODE128', barcode) ? 'CODE128' : undefined
}

/** pdfkit's built-in Helvetica speaks WinAnsi (Latin-1 and a few more): anything else prints as '?'. */
export const printable = (text: string) => [...text].map((c) => (/[\x20-\x7e\xa0-\xff€…–—‘’“”]/.test(c) ? c : '?')).join('')

/** The text cut with an ellipsis to fit `width` points in the current font. */
export function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text
  // the longest start that fits beside the ellipsis, found by halving: a cut a character at a time measured a long
  // description forty times, in each of a 1,000-line purchase order's cells
  let [fits, tooLong] = [0, text.length]
  while (tooLong - fits > 1) {
    const middle = (fits + tooLong) >> 1
    if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) fits = middle
    else tooLong = middle
  }
  return `${text.slice(0, fits)}…`
}

/** Quiet zones in modules either side, as the symbologies ask. */
const QUIET = { EAN13: [11, 7], CODE128: [10, 10] } as const
/** bars no wider than this: wider only waste the label */
const MAX_MODULE = mm(0.5)

export function drawBars(
  doc: PDFKit.PDFDocument,
  barcode: NonNullable<LabelContent['barcode']>,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const modules = modulesOf(barcode.symbology, barcode.value)
  if (!modules) return
  const [left, right] = QUIET[barcode.symbology]
  const module = Math.min(MAX_MODULE, width / (modules.length + left + right))
  const textSize = Math.min(8, height * 0.3)
  const barHeight = height - textSize - 1
  const start = x + (width - modules.length * module) / 2
  for (let i = 0; i < modules.length;) {
    if (modules[i] !== '1') {
      i++
      continue
    }
    let run = 1
    while (modules[i + run] === '1') run++
    doc.rect(start + i * module, y, run * module, barHeight)
    i += run
  }
  doc.fill('black')
  doc
    .font('Helvetica')
    .fontSize(textSize)
    .text(barcode.value, x, y + barHeight + 1, { width, align: 'center', lineBreak: false })
}

function drawLabel(doc: PDFKit.PDFDocument, content: LabelContent, x: number, y: number, width: number, height: number, padding: number) {
  const inner = { x: x + padding, y: y + padding, width: width - 2 * padding, height: height - 2 * padding }
  let top = inner.y
  for (const line of content.lines) {
    doc.font(line.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(line.size)
    doc.text(fitted(doc, printable(line.text), inner.width), inner.x, top, { lineBreak: false })
    top += line.size * 1.15
  }
  const barsHeight = inner.y + inner.height - top - 1
  if (content.barcode && barsHeight > 8) drawBars(doc, content.barcode, inner.x, top + 1, inner.width, barsHeight)
}

/** The bytes of a document once it has ended. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
}

/** The labels laid out on pages of `layout`, as a PDF. */
export function labelsPdf(labels: LabelContent[], layoutName: LabelLayoutName, title: string): Promise<Buffer> {
  const layout = LABEL_LAYOUTS[layoutName]
  const perPage = layout.columns * layout.rows
  const padding = mm(layout.columns === 1 ? 2 : 3)
  // the grid sits in the middle of the page: an A4 sheet's 8 rows of 37 mm leave half a millimetre above and below
  const offsetX = mm((layout.page.width - layout.columns * layout.label.width) / 2)
  const offsetY = mm((layout.page.height - layout.rows * layout.label.height) / 2)
  const doc = new PDFDocument({ size: [mm(layout.page.width), mm(layout.page.height)], margin: 0, autoFirstPage: false })
  doc.info.Title = title
  doc.info.Creator = 'Stockroom'
  const done = pdfBytes(doc)
  labels.forEach((label, index) => {
    const slot = index % perPage
    if (slot === 0) doc.addPage()
    const column = slot % layout.columns
    const row = Math.floor(slot / layout.columns)
    drawLabel(
      doc,
      label,
      offsetX + mm(column * layout.label.width),
      offsetY + mm(row * layout.label.height),
      mm(layout.label.width),
      mm(layout.label.height),
      padding,
    )
  })
  if (labels.length === 0) doc.addPage()
  doc.end()
  return done
}

function checkCount(records: number, copies: number) {
  if (records * copies > MAX_LABELS)
    throw Invalid.rule(['query', 'copies'], 'labels_too_many', { limit: MAX_LABELS, records, copies, total: records * copies })
}
const repeated = <T>(items: T[], copies: number) => items.flatMap((item) => Array.from({ length: copies }, () => item))

export function productLabel(product: {
  article_number: string | null
  description: string | null
  sku: string | null
  barcode: string | null
}) {
  const barcode = product.barcode?.trim()
  const symbology = barcode ? symbologyFor(barcode) : undefined
  const content: LabelContent = {
    lines: [
      { text: product.article_number ?? '', size: 9, bold: true },
      { text: product.description ?? '', size: 7 },
      { text: product.sku ? `SKU ${product.sku}` : '', size: 7 },
    ],
  }
  return symbology ? { ...content, barcode: { symbology, value: barcode! } } : content
}

/** Labels of the products named, in the order named (a product named twice twice: a receipt's units), `copies` of each. */
export async function productLabels(db: DB, query: ProductLabelsQuery): Promise<Buffer> {
  const ids = query.id
  const copies = query.copies ?? 1
  checkCount(ids.length, copies)
  const rows = await db
    .selectFrom('products')
    .select(['id', 'article_number', 'description', 'sku', 'barcode'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  const missing = [...new Set(ids)].filter((id) => !byId.has(id))
  if (missing.length > 0) throw new Invalid(missing.map((id) => ruleItem(['query', 'id'], 'product_missing', { id })))
  const labels = ids.map((id) => productLabel(byId.get(id)!))
  return labelsPdf(repeated(labels, copies), query.layout ?? DEFAULT_LABEL_LAYOUT, 'Product labels')
}

/** Labels of a warehouse's locations (all, or those named), by name, `copies` of each. */
export async function locationLabels(db: DB, query: LocationLabelsQuery): Promise<Buffer> {
  await assertReferencesExist(db, { warehouse_id: query.warehouse_id }, 'query')
  const ids = query.id && [...new Set(query.id)]
  const warehouse = await db
    .selectFrom('warehouses')
    .select('warehouse_name')
    .where('id', '=', query.warehouse_id)
    .executeTakeFirstOrThrow()
  const locations = await locationRepository.forLabels(db, query.warehouse_id, ids)
  const missing = (ids ?? []).filter((id) => !locations.some((location) => location.id === id))
  if (missing.length > 0) throw new Invalid(missing.map((id) => ruleItem(['query', 'id'], 'label_location_elsewhere', { id })))
  const copies = query.copies ?? 1
  checkCount(locations.length, copies)
  const labels = locations.map((location): LabelContent => ({
    lines: [
      { text: warehouse.warehouse_name, size: 7 },
      { text: location.location_name, size: 11, bold: true },
    ],
    barcode: { symbology: 'CODE128', value: location.code },
  }))
  return labelsPdf(repeated(labels, copies), query.layout ?? DEFAULT_LABEL_LAYOUT, `Location labels: ${warehouse.warehouse_name}`)
}
