// The real server killed with SIGKILL while an import runs, at moments picked at random from its progress (GET
// /api/imports/{id}), then started again: the start ends what the crash left. An all-or-nothing import is then
// whole (done, and revertible) or gone (failed, naming the interruption, its rows taken back through the ledger);
// a batched one keeps whole batches and names the last row applied; the upload is removed; stock equals the ledger.
// On PostgreSQL, a server that starts while another runs an import leaves that import alone.
/* eslint-disable vitest/no-conditional-expect -- the kill lands before the import ends or after it: each outcome has its checks */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db'
import { checkLedger } from '../../src/server/domain/ledger'
import { ADMIN, dbKind, freshDatabaseUrl } from './helpers'
import { httpClient, seededRandom, type HttpClient } from './http-client'
import { killRunning, listening, signIn, startProcess, type Running } from './server-process'
import { csv } from './uploads'

/** Rows of a products file: five chunks of 500 */
const ROWS = 2500
/** Rows of a stock file: two chunks (each booking is a ledger write, and its take-back another) */
const STOCK_ROWS = 1000
const CHUNK_ROWS = 500
/** Rows of an import that runs for longer than STALE_AFTER_BESIDE_OTHERS (a chunk of 500 products takes 50 to 150 ms on PostgreSQL) */
const LONG_ROWS = 30_000
/**
 * A dead server's import is ended by the next start once its heartbeat is this old. One server at a time never takes
 * its own imports for dead, so a second will do; servers running beside each other get room for a loaded machine's beats.
 */
const STALE_AFTER = '1'
const STALE_AFTER_BESIDE_OTHERS = '3'

let database: Awaited<ReturnType<typeof freshDatabaseUrl>>
let dataDir: string
let settings: Record<string, string>
beforeAll(async () => {
  database = await freshDatabaseUrl()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-import-crash-'))
  settings = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    IMPORT_STALE_AFTER: STALE_AFTER,
  }
}, 120_000)
afterAll(async () => {
  await killRunning()
  await database?.drop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

interface Started {
  proc: Running
  client: HttpClient
}

async function started(extra: Record<string, string> = {}): Promise<Started> {
  const proc = await startProcess({ ...settings, ...extra })
  await listening(proc)
  const login = await signIn(proc.base, ADMIN.email, ADMIN.password)
  expect(login.status).toBe(200)
  const { access_token: token } = (await login.json()) as { access_token: string }
  return { proc, client: httpClient(proc.base, token) }
}

/** The server running now: each run kills it during an import and starts the next one, which ends the import. */
let current: Started | undefined
const running = async () => (current ??= await started())
/** Kills the server running now and starts the next. */
async function restarted(): Promise<Started> {
  await kill(current!)
  return (current = await started())
}

async function kill({ proc, client }: Started) {
  client.close()
  proc.child.kill('SIGKILL')
  expect(await proc.exited).toMatchObject({ signal: 'SIGKILL' })
}

/** Starts a kept import over real HTTP (multipart); answers its id. */
async function startImport(base: Started, kind: string, mode: string, file: string): Promise<number> {
  const form = new FormData()
  form.set('kind', kind)
  form.set('mode', mode)
  form.set('file', new Blob([file]), `${kind}.csv`)
  const token = ((await (await signIn(base.proc.base, ADMIN.email, ADMIN.password)).json()) as { access_token: string }).access_token
  const answer = await fetch(`${base.proc.base}/api/imports/`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(answer.status, await answer.clone().text()).toBe(202)
  return ((await answer.json()) as { id: number }).id
}

type Report = {
  status: string
  processed: number
  applied_through: number | null
  failure: string | null
  failure_code?: string
  created_at: string
  finished_at: string | null
}

/** Asks for the report until `done` says it is the one waited for; answers it. */
async function reportWhen(client: HttpClient, id: number, done: (report: Report) => boolean, timeoutMs = 30_000): Promise<Report> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const answer = await client.get(`/api/imports/${id}`)
    expect(answer.status).toBe(200)
    if (done(answer.body as Report)) return answer.body as Report
    if (Date.now() > until) throw new Error(`import #${id} never got there: ${JSON.stringify(answer.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
const ended = (report: Report) => report.status !== 'checking' && report.status !== 'importing'

/** The moment to kill at: checking or importing, after this many rows. */
function randomMoment(random: ReturnType<typeof seededRandom>, rows: number) {
  const status = random.pick(['checking', 'importing'] as const)
  const processed = random.int(0, rows - CHUNK_ROWS)
  return { status, processed, reached: (r: Report) => ended(r) || (r.status === status && r.processed >= processed) }
}

async function uploadsLeft(): Promise<string[]> {
  const folder = path.join(dataDir, 'imports')
  // the recovery removes an upload right after its transaction commits
  for (let i = 0; i < 50; i++) {
    if (fs.readdirSync(folder).length === 0) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return fs.readdirSync(folder)
}

async function inDatabase<T>(read: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const handle = openDatabase(database.url)
  try {
    return await read(handle.db)
  } finally {
    await handle.close()
  }
}
const productsLike = (prefix: string) =>
  inDatabase(async (db) =>
    (await db.selectFrom('products').select('sku').where('sku', 'like', `${prefix}%`).orderBy('id').execute()).map((p) => p.sku),
  )
const bookedBy = (id: number) =>
  inDatabase(async (db) =>
    Number(
      (
        await db
          .selectFrom('stock_mutations')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('note', 'like', `Import #${id} %`)
          .executeTakeFirstOrThrow()
      ).count,
    ),
  )
const ledgerProblems = () => inDatabase((db) => checkLedger(db))

const productsFile = (prefix: string, rows = ROWS) =>
  csv([['SKU', 'Description'], ...Array.from({ length: rows }, (_, i) => [`${prefix}${String(i).padStart(5, '0')}`, `Row ${i}`])])
const BASE_PRODUCTS = 50
const stockFile = () =>
  csv([
    ['SKU', 'Warehouse', 'Location', 'Amount'],
    ...Array.from({ length: STOCK_ROWS }, (_, i) => [`BASE-${i % BASE_PRODUCTS}`, 'Crash', 'K-1', 1 + (i % 7)]),
  ])

describe(`an import interrupted by kill -9 (${dbKind})`, () => {
  const random = seededRandom(23)

  it('sets up the products and the place that stock imports book on', async () => {
    const first = await running()
    const warehouse = await first.client.post('/api/warehouses/', { warehouse_name: 'Crash' })
    expect(warehouse.status).toBe(201)
    expect((await first.client.post(`/api/warehouses/${warehouse.body.id}/locations`, { location_name: 'K-1' })).status).toBe(201)
    const base = csv([['SKU'], ...Array.from({ length: BASE_PRODUCTS }, (_, i) => [`BASE-${i}`])])
    const id = await startImport(first, 'products', 'valid_only', base)
    expect(await reportWhen(first.client, id, ended)).toMatchObject({ status: 'done' })
  })

  // ten kills, products and stock taking turns
  const runs = Array.from({ length: 10 }, (_, moment) => ({ kind: moment % 2 === 0 ? 'products' : 'stock', moment }))
  it.each(runs)(
    'all or nothing: $kind, killed at random moment $moment',
    async ({ kind, moment }) => {
      const rows = kind === 'products' ? ROWS : STOCK_ROWS
      const at = randomMoment(random, rows)
      const prefix = `R${moment}-`
      const before = await running()
      const id = await startImport(before, kind, 'all_or_nothing', kind === 'products' ? productsFile(prefix) : stockFile())
      const seen = await reportWhen(before.client, id, at.reached)

      const after = await restarted()
      const report = await reportWhen(after.client, id, ended)
      const kept = kind === 'products' ? (await productsLike(prefix)).length : await bookedBy(id)
      if (report.status === 'done') {
        expect(kept).toBe(rows)
        const reverted = await after.client.delete(`/api/imports/${id}`)
        expect(reverted.status, JSON.stringify(reverted.body)).toBe(200)
        expect(kind === 'products' ? (await productsLike(prefix)).length : await bookedBy(id)).toBe(0)
      } else {
        expect(report, `killed at ${JSON.stringify(at)}, last seen ${seen.status} at ${seen.processed}`).toMatchObject({
          status: 'failed',
          failure: 'The server stopped while the import ran; nothing of it is kept.',
          failure_code: 'interrupted_nothing_kept',
          applied_through: null,
        })
        expect(kept).toBe(0)
      }
      expect(await uploadsLeft()).toEqual([])
      expect(await ledgerProblems()).toEqual([])
    },
    120_000,
  )

  it('batched: keeps whole batches and names the last row applied', async () => {
    const prefix = 'B-'
    const before = await running()
    const id = await startImport(before, 'products', 'valid_only', productsFile(prefix))
    const processed = random.int(CHUNK_ROWS, ROWS - CHUNK_ROWS)
    await reportWhen(before.client, id, (r) => ended(r) || (r.status === 'importing' && r.processed >= processed))

    const after = await restarted()
    const report = await reportWhen(after.client, id, ended)
    const kept = await productsLike(prefix)
    expect(kept.length % CHUNK_ROWS === 0 || kept.length === ROWS).toBe(true)
    // the first rows of the file, in order: rows 2 to applied_through (the header is row 1)
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`))
    expect(report.applied_through).toBe(kept.length + 1)
    if (report.status === 'failed')
      expect(report).toMatchObject({
        failure: `The server stopped while the import ran; its rows through row ${kept.length + 1} are kept.`,
        failure_code: 'interrupted_batches_kept',
      })
    else expect(report.status).toBe('done')
    expect(await uploadsLeft()).toEqual([])
    expect(await ledgerProblems()).toEqual([])
  }, 120_000)

  it.runIf(dbKind === 'postgres')(
    'leaves alone an import that another live server runs, and ends it once when that server dies',
    async () => {
      const runner = await running()
      // two servers started at once look for abandoned imports every second while the first one imports for
      // longer than IMPORT_STALE_AFTER: its heartbeat keeps them off
      const beside = { IMPORT_STALE_AFTER: STALE_AFTER_BESIDE_OTHERS }
      const others = await Promise.all([started(beside), started(beside)])
      const id = await startImport(runner, 'products', 'all_or_nothing', productsFile('S-', LONG_ROWS))
      const report = await reportWhen(others[0].client, id, ended, 120_000)
      expect(report).toMatchObject({ status: 'done' })
      // it ran for longer than the others take an import for dead without its heartbeat
      expect(Date.parse(report.finished_at!) - Date.parse(report.created_at)).toBeGreaterThan(Number(STALE_AFTER_BESIDE_OTHERS) * 1000)
      expect(await productsLike('S-')).toHaveLength(LONG_ROWS)

      // its server killed during the next import, one of the two others ends it, and only one
      const next = await startImport(runner, 'products', 'all_or_nothing', productsFile('T-'))
      await reportWhen(runner.client, next, (r) => r.status === 'importing' && r.processed >= CHUNK_ROWS)
      await kill(runner)
      current = others[1]
      expect(await reportWhen(others[0].client, next, ended)).toMatchObject({ status: 'failed', failure_code: 'interrupted_nothing_kept' })
      expect(await productsLike('T-')).toEqual([])
      // the ender logs once its transaction has committed: the report may say failed a moment before the line is read
      await Promise.race(others.map(({ proc }) => proc.waitFor(new RegExp(`"imports":\\[${next}\\]`))))
      const enders = others.filter(({ proc }) => proc.stdout().includes(`"imports":[${next}]`))
      expect(enders).toHaveLength(1)
      expect(await uploadsLeft()).toEqual([])
      expect(await ledgerProblems()).toEqual([])
      await kill(others[0])
    },
    240_000,
  )
})
