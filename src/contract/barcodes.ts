// The GS1 product barcodes a scanner reads (EAN-8, UPC-A, EAN-13) and their check digit: one rule for the admin's
// scan recogniser and products filter, and for the server's import and product form when they check barcodes.
// No schema library here: the admin bundle imports this at run time.

export type ProductBarcodeKind = 'EAN-8' | 'UPC-A' | 'EAN-13'

const KIND_BY_LENGTH: Record<number, ProductBarcodeKind | undefined> = { 8: 'EAN-8', 12: 'UPC-A', 13: 'EAN-13' }

/** The GS1 check digit for `digits` (a code without its check digit): weights 3 and 1 from the right. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1)
  return (10 - (sum % 10)) % 10
}

/** The kind of a whole product barcode (8, 12 or 13 digits ending in the right check digit), else undefined. */
export function productBarcodeKind(code: string): ProductBarcodeKind | undefined {
  const kind = KIND_BY_LENGTH[code.length]
  if (!kind || !/^\d+$/.test(code)) return undefined
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.slice(-1)) ? kind : undefined
}

export const isProductBarcode = (code: string) => productBarcodeKind(code) !== undefined

/** Digits only, yet no whole EAN or UPC: a code cut off or misread on its way, never a product's barcode to look for. */
export const isBrokenProductBarcode = (code: string) => /^\d+$/.test(code) && !isProductBarcode(code)
