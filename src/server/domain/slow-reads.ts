// The reads that can take long enough to hold up others, by name, so a worker thread can run them (db/read-workers.ts).
import type { DatabaseHandle } from '../db'
import { listProducts } from './product-list'

export const slowReadTasks = { listProducts }
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
