// Every location's scannable code, derived from its id: unique, stable through renames, and short enough for a
// Code 128 label of 62 mm. A scanner reads it back; the admin tells it from a product barcode by its form.
// No schema library here: the admin bundle imports this at run time.

const LOCATION_CODE = /^L(\d{6,10})$/

/** `L000042` for location 42. */
export const locationCode = (id: number) => `L${String(id).padStart(6, '0')}`

/** The location id a scanned code names, or undefined when the text is not a location code. */
export function locationIdOfCode(code: string): number | undefined {
  const match = LOCATION_CODE.exec(code.trim().toUpperCase())
  if (!match) return undefined
  const id = Number(match[1])
  return id >= 1 && id <= 2147483647 ? id : undefined
}
