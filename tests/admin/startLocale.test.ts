// The language the admin opens in: the one chosen on this device, else the browser's where we speak it, else English;
// the browser's is used without being taken for a choice.
import { afterEach, describe, expect, it } from 'vitest'
import { createI18nProvider, startLocale } from '../../src/admin/providers/i18nProvider'

afterEach(() => localStorage.clear())

describe('the language the admin opens in', () => {
  it("follows the browser's languages until one is chosen", () => {
    expect(startLocale(['nl-NL', 'en-US'])).toBe('nl')
    expect(startLocale(['NL'])).toBe('nl')
    expect(startLocale(['de-DE', 'nl-BE', 'en'])).toBe('nl')
    expect(startLocale(['en-GB', 'nl'])).toBe('en')
    expect(startLocale(['de-DE', 'fr'])).toBe('en')
    expect(startLocale([])).toBe('en')
  })

  it('keeps a choice over the browser, and does not take the browser language for a choice', async () => {
    const i18n = createI18nProvider()
    await i18n.changeLocale('nl', { remember: false })
    expect(i18n.translate('stock.form.book_out')).toBe('Uitboeken')
    expect(startLocale(['en-US'])).toBe('en')
    await i18n.changeLocale('nl')
    expect(startLocale(['en-US'])).toBe('nl')
    await i18n.changeLocale('en')
    expect(startLocale(['nl-NL'])).toBe('en')
  })
})
