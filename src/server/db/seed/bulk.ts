// A database the seed loads in bulk: what differs between SQLite and PostgreSQL is behind this interface.
import type { FlatRows } from './catalogue'
import type { TableSpec } from './tables'

/** Runs one named step of the work after loading (an index build, say), so the caller can time and show it. */
export type Step = (label: string, work: () => Promise<unknown>) => Promise<void>

export const CATALOGUE_ROWS = `select (select count(*) from products) as products,
  (select count(*) from brands) + (select count(*) from organizations) + (select count(*) from warehouses) as others`

/** What a database holds of the catalogue the seed would make. */
export interface CatalogueRows {
  products: number
  /** brands, organizations and warehouses */
  others: number
}

export interface BulkTarget {
  catalogueRows(): Promise<CatalogueRows>
  /** empties every table the seed fills (for --replace) */
  clear(): Promise<void>
  /** makes loading fast: drops secondary indexes (and on SQLite the triggers), relaxes durability */
  beginLoad(): Promise<void>
  /** inserts the rows of each table, in order, in one transaction */
  write(batch: [TableSpec, FlatRows][]): Promise<void>
  /** rebuilds what beginLoad dropped and what is derived from the rows (search index, kept counts, statistics) */
  finishLoad(step: Step): Promise<void>
  close(): Promise<void>
}
