// A purchase order as the supplier reads it: A4, in the supplier's language, our company and the delivery address of
// the warehouse, a line per product with the supplier's article number beside ours, the totals per currency, and the
// order number as a Code 128 barcode that the receiving screen scans to open the order.
import PDFDocument from 'pdfkit'
import type { Language, PurchaseOrder } from '../../../contract'

import type { DB } from '../../db'
import type { Mail } from '../account-mail'
import { drawBars, fitted, mm, pdfBytes, printable } from '../labels'
import { sentence, translated, type TextKey } from '../texts'

const say = (lang: Language, key: string, values: Record<string, string | number> = {}) =>
  sentence(lang, `purchase_orders.pdf.${key}` as TextKey, values)
// made once per language and currency: making a formatter costs more than a hundred uses of it, three per line
const formats = new Map<string, Intl.NumberFormat>()
const formatOf = (lang: Language, currency?: string) => {
  const key = `${lang}:${currency ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', currency ? { style: 'currency', currency } : {})
    formats.set(key, format)
  }
  return format
}
const money = (lang: Language, value: number, currency: string) => formatOf(lang, currency).format(value)
const count = (lang: Language, value: number) => formatOf(lang).format(value)

/** What the PDF prints besides the order: who orders, and where the goods go. */
export interface OrderPaper {
  company: string
  address: string | null
  lang: Language
}

/** The supplier's language and the warehouse's delivery address of an order. */
export async function paperOf(db: DB, order: PurchaseOrder, company: string, lang?: Language): Promise<OrderPaper> {
  const [supplier, warehouse] = await Promise.all([
    db.selectFrom('organizations').select('language').where('id', '=', order.supplier_id).executeTakeFirstOrThrow(),
    db.selectFrom('warehouses').select('address').where('id', '=', order.warehouse_id).executeTakeFirstOrThrow(),
  ])
  return { company, address: warehouse.address, lang: lang ?? supplier.language }
}

const PAGE = { width: mm(210), height: mm(297), margin: mm(18) }
/** the table's columns: their share of the width and their alignment */
const COLUMNS = [
  { key: 'line', width: 0.05, align: 'left' },
  { key: 'sku', width: 0.15, align: 'left' },
  { key: 'supplier_sku', width: 0.14, align: 'left' },
  { key: 'description', width: 0.28, align: 'left' },
  { key: 'quantity', width: 0.08, align: 'right' },
  { key: 'unit_price', width: 0.14, align: 'right' },
  { key: 'amount', width: 0.16, align: 'right' },
] as const

/** The order as an A4 PDF. */
export async function purchaseOrderPdf(order: PurchaseOrder, paper: OrderPaper): Promise<Buffer> {
  const { lang } = paper
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, autoFirstPage: false })
  doc.info.Title = `${say(lang, 'title')} ${order.number}`
  doc.info.Creator = 'Stockroom'
  const bytes = pdfBytes(doc)
  const left = PAGE.margin
  const width = PAGE.width - 2 * PAGE.margin
  const bottom = PAGE.height - PAGE.margin
  const text = (
    value: string,
    x: number,
    y: number,
    options: { size?: number; bold?: boolean; width?: number; align?: 'left' | 'right' } = {},
  ) => {
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.size ?? 10)
    const room = options.width ?? width
    const shown = fitted(doc, printable(value), room)
    // placed here, without a width: pdfkit's line wrapper measured every cell again, word by word
    const at = options.align === 'right' ? x + room - doc.widthOfString(shown) : x
    doc.text(shown, at, y, { lineBreak: false })
  }

  let y = 0
  const tableHeader = () => {
    let x = left
    for (const column of COLUMNS) {
      text(say(lang, column.key), x, y, { bold: true, size: 9, width: column.width * width - 4, align: column.align })
      x += column.width * width
    }
    y += 14
    doc
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .lineWidth(0.5)
      .stroke()
  }
  const newPage = () => {
    doc.addPage()
    y = PAGE.margin
    text(paper.company, left, y, { bold: true, size: 16, width: width * 0.6 })
    text(`${say(lang, 'title')} ${order.number}`, left, y + 22, { bold: true, size: 13, width: width * 0.6 })
    drawBars(doc, { symbology: 'CODE128', value: order.number }, left + width * 0.6, y, width * 0.4, mm(16))
    y += 50
  }

  newPage()
  const facts: [string, string][] = [
    [say(lang, 'supplier'), order.supplier_name],
    [say(lang, 'deliver_to'), [order.warehouse_name, ...(paper.address ?? '').split(/\r?\n/)].filter(Boolean).join(', ')],
    [say(lang, 'date'), (order.sent_at ?? order.created_at).slice(0, 10)],
    ...(order.expected_date ? [[say(lang, 'expected'), order.expected_date] as [string, string]] : []),
    ...(order.note ? [[say(lang, 'note'), order.note] as [string, string]] : []),
  ]
  for (const [label, value] of facts) {
    text(label, left, y, { bold: true, width: width * 0.2 })
    text(value, left + width * 0.2, y, { width: width * 0.8 })
    y += 15
  }
  y += 10
  tableHeader()
  for (const [index, line] of order.lines.entries()) {
    if (y > bottom - 40) {
      // other requests are answered between pages: a 1,000-line order is 20 pages, drawn for a few hundred ms
      await new Promise((resolve) => setImmediate(resolve))
      newPage()
      tableHeader()
    }
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      line: String(index + 1),
      sku: line.sku ?? '',
      supplier_sku: line.supplier_sku ?? '',
      description: line.description ?? '',
      quantity: count(lang, line.quantity),
      unit_price: line.unit_price !== null && line.currency ? money(lang, line.unit_price, line.currency) : '',
      amount: line.unit_price !== null && line.currency ? money(lang, line.unit_price * line.quantity, line.currency) : '',
    }
    let x = left
    for (const column of COLUMNS) {
      text(cells[column.key], x, y, { size: 9, width: column.width * width - 4, align: column.align })
      x += column.width * width
    }
    y += 13
  }
  y += 6
  for (const total of order.totals) {
    text(`${say(lang, 'total')} ${total.currency}`, left + width * 0.6, y, { bold: true, width: width * 0.2, align: 'right' })
    text(money(lang, total.value, total.currency), left + width * 0.8, y, { bold: true, width: width * 0.2 - 4, align: 'right' })
    y += 14
  }
  text(translated(lang, 'stockroom.name'), left, bottom - 10, { size: 7 })
  doc.end()
  return bytes
}

/** The mail that sends the order to the supplier, in their language, with its PDF. */
export async function orderMail(to: string, order: PurchaseOrder, paper: OrderPaper): Promise<Mail> {
  const pdf = await purchaseOrderPdf(order, paper)
  const values = { number: order.number, company: paper.company, supplier: order.supplier_name, warehouse: order.warehouse_name }
  return {
    to,
    subject: sentence(paper.lang, 'purchase_orders.mail.subject', values),
    text: sentence(paper.lang, 'purchase_orders.mail.text', values),
    attachments: [{ filename: `${order.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  }
}
