// Paths of screens that other screens link to, named once.
export const REORDER_REPORT_PATH = '/reports/reorder'
export const APPROVALS_PATH = '/approvals'
