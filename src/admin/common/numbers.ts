// Counts in the reader's language: "10.000" in Dutch, "10,000" in English.
import { useLocale } from 'ra-core'
import { useCallback } from 'react'

/** Formats a number as the current language writes it; `…` while there is none yet. */
export function useNumber() {
  const locale = useLocale()
  return useCallback(
    (n: number | null | undefined, options?: Intl.NumberFormatOptions) =>
      n === null || n === undefined ? '…' : new Intl.NumberFormat(locale, options).format(n),
    [locale],
  )
}
