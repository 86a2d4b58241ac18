// One listener for scans, mounted once in the layout: a hand-held scanner's keys anywhere in the signed-in app, and
// the camera's finds, arrive here. Screens that know better subscribe with useScan (the stock tab takes location
// codes, the products list filters); what no screen takes opens the product with that barcode.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useDataProvider, useNotify } from 'ra-core'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router-dom'
import { locationIdOfCode } from '../../../contract/location-codes'
import { ScanDetector } from './scanDetector'
import { useScannerPrefix } from './scannerPrefix'
import { isLoadedSku, isOrderedCode } from './loadedSkus'
import { signalScan } from './feedback'
import { findScannedProducts } from './findScannedProduct'

/** Takes a scanned code and answers true, or answers false to leave it to the next one. */
export type ScanHandler = (code: string) => boolean | Promise<boolean>

interface Scanner {
  subscribe: (handler: ScanHandler) => () => void
  /** a code read some other way (the camera): handled as a scan */
  scanned: (code: string) => Promise<void>
}

const ScannerContext = createContext<Scanner | null>(null)

type Field = HTMLInputElement | HTMLTextAreaElement
const isField = (target: EventTarget | null): target is Field => target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement

/** A field that names something (a new warehouse or location) keeps whatever is typed or scanned into it. */
export const TAKES_TEXT = { 'data-scan': 'text' } as const
const takesText = (target: EventTarget | null) => target instanceof HTMLElement && target.dataset.scan === 'text'

/** Puts back what a field held before the scanner typed into it, so React's state follows too. */
function restore(field: Field, value: string) {
  if (field.value === value) return
  // the prototype's setter: React watches the element's own one and would not see the change
  const prototype = Object.getPrototypeOf(field) as HTMLInputElement
  Reflect.set(prototype, 'value', value, field)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * What a scan does when no screen takes it: open the product with that barcode, or with that SKU when it is a
 * loaded product's (its stock tab from a stock tab).
 */
function useOpenScannedProduct() {
  const dataProvider = useDataProvider()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const notify = useNotify()
  const { pathname } = useLocation()
  const onStockTab = pathname.endsWith('/stock')
  return useCallback(
    async (code: string) => {
      if (locationIdOfCode(code) !== undefined) {
        signalScan('missed')
        notify('floor.scan.location_elsewhere', { type: 'info', messageArgs: { code } })
        return
      }
      try {
        const { filter, products: data } = await findScannedProducts(dataProvider, queryClient, code)
        signalScan(data.length > 0 ? 'found' : 'missed')
        if (data.length === 1) navigate(`/products/${data[0].id}${onStockTab ? '/stock' : ''}`)
        else if (data.length > 1) navigate(`/products?filter=${encodeURIComponent(JSON.stringify(filter))}`)
        else notify('floor.scan.not_found', { type: 'warning', messageArgs: { code } })
      } catch (error) {
        signalScan('missed')
        notify((error as Error).message, { type: 'error' })
      }
    },
    [dataProvider, queryClient, navigate, notify, onStockTab],
  )
}

export function ScannerProvider({ children }: { children: ReactNode }) {
  const handlers = useRef<ScanHandler[]>([])
  const openProduct = useOpenScannedProduct()
  const fallback = useRef(openProduct)
  useEffect(() => {
    fallback.current = openProduct
  }, [openProduct])

  const notify = useNotify()
  const scanned = useCallback(
    async (code: string) => {
      try {
        // the screen that subscribed last (the one on top) is asked first
        for (const handler of [...handlers.current].reverse()) if (await handler(code)) return
        await fallback.current(code)
      } catch (error) {
        // a lookup that failed (no network): the clerk is told, in their language, instead of a scan that did nothing
        notify((error as Error).message, { type: 'error' })
      }
    },
    [notify],
  )

  const queryClient = useQueryClient()
  const prefix = useScannerPrefix()
  useEffect(() => {
    const detector = new ScanDetector<EventTarget | null>({
      prefix,
      isKnownCode: (code) => isLoadedSku(queryClient, code) || isOrderedCode(queryClient, code),
    })
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing || takesText(event.target)) return detector.reset()
      if (event.key === 'Enter') {
        const scan = detector.enter(event.timeStamp)
        if (!scan) return
        // the Enter ends a scan, not a form: no field or button below sees it
        event.preventDefault()
        event.stopPropagation()
        const { target, valueBefore } = scan.start
        if (isField(target) && valueBefore !== undefined) restore(target, valueBefore)
        void scanned(scan.code)
      } else if (event.key.length === 1) {
        detector.key(event.key, event.timeStamp, event.target, isField(event.target) ? event.target.value : undefined)
      } else if (event.key !== 'Shift') detector.reset()
    }
    // capture: the scan's Enter is stopped before any field's own handler
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [scanned, prefix, queryClient])

  const scanner = useMemo<Scanner>(
    () => ({
      subscribe(handler) {
        handlers.current.push(handler)
        return () => {
          handlers.current = handlers.current.filter((h) => h !== handler)
        }
      },
      scanned,
    }),
    [scanned],
  )
  return <ScannerContext.Provider value={scanner}>{children}</ScannerContext.Provider>
}

/** The scanner of the layout: `scanned(code)` hands it a code read another way. */
export function useScanner(): Scanner {
  const scanner = useContext(ScannerContext)
  if (!scanner) throw new Error('useScanner needs the ScannerProvider of the layout')
  return scanner
}

/**
 * Lets a screen take scans while it is shown: `handler` answers true for a code it took (a location code on the
 * stock tab, a stock count's next line), false to leave it to the rest (at last: open the product).
 */
export function useScan(handler: ScanHandler, enabled = true) {
  const scanner = useContext(ScannerContext)
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  }, [handler])
  useEffect(() => {
    if (!scanner || !enabled) return
    return scanner.subscribe((code) => latest.current(code))
  }, [scanner, enabled])
}
