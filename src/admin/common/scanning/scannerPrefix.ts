// The scanner prefix: characters a hand-held scanner can be set to send before each code, so that any code it reads
// (a Code 128 label too) is told from typing at any pace up to 100 ms a key. A setting of this browser, kept under
// its own localStorage key: react-admin clears its store at sign-out, and a scanner stays set up through that.
import { useSyncExternalStore } from 'react'

export const SCANNER_PREFIX_KEY = 'stockroom.scanner_prefix'
/** told to this tab's listeners when the prefix is saved here (the `storage` event tells the other tabs) */
const CHANGED = 'stockroom:scanner-prefix'

export const storedScannerPrefix = (): string => localStorage.getItem(SCANNER_PREFIX_KEY) ?? ''

export function storeScannerPrefix(prefix: string) {
  if (prefix === '') localStorage.removeItem(SCANNER_PREFIX_KEY)
  else localStorage.setItem(SCANNER_PREFIX_KEY, prefix)
  window.dispatchEvent(new Event(CHANGED))
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGED, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** The stored prefix, kept current when it is saved here or in another tab. */
export const useScannerPrefix = () => useSyncExternalStore(subscribe, storedScannerPrefix)
