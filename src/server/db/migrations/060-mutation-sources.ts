// Every mutation says where it came from: a plain booking, a transfer, a count, an import, an undo, and the kinds the
// documents to come add (receipt, shipment, return). The rows there are get theirs from what said it before: the
// transfer column, the count's note ("Count #id", matched to its line by product and location), and import_changes.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .alterTable('stock_mutations')
    .addColumn('source_kind', 'varchar(16)', (c) => c.notNull().defaultTo('manual'))
    .execute()
  await db.schema.alterTable('stock_mutations').addColumn('source_id', 'integer').execute()
  await db.schema.alterTable('stock_mutations').addColumn('source_line_id', 'integer').execute()

  // an import's bookings are found by their mutation (the fill below, and a revert)
  await db.schema.createIndex('import_changes_mutation').on('import_changes').column('mutation_id').execute()
  await fillSources(db)

  // when the product's stock last moved: a booking leaves updated_at (the product's own last edit) alone
  await db.schema.alterTable('products').addColumn('stock_moved_at', t.timestamp).execute()

  // what a document booked is found from the document: its mutations by source
  await db.schema
    .createIndex('stock_mutations_source')
    .on('stock_mutations')
    .columns(['source_kind', 'source_id', 'source_line_id'])
    .where(sql.ref('source_id'), 'is not', null)
    .execute()
}

/** Gives the rows booked before this migration their source, from what said it then. */
export async function fillSources(db: Kysely<unknown>): Promise<void> {
  await sql`update stock_mutations set source_kind = 'transfer', source_id = transfer_id where transfer_id is not null`.execute(db)
  await sql`update stock_mutations set source_kind = 'import',
      source_id = (select c.import_id from import_changes c where c.mutation_id = stock_mutations.id),
      source_line_id = (select c.row_number from import_changes c where c.mutation_id = stock_mutations.id)
    where id in (select c.mutation_id from import_changes c where c.mutation_id is not null)`.execute(db)
  await sql`update stock_mutations set source_kind = 'count',
      source_id = (select l.count_id from stock_count_lines l
                    where 'Count #' || cast(l.count_id as varchar(20)) = stock_mutations.note
                      and l.product_id = stock_mutations.product_id and l.location_id = stock_mutations.location_id),
      source_line_id = (select l.id from stock_count_lines l
                    where 'Count #' || cast(l.count_id as varchar(20)) = stock_mutations.note
                      and l.product_id = stock_mutations.product_id and l.location_id = stock_mutations.location_id)
    where transfer_id is null and note like 'Count #%'
      and exists (select 1 from stock_count_lines l
                    where 'Count #' || cast(l.count_id as varchar(20)) = stock_mutations.note
                      and l.product_id = stock_mutations.product_id and l.location_id = stock_mutations.location_id)`.execute(db)
}
