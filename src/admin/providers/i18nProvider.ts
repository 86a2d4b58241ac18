// English and Dutch (ra-i18n-polyglot). English's first part (the sign-in and mailed-link pages) ships with the app, the
// rest loads once somebody signs in (or starts signed in); Dutch loads whole when chosen.
// The choice is kept under its own key, because react-admin clears its store at sign-out. Until one is chosen, the
// screens (the sign-in and mailed-link pages first) speak the browser's language where it is one of ours.
import polyglotI18nProvider from 'ra-i18n-polyglot'
import type { I18nProvider, TranslationMessages } from 'ra-core'
import first from '../../../i18n/en-first'

export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'nl', name: 'Nederlands' },
]
export type LocaleCode = 'en' | 'nl'
const LOCALE_KEY = 'stockroom.locale'

const isLocale = (code: string | null | undefined): code is LocaleCode => code === 'en' || code === 'nl'

/** The language chosen on this device, else the first of the browser's languages we speak, else English. */
export function startLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): LocaleCode {
  const stored = localStorage.getItem(LOCALE_KEY)
  if (isLocale(stored)) return stored
  for (const language of languages) {
    const code = language.toLowerCase().split('-')[0]
    if (isLocale(code)) return code
  }
  return 'en'
}

/** whether the screens behind the sign-in need their texts: every English text then, not only the first part */
let signedIn = false
const loadMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'nl' ? import('../../../i18n/nl').then((m) => m.default) : signedIn ? import('../../../i18n/en').then((m) => m.default) : first

// dates are shown only after signing in: dayjs loads with the first screen that shows one, or here on a change
async function loadDayjsLocale(locale: string) {
  const { default: dayjs } = await import('dayjs')
  if (locale === 'nl') await import('dayjs/locale/nl')
  dayjs.locale(locale)
}

export type StockroomI18nProvider = I18nProvider & { loadEveryText(): Promise<void> }

export function createI18nProvider(): StockroomI18nProvider {
  const polyglot = polyglotI18nProvider(loadMessages, 'en', LOCALES, { allowMissing: true })
  return {
    ...polyglot,
    /** a choice is remembered; the browser's language at start is not (`{ remember: false }`), so it is never taken for one */
    async changeLocale(locale: string, options?: { remember?: boolean }) {
      await Promise.all([polyglot.changeLocale(locale), loadDayjsLocale(locale)])
      if (options?.remember !== false) localStorage.setItem(LOCALE_KEY, locale)
    },
    /** before the first screen behind the sign-in is drawn: its texts are there when it asks for them */
    async loadEveryText() {
      if (signedIn) return
      signedIn = true
      if (polyglot.getLocale() === 'en') await polyglot.changeLocale('en')
    },
  }
}
