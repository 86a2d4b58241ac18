// The stock ledger: booking (the one path that changes kept levels), the read model, and the check.
export * from './booking'
export * from './read-model'
export { checkLedger, type LedgerDiscrepancy } from '../../db/repositories/ledger-check'
