// The maintenance commands as an operator runs them: `npm run backup` while the server writes, `npm run restore`
// into a fresh place and over an old database (refused while in use), and `npm run check:ledger`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db'
import { checkLedger } from '../../src/server/domain/ledger'
import { dbKind, startServer, type TestServer } from './helpers'
import { fixtures } from './product-fixtures'
import { ROOT } from './server-process'

interface Outcome {
  code: number
  stdout: string
  stderr: string
}

/** `npm run <script> -- <args>` with DATABASE_URL and DATA_DIR, answering its exit code and output. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

let server: TestServer
let make: ReturnType<typeof fixtures>
let work: string
beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-ops-'))
})
afterAll(async () => {
  await server.close()
  fs.rmSync(work, { recursive: true, force: true })
})

const settings = (url: string) => ({ DATABASE_URL: url, DATA_DIR: work })

if (dbKind === 'sqlite') {
  describe('npm run backup and npm run restore', () => {
    const backupFile = () => path.join(work, 'backups', 'online.db')
    const restoredFile = () => path.join(work, 'fresh', 'restored.db')
    const staticTables = ['users', 'brands', 'organizations', 'warehouses', 'locations', 'products', 'product_sellers'] as const

    it('backs up while bookings are written, and a restore into a fresh place has every row answered before, as one snapshot', async () => {
      const warehouse = await make.warehouse('Backed up')
      const places = [await make.location(warehouse.id, 'B-1'), await make.location(warehouse.id, 'B-2')].map((l) => ({
        warehouse_id: warehouse.id,
        location_id: l.id,
      }))
      const products = [await make.product({ sku: 'BACK-A' }), await make.product({ sku: 'BACK-B' }), await make.product({ sku: 'BACK-C' })]
      await make.organization('Backup supplier', { is_supplier: true })
      await make.brand('Backup brand')
      // the newest commits stay in the WAL beside the database file, as they do between checkpoints: a copy of the
      // file alone would miss them, SQLite's backup API reads them
      await sql.raw('pragma wal_autocheckpoint = 0').execute(server.database.db)
      const before: number[] = []
      for (let i = 0; i < 30; i++) before.push((await make.book(products[i % 3].id, { amount: i + 1, ...places[i % 2] })).id)

      let writing = true
      const all: number[] = []
      const writer = async (n: number) => {
        for (let i = 0; writing; i++) {
          const answer = await server.admin.post(`/api/products/${products[(n + i) % 3].id}/stock_mutations`, {
            amount: 1,
            ...places[i % 2],
          })
          expect(answer.statusCode, answer.body).toBe(201)
          all.push(answer.json().id)
        }
      }
      const writers = [0, 1, 2, 3].map(writer)
      const backup = await npmRun('backup', [backupFile()], settings(`sqlite:${server.database.file}`))
      writing = false
      await Promise.all(writers)
      await sql.raw('pragma wal_autocheckpoint = 1000').execute(server.database.db)
      expect(backup, backup.stderr).toMatchObject({ code: 0 })
      expect(backup.stdout).toMatch(`Backed up ${server.database.file} to ${backupFile()}`)
      expect(all.length, 'bookings written while the backup ran').toBeGreaterThan(0)
      expect(fs.readdirSync(path.dirname(backupFile()))).toEqual(['online.db'])

      const restore = await npmRun('restore', [backupFile()], settings(`sqlite:${restoredFile()}`))
      expect(restore, restore.stderr).toMatchObject({ code: 0 })
      expect(restore.stdout).not.toMatch(/Kept the database/)

      const restored = openDatabase(`sqlite:${restoredFile()}`)
      try {
        expect((await sql.raw('pragma integrity_check').execute(restored.db)).rows).toEqual([{ integrity_check: 'ok' }])
        expect((await sql.raw('pragma foreign_key_check').execute(restored.db)).rows).toEqual([])
        expect(await checkLedger(restored.db)).toEqual([])
        for (const table of staticTables) {
          const count = async (db: typeof restored.db) =>
            Number(
              (
                await db
                  .selectFrom(table)
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            )
          expect(await count(restored.db), table).toBe(await count(server.database.db))
        }
        const ids = (await restored.db.selectFrom('stock_mutations').select('id').orderBy('id').execute()).map((r) => r.id)
        expect(ids).toEqual(expect.arrayContaining(before))
        // one snapshot: SQLite commits one booking at a time, so the backup holds exactly those up to its newest
        const newest = Math.max(...ids)
        expect(ids).toEqual([...before, ...all].filter((id) => id <= newest).sort((a, b) => a - b))
      } finally {
        await restored.close()
      }
    })

    it('refuses to restore over a database a server has open, and keeps a copy of the database it replaces', async () => {
      const mutationsNow = await server.database.db.selectFrom('stock_mutations').select('id').execute()
      const refused = await npmRun('restore', [backupFile()], settings(`sqlite:${server.database.file}`))
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(
        `The database ${server.database.file} is in use, by a running server or another program. Stop it, then restore again.`,
      )
      expect(await server.database.db.selectFrom('stock_mutations').select('id').execute()).toEqual(mutationsNow)
      expect((await server.admin.get('/api/health')).statusCode).toBe(200)

      // a change made after the restore, which a second restore replaces and keeps aside
      const target = openDatabase(`sqlite:${restoredFile()}`)
      const stamp = new Date().toISOString()
      await target.db.insertInto('brands').values({ brand_name: 'Made after the backup', created_at: stamp, updated_at: stamp }).execute()
      await target.close()
      const again = await npmRun('restore', [backupFile()], settings(`sqlite:${restoredFile()}`))
      expect(again, again.stderr).toMatchObject({ code: 0 })
      const previous = again.stdout.match(/Kept the database as it was in (\S+)\./)?.[1]
      expect(previous).toMatch(`${restoredFile()}.before-restore-`)

      const names = async (file: string) => {
        const handle = openDatabase(`sqlite:${file}`)
        try {
          return (await handle.db.selectFrom('brands').select('brand_name').execute()).map((r) => r.brand_name)
        } finally {
          await handle.close()
        }
      }
      expect(await names(previous!)).toContain('Made after the backup')
      expect(await names(restoredFile())).not.toContain('Made after the backup')
    })

    it('refuses a file that is not a Stockroom backup, changing nothing', async () => {
      const bogus = path.join(work, 'not-a-backup.db')
      fs.writeFileSync(bogus, 'hello')
      const before = fs.readFileSync(restoredFile())
      const refused = await npmRun('restore', [bogus], settings(`sqlite:${restoredFile()}`))
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(`The backup ${bogus} is not a readable SQLite database`)
      expect(fs.readFileSync(restoredFile()).equals(before)).toBe(true)
    })
  })
} else {
  describe('npm run backup and npm run restore on PostgreSQL', () => {
    it('say that they work on SQLite only and name the PostgreSQL tools, without the password', async () => {
      const url = new URL(server.databaseUrl)
      url.password = 'secret-word'
      const backup = await npmRun('backup', [path.join(work, 'x.db')], settings(url.toString()))
      expect(backup.code).toBe(2)
      expect(backup.stderr).toMatch(/pg_dump --format=custom/)
      const restore = await npmRun('restore', [path.join(work, 'x.db')], settings(url.toString()))
      expect(restore.code).toBe(2)
      expect(restore.stderr).toMatch(/pg_restore --clean/)
      expect(backup.stderr + restore.stderr).not.toContain('secret-word')
    })
  })
}

describe('npm run check:ledger', () => {
  it('says the ledger is consistent, and when a kept level is off, which one and by how much (exit code 1)', async () => {
    const warehouse = await make.warehouse('Checked')
    const location = await make.location(warehouse.id, 'C-1')
    const product = await make.product({ sku: 'CHECKED' })
    await make.book(product.id, { amount: 4, warehouse_id: warehouse.id, location_id: location.id })
    const url = server.databaseUrl

    const consistent = await npmRun('check:ledger', [], settings(url))
    expect(consistent, consistent.stderr).toMatchObject({ code: 0 })
    expect(consistent.stdout).toMatch(/^Ledger consistent: every kept stock level equals the sum of \d+ stock mutations\.$/m)

    const level = () =>
      server.database.db.updateTable('stock_levels').where('product_id', '=', product.id).where('location_id', '=', location.id)
    await level()
      .set((eb) => ({ on_hand: eb('on_hand', '+', 3) }))
      .execute()
    try {
      const off = await npmRun('check:ledger', [], settings(url))
      expect(off.code).toBe(1)
      expect(off.stderr).toMatch('Ledger inconsistent: 1 kept figure(s) differ from the sum of the stock mutations')
      expect(off.stdout).toMatch(
        new RegExp(`'location'\\s*│\\s*${product.id}\\s*│\\s*${warehouse.id}\\s*│\\s*${location.id}\\s*│\\s*7\\s*│\\s*4`),
      )
    } finally {
      await level()
        .set((eb) => ({ on_hand: eb('on_hand', '-', 3) }))
        .execute()
    }
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})
