// An import's refused rows keep what was wrong as a code with its values beside the English sentence, so that the
// screen says it in the reader's language (i18n `imports.reasons`); rows kept before have the sentence only.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_refusals').addColumn('code', 'varchar(64)').execute()
  // JSON: the values the sentence names (a SKU, a row number, a column)
  await db.schema.alterTable('import_refusals').addColumn('params', 'text').execute()
}
