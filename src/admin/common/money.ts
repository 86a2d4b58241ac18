// Amounts of money in the user's language: "€ 5,00" in Dutch, "€5.00" in English.
export const money = (locale: string, value: number, currency: string) =>
  new Intl.NumberFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', { style: 'currency', currency }).format(value)

/** Totals per currency on one line: "€5.00 · US$3.75". */
export const moneyTotals = (locale: string, totals: { currency: string; value: number }[]) =>
  totals.map((total) => money(locale, total.value, total.currency)).join(' · ')
