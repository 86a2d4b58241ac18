// A read worker for tests/api/slow-reads.test.ts: its read holds the worker thread (as a long query holds it) until
// the test opens the gate, then counts the products on the worker's own read-only connection.
import { sql } from 'kysely'
import { workerData } from 'piscina'
import { openSqliteReader } from '../../src/server/db'
import type { WorkerAnswer } from '../../src/server/db/read-workers'

const reader = openSqliteReader((workerData as { file: string }).file)

export default async function run({ task, arg }: { task: 'held count' | 'write'; arg: { gate?: Int32Array } }): Promise<WorkerAnswer> {
  try {
    if (task === 'write') {
      await sql`update row_counts set version = version + 1`.execute(reader.db)
      return { value: 'written' }
    }
    const gate = arg.gate!
    Atomics.store(gate, 1, 1)
    Atomics.wait(gate, 0, 0)
    const { rows } = await sql<{ n: number }>`select count(*) as n from products`.execute(reader.db)
    return { value: Number(rows[0].n) }
  } catch (error) {
    const e = error as { message: string; code?: string }
    return { error: { message: e.message, code: e.code } }
  }
}
