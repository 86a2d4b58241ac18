// The few places where SQLite and PostgreSQL need different SQL; everything else is shared.
import { sql, type ColumnDefinitionBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import type { Dialect } from './index'

export function columnTypes(dialect: Dialect) {
  return {
    id: (c: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    timestamp: dialect === 'postgres' ? ('timestamptz' as const) : ('text' as const),
  }
}

/** `column` contains `text`, ignoring case; % and _ in the text are literal. */
export function containsText(dialect: Dialect, column: Expression<unknown> | string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const ref = typeof column === 'string' ? sql.ref(column) : column
  return dialect === 'postgres'
    ? sql<SqlBool>`${ref} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${ref} like ${pattern} escape '\\'`
}
