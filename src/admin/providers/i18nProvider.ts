// English and Dutch (ra-i18n-polyglot). English ships with the app; Dutch loads when chosen.
// The choice is kept under its own key, because react-admin clears its store at sign-out.
import polyglotI18nProvider from 'ra-i18n-polyglot'
import type { I18nProvider, TranslationMessages } from 'ra-core'
import en from '../../../i18n/en'

export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'nl', name: 'Nederlands' },
]
export type LocaleCode = 'en' | 'nl'
const LOCALE_KEY = 'stockroom.locale'

export const storedLocale = (): LocaleCode => (localStorage.getItem(LOCALE_KEY) === 'nl' ? 'nl' : 'en')

const loadMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'nl' ? import('../../../i18n/nl').then((m) => m.default) : en

// dates are shown only after signing in: dayjs loads with the first screen that shows one, or here on a change
async function loadDayjsLocale(locale: string) {
  const { default: dayjs } = await import('dayjs')
  if (locale === 'nl') await import('dayjs/locale/nl')
  dayjs.locale(locale)
}

export function createI18nProvider(): I18nProvider {
  const polyglot = polyglotI18nProvider(loadMessages, 'en', LOCALES, { allowMissing: true })
  return {
    ...polyglot,
    async changeLocale(locale: string) {
      await Promise.all([polyglot.changeLocale(locale), loadDayjsLocale(locale)])
      localStorage.setItem(LOCALE_KEY, locale)
    },
  }
}
