// A scan's feedback: a high beep and a short vibration when found, a low double buzz when not, nothing when switched
// off, and no failure where the browser has no sound or refuses it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SCAN_SIGNALS, signalScan, storeScanFeedback } from '../../src/admin/common/scanning/feedback'

const started: number[] = []
class FakeAudioContext {
  currentTime = 0
  destination = {}
  createOscillator() {
    const oscillator = {
      type: '',
      frequency: { value: 0 },
      connect: (node: unknown) => node,
      start: () => started.push(oscillator.frequency.value),
      stop: () => undefined,
    }
    return oscillator
  }
  createGain() {
    const gain = { gain: { value: 1 }, connect: (node: unknown) => node }
    return gain
  }
}

const vibrate = vi.fn()
beforeEach(() => {
  started.length = 0
  vibrate.mockReset()
  vi.stubGlobal('AudioContext', FakeAudioContext)
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true })
})
afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('scan feedback', () => {
  // first: the sound is set up once, at the first scan
  it('never fails a scan where the browser refuses sound or has no vibration', () => {
    Object.defineProperty(navigator, 'vibrate', { value: undefined, configurable: true })
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('NotAllowedError')
        }
      },
    )
    expect(() => signalScan('missed')).not.toThrow()
  })

  it('beeps high and taps once for a found code, buzzes low twice for a missed one', () => {
    signalScan('found')
    expect(vibrate).toHaveBeenLastCalledWith(40)
    expect(started).toEqual([1760])
    signalScan('missed')
    expect(vibrate).toHaveBeenLastCalledWith([120, 60, 120])
    expect(started).toEqual([1760, 220, 220])
    expect(SCAN_SIGNALS.found.tones[0][0]).toBeGreaterThan(SCAN_SIGNALS.missed.tones[0][0])
  })

  it('stays quiet when switched off in this browser, and sounds again when switched on', () => {
    storeScanFeedback(false)
    signalScan('found')
    signalScan('missed')
    expect(vibrate).not.toHaveBeenCalled()
    expect(started).toEqual([])
    storeScanFeedback(true)
    signalScan('found')
    expect(vibrate).toHaveBeenCalledTimes(1)
  })
})
