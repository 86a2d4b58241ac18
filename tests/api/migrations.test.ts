// Migrations run in one transaction with their records on both databases: a process killed in the middle of one
// leaves the database as it was before it, and the next start applies it whole.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db'
import { migrateThrough, migrateToLatest } from '../../src/server/db/migrate'
import { freshDatabaseUrl } from './helpers'
import { ROOT } from './server-process'

/** Runs the pending migrations in another process, which is killed right after a statement matching `killAfter`. */
async function migrateUntilKilled(url: string, killAfter: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/migrate-until-killed.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: url, KILL_AFTER: killAfter },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null]
  return { code, signal, stderr }
}

it('leaves nothing of a migration killed in its middle, and the next start applies it whole', async () => {
  const fresh = await freshDatabaseUrl()
  const database = openDatabase(fresh.url, { readWorkers: 0 })
  try {
    await migrateThrough(database, '061-import-recovery')
    const db = database.db
    const stamp = '2026-01-02T03:04:05.000Z'
    await sql`insert into products (id, sku, stock, stock_moved_at, created_at, updated_at)
      values (1, 'OLD-1', 4, ${stamp}, ${stamp}, ${stamp})`.execute(db)

    // 070 renames two columns and makes and fills the total's table before the kill
    const killed = await migrateUntilKilled(fresh.url, '^insert into product_stock \\(product_id, on_hand, moved_at\\)')
    expect(killed, killed.stderr).toMatchObject({ signal: 'SIGKILL' })

    const applied = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows
    expect(applied.at(-1)?.name).toBe('061-import-recovery')
    expect((await sql<{ stock: number }>`select stock from products`.execute(db)).rows).toEqual([{ stock: 4 }])
    expect((await sql`select amount from stock_levels`.execute(db)).rows).toEqual([])
    await expect(sql`select * from product_stock`.execute(db)).rejects.toThrow(/product_stock/)

    expect(await migrateToLatest(database)).toContain('070-product-stock')
    expect(await db.selectFrom('product_stock').select(['product_id', 'on_hand']).execute()).toEqual([{ product_id: 1, on_hand: 4 }])
  } finally {
    await database.close()
    await fresh.drop()
  }
})
