import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/en'
import nl from '../../i18n/nl'
import type { Translate } from '../../src/admin/common/translate'

type Tree = { [key: string]: string | Tree }
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)))
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort()
const lookup = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((node, k) => (node as Tree)[k], tree) as string

describe('translations', () => {
  it('English and Dutch have exactly the same keys', () => {
    const english = keys(en as unknown as Tree).sort()
    const dutch = keys(nl as unknown as Tree).sort()
    expect(dutch.filter((k) => !english.includes(k))).toEqual([])
    expect(english.filter((k) => !dutch.includes(k))).toEqual([])
  })

  it('every Dutch text uses the same placeholders as the English one and is not empty', () => {
    for (const key of keys(en as unknown as Tree)) {
      const english = lookup(en as unknown as Tree, key)
      const dutch = lookup(nl as unknown as Tree, key)
      expect({ key, placeholders: placeholders(dutch) }).toEqual({ key, placeholders: placeholders(english) })
      // an English text that is not empty has a Dutch one that is not empty either
      expect({ key, empty: Boolean(english.trim()) && !dutch.trim() }).toEqual({ key, empty: false })
    }
  })

  it('has the Dutch texts of the spec, and no typo of the old app', () => {
    expect(nl.stockroom.profile).toMatchObject({
      edit_title: 'Bewerk uw account',
      username: 'Gebruikersnaam',
      cancel: 'Annuleren',
      save: 'Opslaan',
      active: 'Actief',
      verified: 'Geverifieerd',
    })
    const all = JSON.stringify([en, nl])
    expect(all).not.toMatch(/recieve|Sing in/)
  })
})

describe('keys in the code', () => {
  it('a translate() key without a text fails the type check', () => {
    const translate: Translate = (key: string) => key
    // @ts-expect-error -- i18n/en.ts has no such text: `npm run typecheck` fails when this line compiles
    expect(translate('stock.no_such_text')).toBe('stock.no_such_text')
    expect(translate('stock.form.retry')).toBe('stock.form.retry')
  })

  it('every key the admin hands to react-admin (notify, labels, titles) has a text', () => {
    const sections = Object.keys(en).join('|')
    // a key handed to react-admin, which translates it: notify('…'), a prop (label="…", title="…") or an entry's label: '…'
    const written = new RegExp(
      `(?:notify\\(|\\b(?:label|title|content|emptyText|helperText|placeholder)[=:]\\s*\\{?)\\s*(['"\`])((?:${sections})\\.[a-zA-Z0-9_.]+)\\1`,
      'g',
    )
    const english = new Set(keys(en as unknown as Tree))
    const files = fs.readdirSync('src/admin', { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file))
    const handed = files.flatMap((file) =>
      [...fs.readFileSync(path.join('src/admin', file), 'utf8').matchAll(written)].map((match) => ({ file, key: match[2] })),
    )
    expect(handed.length).toBeGreaterThan(60)
    const missing = handed.filter(({ key }) => !english.has(key)).map(({ file, key }) => `${file}: ${key}`)
    expect(missing).toEqual([])
  })
})
