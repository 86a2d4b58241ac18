// The scan listener: a hand-held scanner is told from typing by timing alone (each key's timeStamp is set on the
// event, so no test waits), its Enter never reaches the field, the field gets back what it held, and the code goes
// to the screen that takes it, or opens the product with that barcode.
import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import type { DataProvider } from 'ra-core'
import { useLocation } from 'react-router-dom'
import { ScanDetector, ScannerProvider, SCAN_TIMING, useScan } from '../../src/admin/scanning'
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
    // a slow Enter after a fast burst: someone pasted and then pressed Enter
    typed(detector, 'L000042', 9000, 5)
    expect(detector.enter(9035 + SCAN_TIMING.maxGapMs + 1)).toBeUndefined()
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
  const { pathname } = useLocation()
  return (
    <>
      <Field onEnter={onEnter} />
      <p>at {pathname}</p>
    </>
  )
}

const dataProvider = (products: { id: number }[]) =>
  ({ getList: vi.fn(() => Promise.resolve({ data: products, total: products.length })) }) as unknown as DataProvider & {
    getList: ReturnType<typeof vi.fn>
  }

function renderScreen(take: (code: string) => boolean, products: { id: number }[] = []) {
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

  it('lists the products when several share the barcode', async () => {
    renderScreen(() => false, [{ id: 7 }, { id: 8 }])
    keys(document.body, '4006381333931', 5)
    expect(await screen.findByText('at /products')).toBeInTheDocument()
  })
})
