// A document's number as people read it and its PDF's barcode carries: kind, year and a count (PO-2026-00042). The
// admin tells a scanned number from a product code by its form. No schema library here: the admin imports it.

const DOCUMENT_NUMBER = /^[A-Z]{2,3}-\d{4}-\d{5,}$/

/** `PO-2026-00042` for the 42nd purchase order of 2026. */
export const documentNumber = (kind: string, year: number, count: number) => `${kind}-${year}-${String(count).padStart(5, '0')}`

/** Whether a scanned code has the form of a document's number. */
export const isDocumentNumber = (code: string) => DOCUMENT_NUMBER.test(code.trim().toUpperCase())
