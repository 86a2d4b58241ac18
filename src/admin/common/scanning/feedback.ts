// What a hand feels and an ear hears after a scan: a short high beep and a tap of vibration when the code was found,
// a low double buzz when it was not, so the clerk need not look at the phone. Where the browser has them (Web Audio,
// navigator.vibrate); switched off or on per browser, kept under its own key like the scanner prefix.
export type ScanOutcome = 'found' | 'missed'

export const SCAN_FEEDBACK_KEY = 'stockroom.scan_feedback'
export const scanFeedbackOn = () => localStorage.getItem(SCAN_FEEDBACK_KEY) !== 'off'
export const storeScanFeedback = (on: boolean) => localStorage.setItem(SCAN_FEEDBACK_KEY, on ? 'on' : 'off')

/** Each outcome's tones (hertz, milliseconds) and vibration pattern */
export const SCAN_SIGNALS: Record<ScanOutcome, { tones: [number, number][]; vibration: number | number[] }> = {
  found: { tones: [[1760, 70]], vibration: 40 },
  missed: {
    tones: [
      [220, 140],
      [0, 60],
      [220, 140],
    ],
    vibration: [120, 60, 120],
  },
}

let audio: AudioContext | undefined

function play(tones: [number, number][]) {
  const Context = window.AudioContext as typeof AudioContext | undefined
  if (!Context) return
  audio ??= new Context()
  let at = audio.currentTime
  for (const [frequency, ms] of tones) {
    if (frequency > 0) {
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      oscillator.type = 'square'
      oscillator.frequency.value = frequency
      gain.gain.value = 0.08
      oscillator.connect(gain).connect(audio.destination)
      oscillator.start(at)
      oscillator.stop(at + ms / 1000)
    }
    at += ms / 1000
  }
}

/** Signals a scan's outcome, unless this browser switched it off; a browser without sound or vibration stays quiet. */
export function signalScan(outcome: ScanOutcome) {
  if (!scanFeedbackOn()) return
  const { tones, vibration } = SCAN_SIGNALS[outcome]
  try {
    navigator.vibrate?.(vibration)
    play(tones)
  } catch {
    // a browser that refuses sound before a touch (autoplay rules) still scanned: the notice says the rest
  }
}
