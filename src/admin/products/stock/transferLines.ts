// Recent mutations show a transfer as one line, "A-01 -> B-07", though the ledger holds its two halves.
import type { StockMutation } from '../../../contract'
import { signed } from '../../common/mutationFormState'

/** The page with each transfer once: its first half on the page stands for both. */
export function oneLinePerTransfer(mutations: StockMutation[]): StockMutation[] {
  const seen = new Set<number>()
  return mutations.filter((mutation) => {
    if (mutation.transfer_id === null) return true
    if (seen.has(mutation.transfer_id)) return false
    seen.add(mutation.transfer_id)
    return true
  })
}

/** What a line shows: the signed amount and its place, or for a transfer the amount moved and both places. */
export function describeLine(mutation: StockMutation) {
  const { transfer } = mutation
  if (!transfer)
    return {
      amount: signed(mutation.amount),
      tone: mutation.amount > 0 ? 'success.main' : 'error.main',
      warehouse: mutation.warehouse.warehouse_name,
      location: mutation.location.location_name,
    }
  const { from, to } = transfer
  return {
    amount: String(Math.abs(mutation.amount)),
    tone: 'info.main',
    warehouse: from.warehouse_id === to.warehouse_id ? from.warehouse_name : `${from.warehouse_name} -> ${to.warehouse_name}`,
    location: `${from.location_name} -> ${to.location_name}`,
  }
}
