// What the review of a count sums up from its lines: how many are counted and differ, and the value per currency.
import type { CurrencyValue, StockCount, StockCountLine } from '../../contract'

export function summary(lines: StockCountLine[]) {
  const values = new Map<string, number>()
  for (const line of lines)
    if (line.difference_value !== null && line.purchase_currency !== null)
      values.set(line.purchase_currency, (values.get(line.purchase_currency) ?? 0) + line.difference_value)
  return {
    counted: lines.filter((line) => line.counted !== null).length,
    different: lines.filter((line) => line.difference !== null && line.difference !== 0).length,
    values: [...values]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, value]) => ({ currency, value: Math.round(value * 100) / 100 }) as CurrencyValue),
  }
}

/** The count with one line put in (a line changed or added by a scan). */
export function withLine(count: StockCount, line: StockCountLine): StockCount {
  const known = count.lines.some((l) => l.id === line.id)
  const lines = known ? count.lines.map((l) => (l.id === line.id ? line : l)) : [...count.lines, line]
  return { ...count, lines, lines_total: lines.length, lines_counted: lines.filter((l) => l.counted !== null).length }
}

/** What names a line's product besides its label: its description and SKU, where they say more. */
export function productDetails(product: StockCountLine['product'], label: string): string {
  return [product.description, product.sku].filter((text) => text && text !== label).join(' · ')
}

/** True while expected amounts stay hidden: a blind count that is still being counted. */
export const isBlindNow = (count: Pick<StockCount, 'blind' | 'status'>) => count.blind && count.status === 'open'
