// The keys of the texts, as the type check sees them: every path from the root of i18n/en.ts to a text.
import type en from './en'

/** The keys of T that are named, leaving out index signatures (react-admin's StringMap has one). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] } & string

export type PathsOf<T, Prefix extends string = ''> = {
  [K in NamedKeys<T>]: T[K] extends string ? `${Prefix}${K}` : PathsOf<T[K], `${Prefix}${K}.`>
}[NamedKeys<T>]

/** A key of a text in i18n/en.ts (and so in i18n/nl.ts, which has the same keys) */
export type MessageKey = PathsOf<typeof en, ''>
