import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { Barcode, isValidEan13 } from '../../src/admin/common/Barcode'
import { renderInAdmin } from './render'

// jsdom has no canvas; jsbarcode measures its text with one, so give it a context that measures something
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ font: '', measureText: (text: string) => ({ width: text.length * 12 }) }) as unknown as CanvasRenderingContext2D,
  )
})
afterEach(() => vi.restoreAllMocks())

const show = (value: string) => renderInAdmin({ '/': <Barcode value={value} /> }, { at: '/' })

describe('isValidEan13', () => {
  it('accepts 13 digits with the right check digit only', () => {
    expect(isValidEan13('5901234123457')).toBe(true)
    expect(isValidEan13('5901234123458')).toBe(false)
    expect(isValidEan13('590123412345')).toBe(false) // jsbarcode would add a check digit of its own
    expect(isValidEan13('123')).toBe(false)
    expect(isValidEan13('59012341234ab')).toBe(false)
  })
})

describe('Barcode', () => {
  it('draws a valid EAN-13 as an svg with its bars and digits, with the defaults of SPEC §9', async () => {
    show('5901234123457')
    const svg = await screen.findByRole('img', { name: 'EAN-13 barcode 5901234123457' })
    expect(svg.tagName.toLowerCase()).toBe('svg')
    const bars = [...svg.querySelectorAll('rect')].slice(1) // the first is the background
    expect(bars.length).toBeGreaterThan(20)
    expect(Math.min(...bars.map((bar) => Number(bar.getAttribute('height'))))).toBe(100) // guard bars reach lower
    expect(Math.min(...bars.map((bar) => Number(bar.getAttribute('width'))))).toBe(2)
    const text = [...svg.querySelectorAll('text')].map((node) => node.textContent).join('')
    expect(text).toBe('5901234123457')
    const label = svg.querySelector('text')!
    expect(label.getAttribute('font-family')).toBe('monospace')
    expect(label.getAttribute('font-size')).toBe('20')
    // height 100 + margins 10 + text margin 2 + font size 20
    expect(svg.getAttribute('height')).toBe('142px')
  })

  it('says an invalid barcode is not valid EAN-13 instead of breaking the page', async () => {
    show('123')
    expect(await screen.findByText("'123' is not a valid EAN-13 barcode")).toBeInTheDocument()
    expect(document.querySelector('svg rect')).toBeNull()
  })

  it('rejects a wrong check digit too', async () => {
    show('5901234123458')
    expect(await screen.findByText("'5901234123458' is not a valid EAN-13 barcode")).toBeInTheDocument()
  })
})
