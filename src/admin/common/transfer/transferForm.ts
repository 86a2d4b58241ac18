// The transfer form's rules, apart from the screen: lines, amounts, what is short at the source.
import type { LocationStockItem, ProductRef } from '../../../contract'

export interface DraftLine {
  product_id: number
  label: string
  /** as typed */
  amount: string
}

/** How a person recognises a product: its article number, SKU or description. */
export const productLabel = (product: ProductRef) => product.article_number ?? product.sku ?? product.description ?? `#${product.id}`

/** A whole number above zero, or null. */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  const value = Number(text)
  return value > 0 && value <= 1_000_000_000 ? value : null
}

/** Everything at the location (more than zero of it), each line moving all there is. */
export const fillFrom = (items: LocationStockItem[]): DraftLine[] =>
  items
    .filter((item) => item.amount > 0)
    .map((item) => ({ product_id: item.product_id, label: productLabel(item.product), amount: String(item.amount) }))

/** The lines that would take the source below zero: more than is there. */
export const shortLines = (lines: DraftLine[], available: ReadonlyMap<number, number>) =>
  lines.filter((line) => (parseQuantity(line.amount) ?? 0) > (available.get(line.product_id) ?? 0))

export const canSend = (from: number | '', to: number | '', lines: DraftLine[]) =>
  from !== '' && to !== '' && from !== to && lines.length > 0 && lines.every((line) => parseQuantity(line.amount) !== null)
