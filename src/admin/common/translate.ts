// react-admin's useTranslate, typed with the keys of i18n/en.ts: a key that has no text fails the type check.
import { useTranslate as useTranslateAnyKey } from 'react-admin'
import type { MessageKey } from '../../../i18n/keys'

export type { MessageKey }

/** The rest of the keys that start with `Prefix.`: KeysUnder<'counts.columns'> is 'count' | 'status' | 'created' */
export type KeysUnder<Prefix extends string> = MessageKey extends infer Key ? (Key extends `${Prefix}.${infer Rest}` ? Rest : never) : never

export interface Translate {
  (key: MessageKey, options?: Record<string, unknown>): string
  /** a key made from data the screen cannot know in advance (an audit entry's field), with the text to show without one */
  (key: string, options: { _: unknown } & Record<string, unknown>): string
}

export const useTranslate = (): Translate => useTranslateAnyKey()
