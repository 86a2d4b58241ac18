// A write held for approval answers 202 with the approval instead of what it would have made.
import type { Approval } from '../../contract'

export const isApproval = (answer: unknown): answer is Approval =>
  typeof answer === 'object' && answer !== null && 'kind' in answer && 'requested_by' in answer && 'summary' in answer
