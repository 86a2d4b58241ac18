// The product's EAN-13 barcode drawn by jsbarcode with the defaults of SPEC §9. A value the symbology rejects
// shows a sentence instead of breaking the page.
import { useCallback, useMemo, useState } from 'react'
import { Alert } from '@mui/material'
import { useTranslate } from 'ra-core'
import JsBarcode from 'jsbarcode'

export const BARCODE_OPTIONS = {
  format: 'EAN13',
  width: 2,
  height: 100,
  margin: 10,
  fontSize: 20,
  font: 'monospace',
  textMargin: 2,
} as const

/** jsbarcode's own check (digits, check digit); 13 digits required, since it would silently add a missing check digit */
export function isValidEan13(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false
  let valid = false
  // an object target only encodes: nothing is drawn, `valid` reports the verdict instead of throwing
  JsBarcode({}, value, { format: BARCODE_OPTIONS.format, valid: (ok: boolean) => (valid = ok) })
  return valid
}

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
