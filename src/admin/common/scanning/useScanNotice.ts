// What a screen says after a scan, with the sound and vibration of its outcome, so that the two never disagree.
import { useState } from 'react'
import { signalScan } from './feedback'

export interface ScanNotice {
  ok: boolean
  text: string
}

export function useScanNotice() {
  const [said, setSaid] = useState<ScanNotice>()
  const tell = (ok: boolean, text: string) => {
    signalScan(ok ? 'found' : 'missed')
    setSaid({ ok, text })
  }
  return { said, tell, clearSaid: () => setSaid(undefined) }
}
