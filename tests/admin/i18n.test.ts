import { describe, expect, it } from 'vitest'
import en from '../../i18n/en'
import nl from '../../i18n/nl'

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
