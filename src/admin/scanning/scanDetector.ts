// Tells a hand-held scanner from typing by timing alone: a scanner (a keyboard to the browser) types a whole code
// within a few milliseconds a character and ends it with Enter; a person never keeps that pace for six characters.

export const SCAN_TIMING = {
  /** the longest pause between two characters of one scan (scanners send one every 5 to 20 ms) */
  maxGapMs: 50,
  /** the shortest code taken for a scan: EAN-8 and location codes (L000042) have more */
  minLength: 6,
}

/** Where the burst of keys began: the field they went into and what it held before, so a scan can be taken back. */
export interface BurstStart<Target> {
  target: Target
  valueBefore: string | undefined
}

/** Keys in, scans out. Pure: the caller passes each key's time (the event's timeStamp), so tests need no clock. */
export class ScanDetector<Target = unknown> {
  private chars: string[] = []
  private last = Number.NEGATIVE_INFINITY
  private start: BurstStart<Target> | undefined

  constructor(private readonly timing = SCAN_TIMING) {}

  /** A printable character typed at `at` ms into `target` (which held `valueBefore` until now). */
  key(char: string, at: number, target: Target, valueBefore?: string): void {
    if (at - this.last > this.timing.maxGapMs || this.chars.length === 0) {
      this.chars = []
      this.start = { target, valueBefore }
    }
    this.chars.push(char)
    this.last = at
  }

  /** Enter at `at` ms: the scanned code and where its burst began, when the keys before it were a scan. */
  enter(at: number): { code: string; start: BurstStart<Target> } | undefined {
    const isScan = this.chars.length >= this.timing.minLength && at - this.last <= this.timing.maxGapMs
    const scan = isScan && this.start ? { code: this.chars.join(''), start: this.start } : undefined
    this.reset()
    return scan
  }

  /** Any other key (a modifier chord, an arrow, Backspace) ends a burst. */
  reset(): void {
    this.chars = []
    this.last = Number.NEGATIVE_INFINITY
    this.start = undefined
  }
}
