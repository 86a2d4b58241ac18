// Every `code` an error answer can carry, and the fastapi-users codes that come as `detail`. The admin says each in
// the user's language (i18n: stockroom.errors.codes.<CODE>; a test holds both languages to this list). A new code
// goes here first. No schema library here: the admin bundle imports this at run time.
export const ERROR_CODES = [
  'NOT_FOUND',
  'FORBIDDEN',
  'REGISTRATION_CLOSED',
  // the request clashes with the records (409)
  'DUPLICATE',
  'DUPLICATE_NAME',
  'USERNAME_EXISTS',
  'USERNAME_CONFUSABLE',
  'EMAIL_EXISTS',
  'REFERENCE',
  'BRAND_IN_USE',
  'ORGANIZATION_IN_USE',
  'WAREHOUSE_IN_USE',
  'LOCATION_IN_USE',
  'LAST_SUPERUSER',
  'STOCK_PLACE_GONE',
  // an Idempotency-Key sent with another request (422), or whose first request is still being carried out (409)
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  // stock operations: transfers and counts
  'INSUFFICIENT_STOCK',
  'TRANSFER_ALREADY_REVERSED',
  'TRANSFER_EMPTY',
  'COUNT_NOT_OPEN',
  'COUNT_ALREADY_APPLIED',
  'COUNT_CANCELLED',
  'COUNT_LINE_EXISTS',
  'BARCODE_AMBIGUOUS',
  // the office (issue 14): imports, undo, uploads
  'IMPORT_REVERTED',
  'IMPORT_NOT_DONE',
  'IMPORT_CHANGED_SINCE',
  'IMPORT_UPLOAD_GONE',
  'UNDO_NOT_POSSIBLE',
  'UNDO_CHANGED_SINCE',
  'UNDO_ALREADY',
  'UNDO_TRANSFER_HALF',
  'FILE_TOO_LARGE',
  // approvals: deciding one already decided, approving one's own request
  'APPROVAL_DECIDED',
  'APPROVAL_OWN',
  // purchase orders: a move the status does not allow, more received than is open, a quantity below what came
  'INVALID_STATUS',
  'OVER_RECEIPT',
  'BELOW_RECEIVED',
  'PURCHASE_ORDER_EMPTY',
  // the database, not the request, is the trouble (503)
  'DB_CONFLICT',
  'DB_READ_ONLY',
  'DB_UNAVAILABLE',
  'DB_TIMEOUT',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** fastapi-users' refusals, answered 400 as `{"detail": "<CODE>"}`. */
export const AUTH_ERRORS = {
  LOGIN_BAD_CREDENTIALS: 'LOGIN_BAD_CREDENTIALS',
  REGISTER_USER_ALREADY_EXISTS: 'REGISTER_USER_ALREADY_EXISTS',
  VERIFY_USER_BAD_TOKEN: 'VERIFY_USER_BAD_TOKEN',
  VERIFY_USER_ALREADY_VERIFIED: 'VERIFY_USER_ALREADY_VERIFIED',
  RESET_PASSWORD_BAD_TOKEN: 'RESET_PASSWORD_BAD_TOKEN',
  UPDATE_USER_EMAIL_ALREADY_EXISTS: 'UPDATE_USER_EMAIL_ALREADY_EXISTS',
} as const
export type AuthErrorCode = keyof typeof AUTH_ERRORS
export const AUTH_ERROR_CODES = Object.values(AUTH_ERRORS)
