// The texts of i18n/en.ts and i18n/nl.ts as the server says them: export headers, mails, and the English sentence
// of a refusal the screens translate themselves; with the texts only the server says (i18n/server/), which the
// browser never downloads.
import type { Language } from '../../contract'
import en from '../../../i18n/en'
import nl from '../../../i18n/nl'
import serverEn from '../../../i18n/server/en'
import serverNl from '../../../i18n/server/nl'
import type { MessageKey, PathsOf } from '../../../i18n/keys'

type Tree = { [key: string]: string | Tree }
/** `extra`'s texts added to `base`'s, a branch both have holding the texts of both */
function merged(base: Tree, extra: Tree): Tree {
  const out: Tree = { ...base }
  for (const [key, value] of Object.entries(extra)) {
    const known = out[key]
    out[key] = typeof value === 'object' && typeof known === 'object' ? merged(known, value) : value
  }
  return out
}

const MESSAGES: Record<Language, unknown> = {
  en: merged(en as unknown as Tree, serverEn),
  nl: merged(nl as unknown as Tree, serverNl),
}

/** A key of a text the server says: of i18n/en.ts, or of i18n/server/en.ts */
export type TextKey = MessageKey | PathsOf<typeof serverEn>

/** The text at a path of the i18n files made from data (`reorder.levels.<state>`), or the path itself when there is none. */
export function textAt(lang: Language, path: string): string {
  let node: unknown = MESSAGES[lang]
  for (const part of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined
  return typeof node === 'string' ? node : path
}

/** The text of an i18n key (`resources.products.fields.sku`) in `lang`; the type check holds the key to i18n/en.ts. */
export const translated = (lang: Language, key: TextKey): string => textAt(lang, key)

/** The sentence of an i18n key in `lang` with its %{values} filled in (the screens' polyglot syntax, without plurals). */
export function sentence(lang: Language, key: TextKey, values: Record<string, string | number>): string {
  return translated(lang, key).replace(/%\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/** The code of a rule of the domain that refuses input: a key of stockroom.errors.domain, so an unknown code fails the type check. */
export type DomainRule = keyof typeof en.stockroom.errors.domain
