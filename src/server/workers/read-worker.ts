// One worker thread of db/read-workers.ts (above the domain, whose reads it runs): a read-only connection to the SQLite file, and the slow reads it runs.
import { workerData } from 'piscina'
import { slowReadTasks, type SlowReadTask } from '../domain/slow-reads'
import { openSqliteReader } from '../db'
import type { WorkerAnswer } from '../db/read-workers'

const reader = openSqliteReader((workerData as { file: string }).file)

export default async function run({ task, arg }: { task: SlowReadTask; arg: never }): Promise<WorkerAnswer> {
  try {
    return { value: await slowReadTasks[task](reader, arg) }
  } catch (error) {
    const e = error as { message?: string; code?: string }
    return { error: { message: e.message ?? String(error), code: e.code } }
  }
}
