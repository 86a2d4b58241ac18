// Constraint violations look different on each driver; routes ask these instead.
interface DriverError {
  code?: string
  message?: string
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as DriverError
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as DriverError
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

/** The database cannot be reached or written: the client is not at fault, so 503. */
export function isUnavailable(error: unknown): boolean {
  const e = error as DriverError & { errno?: string }
  const code = e?.code ?? ''
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
    /timeout exceeded when trying to connect|Connection terminated|is not queryable/i.test(e?.message ?? '')
  )
}

/** The database answers but takes no writes (SQLite: disk full or read-only file); reads still work. */
export function isWriteRefused(error: unknown): boolean {
  const code = (error as DriverError)?.code ?? ''
  return code.startsWith('SQLITE_FULL') || code.startsWith('SQLITE_READONLY')
}

/** PostgreSQL gave up this transaction for a concurrent one (deadlock, serialization failure): nobody's mistake; a retry works. */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as DriverError)?.code ?? ''
  return code === '40P01' || code === '40001'
}

/** The database refused a value the validation let through: PostgreSQL's data exceptions (class 22), a missing or unchecked value. */
export function isUnstorableValue(error: unknown): boolean {
  const code = (error as DriverError)?.code ?? ''
  return (
    /^22[0-9A-Z]{3}$/.test(code) ||
    ['23502', '23514'].includes(code) ||
    ['SQLITE_TOOBIG', 'SQLITE_MISMATCH', 'SQLITE_CONSTRAINT_NOTNULL', 'SQLITE_CONSTRAINT_CHECK'].some((c) => code.startsWith(c))
  )
}

/** PostgreSQL: a number beyond its column's range (numeric_value_out_of_range). */
export function isOutOfRange(error: unknown): boolean {
  return (error as DriverError)?.code === '22003'
}

/** What a driver says of a violated constraint (its message and, on PostgreSQL, the constraint's name). */
export function violationText(error: unknown): string {
  const e = error as DriverError & { constraint?: string }
  return `${e?.message ?? ''} ${e?.constraint ?? ''}`
}
