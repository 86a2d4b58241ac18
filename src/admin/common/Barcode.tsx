// The product's EAN-13 barcode drawn by jsbarcode with the defaults of SPEC §9. A value the symbology rejects
// shows a sentence instead of breaking the page.
import { useCallback, useMemo, useState } from 'react'
import { Alert } from '@mui/material'
import JsBarcode from 'jsbarcode'
import { productBarcodeKind } from '../../contract/barcodes'
import { useTranslate } from './translate'

export const BARCODE_OPTIONS = {
  format: 'EAN13',
  width: 2,
  height: 100,
  margin: 10,
  fontSize: 20,
  font: 'monospace',
  textMargin: 2,
} as const

/** 13 digits with the right check digit: the contract's one rule (jsbarcode would silently add a missing check digit) */
export const isValidEan13 = (value: string) => productBarcodeKind(value) === 'EAN-13'

export function Barcode({ value }: { value: string }) {
  const translate = useTranslate()
  const valid = useMemo(() => isValidEan13(value), [value])
  // kept with its value, so that a new value gets a fresh try
  const [drawError, setDrawError] = useState<{ value: string; message: string }>()

  // jsbarcode draws into the svg as React attaches it, and again for a new value (a new callback)
  const draw = useCallback(
    (svg: SVGSVGElement | null) => {
      if (!svg) return
      try {
        JsBarcode(svg, value, BARCODE_OPTIONS)
      } catch (error) {
        setDrawError({ value, message: error instanceof Error ? error.message : String(error) })
      }
    },
    [value],
  )

  if (!valid) return <Alert severity="warning">{translate('product_detail.barcode_invalid', { value })}</Alert>
  if (drawError?.value === value)
    return <Alert severity="warning">{translate('product_detail.barcode_failed', { message: drawError.message })}</Alert>
  return <svg ref={draw} role="img" aria-label={translate('product_detail.barcode_image', { value })} />
}
