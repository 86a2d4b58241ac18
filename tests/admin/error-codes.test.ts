// Every code the server can send has a sentence in English and in Dutch, so no user reads a bare code or the
// server's English; and no sentence waits for a code the server no longer sends.
// The same for the names of the kinds of record the audit trail holds, and for an import's problems and failures.
import { describe, expect, it } from 'vitest'
import { AUDIT_ENTITY_TYPES } from '../../src/contract/audit'
import { IMPORT_FAILURE_CODES, IMPORT_PROBLEM_CODES } from '../../src/contract/constants'
import { AUTH_ERROR_CODES, ERROR_CODES } from '../../src/contract/errors'
import en from '../../i18n/en'
import nl from '../../i18n/nl'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import { PERMISSIONS } from '../../src/contract/roles'
import { describeFailure } from '../../src/admin/providers/http'

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

describe('kinds of record in the audit trail', () => {
  it.each([
    ['English', en.audit.kinds],
    ['Dutch', nl.audit.kinds],
  ])('each has a name in %s (its filter and its rows)', (_language, names: Record<string, string>) => {
    expect(AUDIT_ENTITY_TYPES.filter((kind) => !names[kind]?.trim())).toEqual([])
  })
})

describe('problems of an import', () => {
  it.each([
    ['English', en.imports.reasons],
    ['Dutch', nl.imports.reasons],
  ])('each has a sentence in %s, and none waits for a code the server does not send', (_language, texts: Record<string, string>) => {
    expect(IMPORT_PROBLEM_CODES.filter((code) => !texts[code]?.trim())).toEqual([])
    expect(Object.keys(texts).filter((code) => !(IMPORT_PROBLEM_CODES as readonly string[]).includes(code))).toEqual([])
  })
})

describe('failures of an import', () => {
  it.each([
    ['English', en.imports.failures],
    ['Dutch', nl.imports.failures],
  ])('each has a sentence in %s, and none waits for a code the server does not send', (_language, texts: Record<string, string>) => {
    expect(IMPORT_FAILURE_CODES.filter((code) => !texts[code]?.trim())).toEqual([])
    expect(Object.keys(texts).filter((code) => !(IMPORT_FAILURE_CODES as readonly string[]).includes(code))).toEqual([])
  })
})

describe('refusals for want of a permission', () => {
  it.each([
    ['English', en.roles.permissions],
    ['Dutch', nl.roles.permissions],
  ])('each permission has a name in %s', (_language, names: Record<string, string>) => {
    expect(PERMISSIONS.filter((permission) => !names[permission.replace(/\./g, '_')]?.trim())).toEqual([])
    expect(Object.keys(names)).toHaveLength(PERMISSIONS.length)
  })

  it.each([
    [
      'en',
      'You may not do this in Rotterdam: it takes the right to book stock there. Ask an administrator.',
      'You may not do this: it takes the right to import files. Ask an administrator.',
    ],
    [
      'nl',
      'U mag dit niet doen in Rotterdam: daarvoor is daar het recht nodig om voorraad te boeken. Vraag het een beheerder.',
      'U mag dit niet doen: daarvoor is het recht nodig om bestanden te importeren. Vraag het een beheerder.',
    ],
  ] as const)('say in %s what it takes and where', (locale, inWarehouse, forCompany) => {
    const translate = polyglotI18nProvider(() => (locale === 'nl' ? nl : en), locale).translate
    const refusal = (params: Record<string, string | number>) =>
      describeFailure(403, { detail: 'You may not', code: 'FORBIDDEN', params }, translate)
    expect(refusal({ permission: 'stock.book', warehouse_id: 1, warehouse: 'Rotterdam' })).toBe(inWarehouse)
    expect(refusal({ permission: 'imports.run' })).toBe(forCompany)
  })
})
