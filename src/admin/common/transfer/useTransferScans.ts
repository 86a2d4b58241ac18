// Scans in the transfer form, in the order a clerk walks: the location to take from, the one to put in, then each
// product, one more a scan. While the form is open it takes every scan, so none changes the form behind it or opens
// another product and throws the half-filled form away. What each scan did is said in the form (aria-live).
import type { Dispatch, SetStateAction } from 'react'
import { useDataProvider } from 'ra-core'
import { useQueryClient } from '@tanstack/react-query'
import type { StockPlace } from '../../../contract'
import { locationIdOfCode } from '../../../contract/location-codes'
import { findScannedProducts, useScan, useScanNotice } from '../scanning'
import { useTranslate } from '../translate'
import { parseQuantity, productLabel, type DraftLine } from './transferForm'

interface TransferScanTarget {
  open: boolean
  places: StockPlace[]
  from: number | ''
  to: number | ''
  setFrom: (id: number) => void
  setTo: (id: number) => void
  setLines: Dispatch<SetStateAction<DraftLine[]>>
  /** the one product of a transfer from its stock tab: only its scans count */
  product?: { id: number; label: string }
}

/** One more of the product: its line's amount plus one, or a new line of 1 at the end (the lines above stay put). */
export function addOne(lines: DraftLine[], product: { id: number; label: string }): DraftLine[] {
  const known = lines.some((line) => line.product_id === product.id)
  if (!known) return [...lines, { product_id: product.id, label: product.label, amount: '1' }]
  return lines.map((line) => (line.product_id === product.id ? { ...line, amount: String((parseQuantity(line.amount) ?? 0) + 1) } : line))
}

export function useTransferScans({ open, places, from, to, setFrom, setTo, setLines, product }: TransferScanTarget) {
  const translate = useTranslate()
  const dataProvider = useDataProvider()
  const queryClient = useQueryClient()
  const { said, tell, clearSaid } = useScanNotice()

  useScan(async (code) => {
    const locationId = locationIdOfCode(code)
    if (locationId !== undefined) {
      const place = places.find((candidate) => candidate.location_id === locationId)
      if (!place) return (tell(false, translate('floor.scan.location_unknown', { code })), true)
      const name = `${place.warehouse_name} / ${place.location_name}`
      // the first location scanned is the source, the next another one the destination; later ones change the destination
      if (from === '' || (from === locationId && to === '')) {
        if (from === locationId) return (tell(false, translate('transfers.dialog.same_place')), true)
        setFrom(locationId)
        return (tell(true, translate('transfers.scan.from', { name })), true)
      }
      if (locationId === from) return (tell(false, translate('transfers.dialog.same_place')), true)
      setTo(locationId)
      return (tell(true, translate('transfers.scan.to', { name })), true)
    }
    try {
      const { products } = await findScannedProducts(dataProvider, queryClient, code)
      if (products.length !== 1) return (tell(false, translate('floor.scan.not_found', { code })), true)
      const [found] = products
      const label = productLabel(found)
      if (product && found.id !== product.id) return (tell(false, translate('transfers.scan.other_product', { product: label })), true)
      // from the lines as they are when it lands: two scans whose lookups answer together both count
      setLines((lines) => addOne(lines, { id: found.id, label: product?.label ?? label }))
      tell(true, translate('transfers.scan.added', { product: label }))
    } catch (failure) {
      tell(false, `${code}: ${(failure as Error).message}`)
    }
    return true
  }, open)

  return { said, clearSaid }
}
