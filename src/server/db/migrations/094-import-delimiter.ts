// A CSV upload's delimiter, kept with its import so that the file of its refused rows is written the same way (a
// Dutch Excel saves with ';', and opens a comma-separated file as one column).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('delimiter', 'varchar(1)').execute()
}
