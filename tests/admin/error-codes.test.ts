// Every code the server can send has a sentence in English and in Dutch, so no user reads a bare code or the
// server's English; and no sentence waits for a code the server no longer sends.
import { describe, expect, it } from 'vitest'
import { AUTH_ERROR_CODES, ERROR_CODES } from '../../src/contract/errors'
import en from '../../i18n/en'
import nl from '../../i18n/nl'

const codes: readonly string[] = [...ERROR_CODES, ...AUTH_ERROR_CODES]

describe('error codes', () => {
  it.each([
    ['English', en.stockroom.errors.codes],
    ['Dutch', nl.stockroom.errors.codes],
  ])('each has text in %s', (_language, texts: Record<string, string>) => {
    const missing = codes.filter((code) => !texts[code]?.trim())
    expect(missing).toEqual([])
  })

  it.each([
    ['English', en.stockroom.errors.codes],
    ['Dutch', nl.stockroom.errors.codes],
  ])('%s has text only for codes of the union', (_language, texts: Record<string, string>) => {
    expect(Object.keys(texts).filter((code) => !codes.includes(code))).toEqual([])
  })
})
