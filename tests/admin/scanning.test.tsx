// The scan listener: a hand-held scanner is told from typing by its pace and by what it reads (each key's timeStamp
// is set on the event, so no test waits), its Enter never reaches the field, the field gets back what it held, and
// the code goes to the screen that takes it, or opens the product with that barcode.
import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { DataProvider } from 'ra-core'
import { useLocation } from 'react-router-dom'
import { ScanDetector, ScannerProvider, SCAN_TIMING, storeScannerPrefix, useScan } from '../../src/admin/common/scanning'
import { renderInAdmin } from './render'

describe('ScanDetector', () => {
  const typed = (detector: ScanDetector<string>, text: string, start: number, gap: number) =>
    [...text].forEach((char, i) => detector.key(char, start + i * gap, 'field', ''))

  it('takes characters within a few milliseconds of each other, ended by Enter, for a scan', () => {
    const detector = new ScanDetector<string>()
    typed(detector, '4006381333931', 1000, 8)
    expect(detector.enter(1000 + 13 * 8)).toEqual({ code: '4006381333931', start: { target: 'field', valueBefore: '' } })
  })

  it('takes typing for typing: a person pauses longer, and short codes are not scans', () => {
    const detector = new ScanDetector<string>()
    typed(detector, '4006381333931', 1000, 120)
    expect(detector.enter(1000 + 13 * 120)).toBeUndefined()
    typed(detector, '12345', 5000, 5)
    expect(detector.enter(5025)).toBeUndefined()
    // an Enter pressed after a pause: the burst before it was not the scanner's
    typed(detector, 'L000042', 9000, 5)
    expect(detector.enter(9035 + SCAN_TIMING.maxJitterMs + SCAN_TIMING.clockSlackMs + 0.1)).toBeUndefined()
  })

  it("takes a busy phone's keys 100 ms apart as the browser's coarsened clock reads them (100.1 ms) for a scan", () => {
    const detector = new ScanDetector<string>()
    const gaps = [11, 100.1, 40, 99.9, 100.1, 98, 64]
    let at = 2000
    ;[...'L000042'].forEach((char, i) => detector.key(char, (at += gaps[i]), 'field', 'A-01'))
    expect(detector.enter(at + 100.1)).toEqual({ code: 'L000042', start: { target: 'field', valueBefore: 'A-01' } })
    // a pause a clock cannot have made of 100 ms ends the burst: what follows is typed
    at = 5000
    ;[...'L000042'].forEach((char, i) => detector.key(char, (at += i === 3 ? 101.5 : 20), 'field', ''))
    expect(detector.enter(at + 20)).toBeUndefined()
  })

  it('starts a new burst after a pause: what was typed before is not part of the scan', () => {
    const detector = new ScanDetector<string>()
    detector.key('x', 0, 'field', 'before')
    typed(detector, 'L000042', 500, 6)
    expect(detector.enter(500 + 7 * 6)).toEqual({ code: 'L000042', start: { target: 'field', valueBefore: '' } })
  })
})

/** Sends the keys of `text` and Enter to `target`, `gap` ms apart on the events' own clock. */
function keys(target: Element, text: string, gap: number, typeInto?: HTMLInputElement) {
  let at = 10_000
  const send = (key: string) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
    Object.defineProperty(event, 'timeStamp', { value: (at += gap) })
    const delivered = target.dispatchEvent(event)
    // what the browser would then do: the character lands in the focused field
    if (delivered && typeInto && key.length === 1) fireEvent.change(typeInto, { target: { value: typeInto.value + key } })
  }
  act(() => {
    for (const char of text) send(char)
    send('Enter')
  })
}

function Field({ onEnter }: { onEnter: () => void }) {
  const [value, setValue] = useState('abc')
  return (
    <input
      aria-label="Note"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => event.key === 'Enter' && onEnter()}
    />
  )
}

function Screen({ take, onEnter }: { take: (code: string) => boolean; onEnter: () => void }) {
  useScan(take)
  // a product list this browser has loaded: its SKUs are known codes
  const queryClient = useQueryClient()
  useEffect(() => {
    queryClient.setQueryData(['products', 'getList', {}], { data: [{ id: 7, sku: 'FL-0001' }], total: 1 })
  }, [queryClient])
  const { pathname } = useLocation()
  return (
    <>
      <Field onEnter={onEnter} />
      <p>at {pathname}</p>
    </>
  )
}

const dataProvider = (products: { id: number; sku?: string }[]) =>
  ({ getList: vi.fn(() => Promise.resolve({ data: products, total: products.length })) }) as unknown as DataProvider & {
    getList: ReturnType<typeof vi.fn>
  }

function renderScreen(take: (code: string) => boolean, products: { id: number; sku?: string }[] = []) {
  const onEnter = vi.fn()
  const provider = dataProvider(products)
  const element = (
    <ScannerProvider>
      <Screen take={take} onEnter={onEnter} />
    </ScannerProvider>
  )
  renderInAdmin({ '/products/:id': element, '/products': element, '/': element }, { at: '/', dataProvider: provider })
  return { onEnter, provider, field: screen.getByRole<HTMLInputElement>('textbox', { name: 'Note' }) }
}

describe('ScanDetector on a busy phone: keys up to 100 ms apart', () => {
  /** `text` and Enter with the gaps given in turn (11 to 100 ms, as a busy phone delivers a scanner's keys) */
  const jittered = (detector: ScanDetector<string>, text: string, gaps = [11, 75, 40, 100, 23, 98]) => {
    let at = 1000
    ;[...text].forEach((char, i) => detector.key(char, (at += gaps[i % gaps.length]), 'Amount', ''))
    return detector.enter(at + gaps[text.length % gaps.length])
  }
  const codeOf = (scan: ReturnType<ScanDetector<string>['enter']>) => scan?.code

  it('takes a location code and a whole EAN-8, UPC-A or EAN-13 for a scan', () => {
    const detector = new ScanDetector<string>()
    expect(jittered(detector, 'L000469')).toEqual({ code: 'L000469', start: { target: 'Amount', valueBefore: '' } })
    expect(codeOf(jittered(detector, '96385074'))).toBe('96385074')
    expect(codeOf(jittered(detector, '036000291452'))).toBe('036000291452')
    expect(codeOf(jittered(detector, '4006381333931'))).toBe('4006381333931')
  })

  it('leaves what reads as no code to the field: a wrong check digit, 11 digits, letters, a cut-off code, words', () => {
    const detector = new ScanDetector<string>()
    for (const text of ['4006381333932', '03600029145', '40063813339A1', '000469', 'Scanned in'])
      expect({ text, scan: jittered(detector, text) }).toEqual({ text, scan: undefined })
    // the same keys at a scanner's own pace are a scan whatever they read (a Code 128 label)
    typedFast(detector, 'ACME-0077')
    expect(detector.enter(2000)).toEqual({ code: 'ACME-0077', start: { target: 'Amount', valueBefore: '' } })
  })

  it('takes a SKU the app knows, and no other', () => {
    const detector = new ScanDetector<string>({ isKnownCode: (code) => code === 'FL-0001' })
    expect(codeOf(jittered(detector, 'FL-0001'))).toBe('FL-0001')
    expect(jittered(detector, 'FL-0002')).toBeUndefined()
  })

  it('honours a configured prefix: what follows it is a scan whatever it reads, without the prefix', () => {
    const detector = new ScanDetector<string>({ prefix: '$$' })
    expect(codeOf(jittered(detector, '$$ACME-77'))).toBe('ACME-77')
    expect(jittered(detector, 'ACME-77')).toBeUndefined()
    // the prefix alone is no code
    expect(jittered(detector, '$$')).toBeUndefined()
    // a second scanner without the prefix still scans floor codes
    expect(codeOf(jittered(detector, 'L000042'))).toBe('L000042')
  })

  it('leaves codes typed by hand (a key more than 100 ms after the one before) to the field', () => {
    // later than any coarsened clock could make of 100 ms
    const late = SCAN_TIMING.maxJitterMs + SCAN_TIMING.clockSlackMs + 1
    const detector = new ScanDetector<string>({ isKnownCode: () => true })
    for (const text of ['L000042', '4006381333931', '96385074']) {
      typed(detector, text, 1000, late)
      expect(detector.enter(1000 + text.length * late)).toBeUndefined()
    }
    // one key more than 100 ms late splits the burst: its end alone reads as no code
    const floorCodesOnly = new ScanDetector<string>()
    for (const [i, char] of [...'4006381333931'].entries()) floorCodesOnly.key(char, 5000 + i * 60 + (i >= 6 ? late : 0), 'Amount', '')
    expect(floorCodesOnly.enter(5000 + 13 * 60 + late)).toBeUndefined()
  })

  const typed = (detector: ScanDetector<string>, text: string, start: number, gap: number) =>
    [...text].forEach((char, i) => detector.key(char, start + i * gap, 'Amount', ''))
  const typedFast = (detector: ScanDetector<string>, text: string) => typed(detector, text, 2000 - text.length * 8, 8)
})

describe('ScannerProvider', () => {
  it("gives a scan typed into a field to the screen, keeps the scan's Enter from the field and puts its text back", async () => {
    const take = vi.fn(() => true)
    const { onEnter, field } = renderScreen(take)
    field.focus()
    keys(field, 'L000042', 6, field)
    await waitFor(() => expect(take).toHaveBeenCalledWith('L000042'))
    expect(onEnter).not.toHaveBeenCalled()
    expect(field).toHaveValue('abc')
  })

  it('takes a SKU of a loaded product and a prefixed code at a busy phone pace (90 ms a key), and leaves others to the field', async () => {
    const take = vi.fn(() => true)
    const { onEnter, field } = renderScreen(take)
    field.focus()
    keys(field, 'FL-0001', 90, field)
    await waitFor(() => expect(take).toHaveBeenCalledWith('FL-0001'))
    expect(field).toHaveValue('abc')
    keys(field, 'ACME-77', 90, field)
    expect(onEnter).toHaveBeenCalledTimes(1)
    expect(field).toHaveValue('abcACME-77')
    // the prefix the scanner is set to send: what follows it is the code
    act(() => storeScannerPrefix('$$'))
    keys(field, '$$ACME-77', 90, field)
    await waitFor(() => expect(take).toHaveBeenCalledWith('ACME-77'))
    expect(field).toHaveValue('abcACME-77')
    expect(onEnter).toHaveBeenCalledTimes(1)
    act(() => storeScannerPrefix(''))
  })

  it('leaves typing alone: the field keeps it and its Enter', () => {
    const take = vi.fn(() => true)
    const { onEnter, field } = renderScreen(take)
    field.focus()
    keys(field, 'L000042', 150, field)
    expect(take).not.toHaveBeenCalled()
    expect(onEnter).toHaveBeenCalledTimes(1)
    expect(field).toHaveValue('abcL000042')
  })

  it('opens the product with the barcode when no screen takes the scan', async () => {
    const { provider } = renderScreen(() => false, [{ id: 7 }])
    keys(document.body, '4006381333931', 5)
    expect(await screen.findByText('at /products/7')).toBeInTheDocument()
    expect(provider.getList).toHaveBeenCalledWith('products', expect.objectContaining({ filter: { barcode: '4006381333931' } }))
  })

  it('opens the product of a scanned SKU this browser has loaded, by its whole SKU', async () => {
    const { provider } = renderScreen(
      () => false,
      [
        { id: 8, sku: 'FL-00010' },
        { id: 7, sku: 'FL-0001' },
      ],
    )
    keys(document.body, 'FL-0001', 90)
    expect(await screen.findByText('at /products/7')).toBeInTheDocument()
    expect(provider.getList).toHaveBeenCalledWith('products', expect.objectContaining({ filter: { sku: 'FL-0001' } }))
  })

  it('lists the products when several share the barcode', async () => {
    renderScreen(() => false, [{ id: 7 }, { id: 8 }])
    keys(document.body, '4006381333931', 5)
    expect(await screen.findByText('at /products')).toBeInTheDocument()
  })
})
