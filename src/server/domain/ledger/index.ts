// The stock ledger: booking (the one path that changes kept levels), the levels, the read model, and the check.
export * from './booking'
export { LEVELS, MAX_STOCK, levelAfter, markCounted, type LevelChange } from './levels'
export * from './read-model'
export { changeIncoming, incomingChange } from './incoming'
export { checkLedger, type LedgerDiscrepancy } from '../../db/repositories/ledger-check'
