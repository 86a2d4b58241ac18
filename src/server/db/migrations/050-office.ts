// The office (issue 14): imports with what each one changed (so it can be reverted) and refused (so the refused
// rows can be downloaded), and the indexes the audit trail's date filter and the dashboard's bookings per day read.
import type { Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('imports')
    .addColumn('id', 'integer', t.id)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    // no foreign key, as in the audit trail: the report outlives the account
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(100)')
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer')
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .addColumn('reverted_at', t.timestamp)
    .execute()
  // one row per record an import created, changed or booked; `before` holds the fields it changed as they were, and
  // `stamp` the updated_at it wrote, so that a revert can tell whether anything changed the record since
  await db.schema
    .createTable('import_changes')
    .addColumn('id', 'integer', t.id)
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('mutation_id', 'integer')
    .addColumn('before', 'text')
    .addColumn('stamp', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('import_changes_import').on('import_changes').columns(['import_id', 'id']).execute()
  await db.schema
    .createTable('import_refusals')
    .addColumn('id', 'integer', t.id)
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('column_name', 'varchar(255)')
    .addColumn('reason', 'text', (c) => c.notNull())
    // the row's cells as they were in the file, header to value
    .addColumn('cells', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('import_refusals_import').on('import_refusals').columns(['import_id', 'row_number', 'id']).execute()
  await db.schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute()
  await db.schema.createIndex('stock_mutations_created_at').on('stock_mutations').column('created_at').execute()
}
