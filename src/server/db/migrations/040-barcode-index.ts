// A scanner types a product's barcode: GET /api/products/?barcode=... finds it through this index on both databases,
// exactly (a barcode is a code, not text to search in), at a million products as at ten.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_barcode').on('products').column('barcode').execute()
}
