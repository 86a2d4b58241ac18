/* eslint-disable @typescript-eslint/no-explicit-any -- a migration works on the tables as they were then, which no typed schema describes */
// PostgreSQL: the sort indexes on lower(sku), lower(sku_amazon) and lower(article_number) also hold the column, so
// a deep page walks the index alone (Index Only Scan). Without it the planner, which cannot tell that lower(sku)
// needs nothing more, visits the row behind every entry it skips: sku.asc at skip 500,000 took 3.6 s at a million
// products. Descriptions (up to 2,000 characters) would make the entries too long for a b-tree twice over.
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'

const COVERED = ['sku', 'sku_amazon', 'article_number'] as const

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return
  for (const column of COVERED) {
    const index = `products_${column}_sort`
    await db.schema.dropIndex(index).execute()
    await sql`create index ${sql.ref(index)} on products (lower(${sql.ref(column)}), id) include (${sql.ref(column)})`.execute(db)
  }
}
