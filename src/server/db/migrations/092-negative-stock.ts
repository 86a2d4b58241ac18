// What a warehouse does with a booking that takes a location below zero: refuse, confirm (ask first; the default) or
// allow. Before, every booking went through, which `allow` keeps for any warehouse an administrator sets so.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('warehouses')
    .addColumn('negative_stock', 'varchar(8)', (c) => c.notNull().defaultTo('confirm'))
    .execute()
}
