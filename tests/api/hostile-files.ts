// Workbooks a hostile or careless sender could upload, built as Excel packs a workbook (a zip of XML parts) but with
// what Excel never writes: a sheet of one enormous cell, sizes that lie, rows too wide, XML nested thousands deep.
// The import's bounds tests and `npm run bench:imports` send them.
import JSZip from 'jszip'

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`
const sheet = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
  `<row r="1"><c r="A1" t="inlineStr"><is><t>sku</t></is></c></row>${rows}</sheetData></worksheet>`

/** A workbook of one sheet whose XML after the header row is `rows`, packed as Excel packs it (deflate). */
export async function workbook(rows: string): Promise<Buffer> {
  const zip = new JSZip()
  zip.file('[Content_Types].xml', CONTENT_TYPES)
  zip.file('_rels/.rels', RELS)
  zip.file('xl/workbook.xml', WORKBOOK)
  zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS)
  zip.file('xl/worksheets/sheet1.xml', sheet(rows))
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } })
}

/** The same file with the central directory saying `part` unpacks to `bytes` (a zip whose sizes lie). */
export function declaring(file: Buffer, part: string, bytes: number): Buffer {
  const lying = Buffer.from(file)
  const name = Buffer.from(part)
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02])
  for (let at = lying.indexOf(signature); at >= 0; at = lying.indexOf(signature, at + 4)) {
    const nameLength = lying.readUInt16LE(at + 28)
    if (lying.subarray(at + 46, at + 46 + nameLength).equals(name)) {
      lying.writeUInt32LE(bytes, at + 24)
      return lying
    }
  }
  throw new Error(`${part} is not in the file`)
}

export const cell = (text: string) => `<row r="2"><c r="A2" t="inlineStr"><is><t>${text}</t></is></c></row>`
