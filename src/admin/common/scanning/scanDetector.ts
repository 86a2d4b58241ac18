// Tells a hand-held scanner from typing. A scanner (a keyboard to the browser) types a whole code and Enter within
// a few milliseconds a key, but on a busy phone its keys arrive up to 100 ms apart, as a quick typist's may. So pace
// alone decides only for the fastest bursts; a slower burst is a scan when what it reads is a code: a location code,
// a whole EAN or UPC (check digit right), a SKU the app knows, or anything after the scanner's configured prefix.
import { isProductBarcode } from '../../../contract/barcodes'
import { locationIdOfCode } from '../../../contract/location-codes'
import { isDocumentNumber } from '../../../contract/document-numbers'

export const SCAN_TIMING = {
  /** the longest pause between two keys of a burst taken for a scan by its pace alone (scanners send one every 5 to 20 ms) */
  maxGapMs: 50,
  /** the longest pause between two keys of one scan as a busy phone delivers them: slower keys are typed by hand */
  maxJitterMs: 100,
  /** the shortest burst taken for a scan by its pace alone: EAN-8 and location codes (L000042) have more */
  minLength: 6,
  /** browsers coarsen event times (Chrome to 0.1 ms with jitter, Firefox to 1 ms): 100 ms sent may read 100.1 */
  clockSlackMs: 1,
}

export interface ScanRecognition {
  /** the characters the scanner is set to send before each code ('' for none): what follows them is a scan */
  prefix: string
  /** a code the app knows besides location codes and product barcodes (a product's SKU) */
  isKnownCode: (code: string) => boolean
}

/** Where the burst of keys began: the field they went into and what it held before, so a scan can be taken back. */
export interface BurstStart<Target> {
  target: Target
  valueBefore: string | undefined
}

/** A location code, a whole EAN-8, EAN-13 or UPC-A, or a document's number: what a label or a PDF on the floor carries. */
export const isFloorCode = (code: string) => locationIdOfCode(code) !== undefined || isProductBarcode(code) || isDocumentNumber(code)

/** Keys in, scans out. Pure: the caller passes each key's time (the event's timeStamp), so tests need no clock. */
export class ScanDetector<Target = unknown> {
  private chars: string[] = []
  private last = Number.NEGATIVE_INFINITY
  /** the longest pause between two keys of the burst so far */
  private slowestGap = 0
  private start: BurstStart<Target> | undefined
  private readonly recognition: ScanRecognition

  constructor(
    recognition: Partial<ScanRecognition> = {},
    private readonly timing = SCAN_TIMING,
  ) {
    this.recognition = { prefix: '', isKnownCode: () => false, ...recognition }
  }

  /** A printable character typed at `at` ms into `target` (which held `valueBefore` until now). */
  key(char: string, at: number, target: Target, valueBefore?: string): void {
    const gap = at - this.last
    if (this.chars.length === 0 || !this.within(gap, this.timing.maxJitterMs)) {
      this.chars = []
      this.slowestGap = 0
      this.start = { target, valueBefore }
    } else this.slowestGap = Math.max(this.slowestGap, gap)
    this.chars.push(char)
    this.last = at
  }

  /** Enter at `at` ms: the scanned code and where its burst began, when the keys before it were a scan. */
  enter(at: number): { code: string; start: BurstStart<Target> } | undefined {
    const slowestGap = Math.max(this.slowestGap, at - this.last)
    const code = this.scannedCode(this.chars.join(''), slowestGap)
    const scan = code !== undefined && this.start ? { code, start: this.start } : undefined
    this.reset()
    return scan
  }

  /** Any other key (a modifier chord, an arrow, Backspace) ends a burst. */
  reset(): void {
    this.chars = []
    this.last = Number.NEGATIVE_INFINITY
    this.slowestGap = 0
    this.start = undefined
  }

  /** a pause of at most `limit` ms, as far as the event clock can tell */
  private within(gap: number, limit: number) {
    return gap <= limit + this.timing.clockSlackMs
  }

  private scannedCode(text: string, slowestGap: number): string | undefined {
    if (text === '' || !this.within(slowestGap, this.timing.maxJitterMs)) return undefined
    const { prefix, isKnownCode } = this.recognition
    if (prefix !== '' && text.startsWith(prefix)) return text.length > prefix.length ? text.slice(prefix.length) : undefined
    if (this.within(slowestGap, this.timing.maxGapMs) && text.length >= this.timing.minLength) return text
    return isFloorCode(text) || isKnownCode(text) ? text : undefined
  }
}
