// The one check-digit rule of product barcodes (src/contract/barcodes.ts), used by the admin's scan recogniser and
// products filter, and meant for the server's import: GS1's published examples, and the supplier files' mistakes.
import { describe, expect, it } from 'vitest'
import { gs1CheckDigit, isBrokenProductBarcode, isProductBarcode, productBarcodeKind } from '../../src/contract'

describe('product barcodes', () => {
  it('computes the GS1 check digit (weights 3 and 1 from the right)', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1)
    expect(gs1CheckDigit('9638507')).toBe(4)
    expect(gs1CheckDigit('03600029145')).toBe(2)
    expect(gs1CheckDigit('000000000000')).toBe(0)
  })

  it('knows EAN-8, UPC-A and EAN-13 with a right check digit', () => {
    expect(productBarcodeKind('96385074')).toBe('EAN-8')
    expect(productBarcodeKind('73513537')).toBe('EAN-8')
    expect(productBarcodeKind('036000291452')).toBe('UPC-A')
    expect(productBarcodeKind('4006381333931')).toBe('EAN-13')
    expect(productBarcodeKind('5012345678900')).toBe('EAN-13')
    expect(productBarcodeKind('8712345678906')).toBe('EAN-13')
  })

  it('refuses a wrong check digit, a wrong length, letters and blanks', () => {
    expect(productBarcodeKind('4006381333932')).toBeUndefined()
    expect(productBarcodeKind('96385075')).toBeUndefined()
    expect(productBarcodeKind('036000291453')).toBeUndefined()
    // 11 digits: a UPC-A without its check digit, or a cut-off EAN
    expect(productBarcodeKind('03600029145')).toBeUndefined()
    expect(productBarcodeKind('0000079328')).toBeUndefined()
    // 14 digits is a carton's GTIN-14, not a product barcode a clerk scans here
    expect(productBarcodeKind('40063813339310')).toBeUndefined()
    expect(productBarcodeKind('400638133393A')).toBeUndefined()
    expect(productBarcodeKind('4006 381333931')).toBeUndefined()
    expect(productBarcodeKind(' 4006381333931')).toBeUndefined()
    expect(productBarcodeKind('')).toBeUndefined()
    expect(isProductBarcode('L000042')).toBe(false)
  })

  it('calls digits that are no whole EAN or UPC broken, and leaves other text (a Code 128 label) alone', () => {
    expect(isBrokenProductBarcode('0000079328')).toBe(true)
    expect(isBrokenProductBarcode('4006381333932')).toBe(true)
    expect(isBrokenProductBarcode('4006381333931')).toBe(false)
    expect(isBrokenProductBarcode('ACME-77')).toBe(false)
    expect(isBrokenProductBarcode('L000042')).toBe(false)
  })
})
