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
 * SQLite: `products.<field>` contains the two ASCII characters `text`, ignoring case, found through the trigram
 * index: the trigrams holding them are `text` followed or preceded by a character the column has (the kept
 * one-character counts of migration 011 list those), and a value of just these two characters has no trigram.
 */
export function twoCharacterMatch(field: string, text: string, id: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const quoted = text.replace(/"/g, '""')
  const other = sql`replace(gram, '"', '""')`
  const phrases = sql`(select ${field} || ' : (' || group_concat('"' || ${quoted} || ${other} || '" OR "' || ${other} || ${quoted} || '"', ' OR ') || ')'
    from text_gram_counts where field = ${field} and length(gram) = 1 and products > 0)`
  return sql<SqlBool>`(${id} in (select rowid from products_search where products_search match ${phrases})
    or lower(${sql.ref(`products.${field}`)}) = lower(${text}))`
}
