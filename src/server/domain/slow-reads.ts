// The reads that can take long enough to hold up others, by name, so a worker thread can run them (db/read-workers.ts).
import type { ProductListQuery, ProductPage } from '../../contract'
import type { DatabaseHandle } from '../db'
import { inOneSnapshot } from '../db/snapshot'
import { isQuickList, listProducts } from './product-list'
import { dashboardFigures } from './dashboard'

export const slowReadTasks = {
  // a page and its total from one snapshot, so that they agree while others write
  listProducts: (database: Pick<DatabaseHandle, 'db' | 'dialect'>, query: ProductListQuery) =>
    inOneSnapshot(database, (snapshot) => listProducts(snapshot, query)),
  dashboardFigures,
}
export type SlowReadTask = keyof typeof slowReadTasks
type Tasks = typeof slowReadTasks

/** Runs a slow read where the database keeps those: a worker thread (SQLite) or the slow reads' share of the pool. */
export function slowRead<K extends SlowReadTask>(
  { slowReads }: Pick<DatabaseHandle, 'slowReads'>,
  task: K,
  arg: Parameters<Tasks[K]>[1],
): ReturnType<Tasks[K]> {
  if (slowReads.workers) return slowReads.workers.run(task, arg) as ReturnType<Tasks[K]>
  return slowReadTasks[task](slowReads.database, arg) as ReturnType<Tasks[K]>
}

/**
 * The product list: a page the sort index answers at once is read here, in one statement with its count (a hop to a
 * worker and back would cost more than it, and one worker would queue them all); any other where slow reads run.
 */
export function productList(database: DatabaseHandle, query: ProductListQuery): Promise<ProductPage> {
  return isQuickList(query) ? listProducts(database, query) : slowRead(database, 'listProducts', query)
}
