import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/en'
import first from '../../i18n/en-first'
import nl from '../../i18n/nl'
import serverEn from '../../i18n/server/en'
import serverNl from '../../i18n/server/nl'
import type { Translate } from '../../src/admin/common/translate'

type Tree = { [key: string]: string | Tree }
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)))
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort()
const lookup = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((node, k) => (node as Tree)[k], tree) as string

/** How the source of a language file writes each key of its messages: a text written there, or a reference (`terms.warehouse`). */
function writtenAs(file: string, messages: string): Map<string, 'literal' | 'reference'> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node
  const nameOf = (name: ts.PropertyName) => (ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : name.getText())
  const declared = new Map<string, ts.Expression>()
  for (const statement of source.statements.filter(ts.isVariableStatement))
    for (const { name, initializer } of statement.declarationList.declarations)
      if (ts.isIdentifier(name) && initializer) declared.set(name.text, initializer)
  // the object an expression stands for: written in place, a const of the file (`terms`) or a part of one (`raAdditions.guesser`)
  const objectOf = (expression: ts.Expression): ts.ObjectLiteralExpression | undefined => {
    const node = unwrap(expression)
    if (ts.isObjectLiteralExpression(node)) return node
    const named = ts.isIdentifier(node) ? declared.get(node.text) : undefined
    if (named) return objectOf(named)
    if (!ts.isPropertyAccessExpression(node)) return undefined
    const property = objectOf(node.expression)?.properties.find((p) => p.name && nameOf(p.name) === node.name.text)
    return property && ts.isPropertyAssignment(property) ? objectOf(property.initializer) : undefined
  }
  const written = new Map<string, 'literal' | 'reference'>()
  const walk = (object: ts.ObjectLiteralExpression, prefix: string) => {
    for (const property of object.properties) {
      // a spread brings react-admin's own texts from its language package: not written here
      if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue
      const key = `${prefix}${nameOf(property.name)}`
      const value = ts.isPropertyAssignment(property) ? property.initializer : property.name
      const inner = objectOf(value)
      if (inner) walk(inner, `${key}.`)
      else written.set(key, ts.isStringLiteralLike(unwrap(value)) ? 'literal' : 'reference')
    }
  }
  walk(objectOf(declared.get(messages)!)!, '')
  return written
}

describe('translations', () => {
  // the screens' texts, and those only the server says (mails, purchase orders): each pair alike
  const pairs = [
    ['the screens', en, nl],
    ['the server', serverEn, serverNl],
  ] as const

  it.each(pairs)('English and Dutch have exactly the same keys (%s)', (_, english, dutch) => {
    const englishKeys = keys(english as unknown as Tree).sort()
    const dutchKeys = keys(dutch as unknown as Tree).sort()
    expect(dutchKeys.filter((k) => !englishKeys.includes(k))).toEqual([])
    expect(englishKeys.filter((k) => !dutchKeys.includes(k))).toEqual([])
  })

  it.each(pairs)('every Dutch text uses the same placeholders as the English one and is not empty (%s)', (_, englishTexts, dutchTexts) => {
    for (const key of keys(englishTexts as unknown as Tree)) {
      const english = lookup(englishTexts as unknown as Tree, key)
      const dutch = lookup(dutchTexts as unknown as Tree, key)
      expect({ key, placeholders: placeholders(dutch) }).toEqual({ key, placeholders: placeholders(english) })
      // an English text that is not empty has a Dutch one that is not empty either
      expect({ key, empty: Boolean(english.trim()) && !dutch.trim() }).toEqual({ key, empty: false })
    }
  })

  it('keeps the screens and the server apart: no key in both', () => {
    const screens = keys(en as unknown as Tree)
    expect(keys(serverEn as unknown as Tree).filter((key) => screens.includes(key))).toEqual([])
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

describe('terms', () => {
  it("each term's text is written once per language", () => {
    const files = [
      // English comes in two files: the sign-in's first part and the rest
      {
        file: 'i18n/en-first.ts + i18n/en.ts',
        written: new Map([...writtenAs('i18n/en-first.ts', 'first'), ...writtenAs('i18n/en.ts', 'en')]),
      },
      { file: 'i18n/nl.ts', written: writtenAs('i18n/nl.ts', 'nl') },
    ]
    const all = keys(en as unknown as Tree)
    // every key outside react-admin's own is read from the source, so no text slips past the check
    for (const { file, written } of files) {
      const unread = all.filter((key) => !key.startsWith('ra.') && !written.has(key))
      expect({ file, unread }).toEqual({ file, unread: [] })
    }
    // keys with the same English and the same Dutch text show one term: at most one of them may write it
    const sameTerm = new Map<string, string[]>()
    for (const key of all) {
      const texts = JSON.stringify([lookup(en as unknown as Tree, key), lookup(nl as unknown as Tree, key)])
      sameTerm.set(texts, [...(sameTerm.get(texts) ?? []), key])
    }
    const writtenTwice = files.flatMap(({ file, written }) =>
      [...sameTerm.values()]
        .map((group) => group.filter((key) => written.get(key) === 'literal'))
        .filter((literals) => literals.length > 1)
        .map((literals) => `${file}: ${literals.join(', ')}`),
    )
    expect(writtenTwice).toEqual([])
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

  it('the pages one sees signed out find every text they name in the first part of English, which ships with them', () => {
    const sections = Object.keys(en).join('|')
    const named = new RegExp(`(['"\`])((?:${sections})\\.[a-zA-Z0-9_.]+)\\1`, 'g')
    const signedOut = [...fs.readdirSync('src/admin/auth').map((file) => `auth/${file}`), 'common/PublicPage.tsx', 'providers/http.ts']
    const keysNamed = signedOut.flatMap((file) =>
      [...fs.readFileSync(path.join('src/admin', file), 'utf8').matchAll(named)].map((m) => m[2]),
    )
    expect(keysNamed.length).toBeGreaterThan(20)
    const firstKeys = new Set(keys(first as unknown as Tree))
    expect(keysNamed.filter((key) => !firstKeys.has(key))).toEqual([])
  })
})
