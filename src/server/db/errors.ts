// Constraint violations and outages look different on each driver; the rest of the server asks these instead.

/** A string property of whatever was thrown ('' when there is none). */
function textOf(error: unknown, property: 'code' | 'message' | 'constraint'): string {
  if (typeof error !== 'object' || error === null || !(property in error)) return ''
  const value: unknown = Reflect.get(error, property)
  return typeof value === 'string' ? value : ''
}

/** The driver's error code: PostgreSQL's SQLSTATE, better-sqlite3's SQLITE_..., or a socket's E... */
export const codeOf = (error: unknown) => textOf(error, 'code')
export const messageOf = (error: unknown) => textOf(error, 'message')

export function isUniqueViolation(error: unknown): boolean {
  return ['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes(codeOf(error))
}

export function isForeignKeyViolation(error: unknown): boolean {
  return ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes(codeOf(error))
}

/** The database cannot be reached or written: the client is not at fault, so 503. */
export function isUnavailable(error: unknown): boolean {
  const code = codeOf(error)
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'ENOTFOUND',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '08000',
      '08001',
      '08003',
      '08006',
      '53300',
    ].includes(code) ||
    ['SQLITE_BUSY', 'SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_LOCKED'].some((c) => code.startsWith(c)) ||
    // pg's answer to a query (or the rollback) on a connection that broke mid-transaction
    /timeout exceeded when trying to connect|timeout expired|Connection terminated|is not queryable/i.test(messageOf(error))
  )
}

/** PostgreSQL stopped a statement that ran past its statement_timeout (slow reads have one: db/index.ts). */
export function isStatementTimeout(error: unknown): boolean {
  return codeOf(error) === '57014'
}

/** The database answers but takes no writes (SQLite: disk full or read-only file); reads still work. */
export function isWriteRefused(error: unknown): boolean {
  const code = codeOf(error)
  return code.startsWith('SQLITE_FULL') || code.startsWith('SQLITE_READONLY')
}

/** PostgreSQL gave up this transaction for a concurrent one (deadlock, serialization failure): nobody's mistake; a retry works. */
export function isTransactionConflict(error: unknown): boolean {
  const code = codeOf(error)
  return code === '40P01' || code === '40001'
}

/** The database refused a value the validation let through: PostgreSQL's data exceptions (class 22), a missing or unchecked value. */
export function isUnstorableValue(error: unknown): boolean {
  const code = codeOf(error)
  return (
    /^22[0-9A-Z]{3}$/.test(code) ||
    ['23502', '23514'].includes(code) ||
    ['SQLITE_TOOBIG', 'SQLITE_MISMATCH', 'SQLITE_CONSTRAINT_NOTNULL', 'SQLITE_CONSTRAINT_CHECK'].some((c) => code.startsWith(c))
  )
}

/** PostgreSQL: a number beyond its column's range (numeric_value_out_of_range). */
export function isOutOfRange(error: unknown): boolean {
  return codeOf(error) === '22003'
}

/** What a driver says of a violated constraint (its message and, on PostgreSQL, the constraint's name). */
export function violationText(error: unknown): string {
  return `${messageOf(error)} ${textOf(error, 'constraint')}`
}
