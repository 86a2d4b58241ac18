// The few places where SQLite and PostgreSQL need different SQL; everything else is shared.
import { SqliteAdapter, sql, type ColumnDefinitionBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import type { DB, Dialect } from './index'

/** The dialect a connection (or a transaction on it) speaks. */
export const dialectOfConnection = (db: DB): Dialect => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres')

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
  return dialect === 'postgres' ? sql<SqlBool>`${ref} ilike ${pattern} escape '\\'` : sql<SqlBool>`${ref} like ${pattern} escape '\\'`
}

/** The trigram search index finds text of three characters or more (characters, not UTF-16 units). */
export const usesSearchIndex = (text: string) => [...text].length >= 3

/**
 * SQLite: an FTS5 match over products_search (trigram tokens) where each column contains its text, ignoring case.
 * Each text is one quoted phrase, so FTS5 syntax in it is taken literally.
 */
export function searchIndexMatch(texts: readonly { field: string; text: string }[]): RawBuilder<SqlBool> {
  const query = texts.map(({ field, text }) => `${field} : "${text.replace(/"/g, '""')}"`).join(' AND ')
  return sql<SqlBool>`products_search match ${query}`
}

/**
 * `products.<field>` contains the two characters `text`, ignoring case, found through the trigram index: the value
 * holds one of `trigrams` (the text followed or preceded by a character of the column), or is just the text.
 * SQLite asks FTS5 for any of them; PostgreSQL's pg_trgm index answers `ilike any` of them.
 */
export function twoCharacterMatch(
  dialect: Dialect,
  field: string,
  text: string,
  trigrams: readonly string[],
  id: RawBuilder<unknown>,
): RawBuilder<SqlBool> {
  const column = sql.ref(`products.${field}`)
  const whole = sql<SqlBool>`lower(${column}) = lower(${text})`
  if (trigrams.length === 0) return whole
  if (dialect === 'postgres') {
    const patterns = trigrams.map((t) => `%${t.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)
    return sql<SqlBool>`(${column} ilike any (${patterns}::text[]) or ${whole})`
  }
  const query = `${field} : (${trigrams.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ')})`
  return sql<SqlBool>`(${id} in (select rowid from products_search where products_search match ${query}) or ${whole})`
}
