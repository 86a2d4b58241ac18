// The total stock of a product lives in its narrow level (migration 070), read beside a product's row.
import { sql } from 'kysely'

/** The total on hand of `products.id`, looked up per row through the level's primary key. */
export const stockOnHand = () =>
  sql<number>`coalesce((select product_stock.on_hand from product_stock where product_stock.product_id = products.id), 0)`
