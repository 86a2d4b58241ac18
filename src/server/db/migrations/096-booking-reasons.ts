// Why a booking was made: a short list administrators keep (a code and its name in each language), and the reason
// on each mutation. A reason is retired rather than deleted, so old bookings keep theirs.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'
import { columnTypes } from '../dialect'
import { now } from '../clock'

const STARTING_REASONS = [
  ['received', 'Received', 'Ontvangen'],
  ['damaged', 'Damaged', 'Beschadigd'],
  ['found', 'Found', 'Gevonden'],
  ['lost', 'Lost', 'Kwijt'],
  ['sample', 'Sample', 'Monster'],
  ['returned', 'Returned', 'Retour'],
  ['correction', 'Correction', 'Correctie'],
] as const

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect)
  await db.schema
    .createTable('booking_reasons')
    .addColumn('id', 'integer', t.id)
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_nl', 'varchar(100)', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
  const stamp = now()
  for (const [code, en, nl] of STARTING_REASONS)
    await sql`insert into booking_reasons (code, name_en, name_nl, active, created_at, updated_at)
              values (${code}, ${en}, ${nl}, ${true}, ${stamp}, ${stamp})`.execute(db)
  await db.schema
    .alterTable('stock_mutations')
    .addColumn('reason', 'varchar(32)', (c) => c.references('booking_reasons.code'))
    .execute()
}
