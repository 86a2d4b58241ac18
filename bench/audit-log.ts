// `npm run bench:audit -- [--database sqlite|postgres] [--entries N] [--seconds S]`: a long-used audit trail (N
// entries: bookings, product edits, imports of 5,000 rows and their reverts) written at migration 096, then the
// migrations that fill in its new columns (097 the product, 098 an import's parts) timed one by one, as an upgrade
// runs them at start; then the trail's screens over HTTP beside the constant route of the same run: the first page
// of 100 with its names and parts counted, the deepest page, a product's History and an import opened to its rows.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Insertable } from 'kysely'
import type { AuditAction, AuditEntityType } from '../src/contract'
import { openDatabase, type DatabaseHandle } from '../src/server/db'
import type { AuditLogTable } from '../src/server/db/schema'
import { migrateThrough } from '../src/server/db/migrate'
import { Random } from '../src/server/db/seed/random'
import { freshBenchDatabase } from './database'
import { overHttp, type Measurement } from './measure'
import { writeMarked } from './report'
import { startServer } from './server'
import type { Request } from './scenarios'

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'sqlite' },
    entries: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    'postgres-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
})
const kind = values.database
if (kind !== 'sqlite' && kind !== 'postgres') throw new Error('--database is sqlite or postgres')
const entries = Number(values.entries)
const seconds = Number(values.seconds)
const PRODUCTS = 20_000
const IMPORT_ROWS = 5_000
const CONNECTIONS = [1, 16]
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`)

/** The trail of a company that has booked, edited and imported for years; returns the ids of its imports' entries. */
async function writeTrail({ db }: DatabaseHandle): Promise<number[]> {
  const random = new Random(97)
  const imports: number[] = []
  const started = Date.parse('2024-01-01T00:00:00Z')
  let written = 0
  let importId = 0
  const batch: Insertable<AuditLogTable>[] = []
  const flush = async () => {
    if (batch.length > 0) await db.insertInto('audit_log').values(batch.splice(0)).execute()
  }
  const entry = (entity_type: AuditEntityType, action: AuditAction, entity_id: number, changes: object) => ({
    created_at: new Date(started + written++ * 60_000).toISOString(),
    user_id: 1,
    username: 'admin',
    request_id: null,
    action,
    entity_type,
    entity_id,
    changes: JSON.stringify(changes),
  })
  /** an import's or a revert's own entry, then its rows as 096 wrote them (the import named in each) */
  const importWithRows = async (action: AuditAction, changes: object) => {
    await flush()
    const own = await db
      .insertInto('audit_log')
      .values(entry('import', action, importId, {}))
      .returning('id')
      .executeTakeFirstOrThrow()
    for (let row = 0; row < IMPORT_ROWS; row++) {
      const product = random.int(1, PRODUCTS)
      batch.push(entry('product', action, product, { import_id: importId, sku: `SKU-${product}`, ...changes }))
      if (batch.length === 1000) await flush()
    }
    return own.id
  }
  while (written < entries) {
    const product = random.int(1, PRODUCTS)
    if (random.chance(0.0004)) {
      // an import of 5,000 rows; one in three is taken back by a revert of as many
      importId += 1
      imports.push(await importWithRows('create', {}))
      if (random.chance(0.33)) await importWithRows('delete', { revert: true })
    } else if (random.chance(0.65)) {
      const booking = { product_id: product, amount: random.int(-5, 20) || 1, warehouse_id: 1, location_id: random.int(1, 200) }
      batch.push(entry('stock_mutation', 'create', written, booking))
    } else {
      batch.push(
        entry('product', 'update', product, {
          description: `Product ${product} v${written}`,
          before: { description: `Product ${product}` },
        }),
      )
    }
    if (batch.length === 1000) await flush()
  }
  await flush()
  return imports
}

const url = await freshBenchDatabase(kind, 'stockroom_bench_audit', values['postgres-url'])
const database = openDatabase(url)
const names = fs
  .readdirSync(path.join(import.meta.dirname, '../src/server/db/migrations'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort()
const timed = names.filter((name) => name >= '097')
await migrateThrough(database, names[names.indexOf(timed[0]) - 1])
log(`${kind}: writing ${entries.toLocaleString('en')} audit entries at migration ${names[names.indexOf(timed[0]) - 1]}`)
const imports = await writeTrail(database)
const migrations: { name: string; seconds: number }[] = []
for (const name of timed) {
  const begun = performance.now()
  await migrateThrough(database, name)
  migrations.push({ name, seconds: (performance.now() - begun) / 1000 })
  log(`migration ${name}: ${migrations.at(-1)!.seconds.toFixed(1)} s`)
}
// the trail lists only entries that are no part of another: its deepest page is at their count
const { topLevel } = await database.db
  .selectFrom('audit_log')
  .select((eb) => eb.fn.countAll<number>().as('topLevel'))
  .where('part_of', 'is', null)
  .executeTakeFirstOrThrow()
await database.close()

const get =
  (pathOf: (random: Random) => string) =>
  (random: Random): Request => ({ method: 'GET', path: pathOf(random) })
const scenarios: { name: string; next: (random: Random) => Request }[] = [
  { name: 'Constant route (ceiling)', next: get(() => '/api/bench/constant') },
  { name: 'First page of 100, names and parts', next: get(() => '/api/audit/?skip=0&limit=100') },
  { name: 'Deepest page of 100', next: get(() => `/api/audit/?skip=${Number(topLevel) - 100}&limit=100`) },
  { name: "A product's History, 10", next: get((random) => `/api/audit/?product_id=${random.int(1, PRODUCTS)}&skip=0&limit=10`) },
  { name: 'An import opened to its rows, 100', next: get((random) => `/api/audit/?part_of=${random.pick(imports)}&skip=0&limit=100`) },
]
const server = await startServer(url)
const measured: { name: string; at: Map<number, Measurement> }[] = []
try {
  for (const scenario of scenarios) {
    const at = new Map<number, Measurement>()
    for (const connections of CONNECTIONS) {
      await overHttp(server.url, server.token, scenario.next, connections, 1)
      at.set(connections, await overHttp(server.url, server.token, scenario.next, connections, seconds))
      log(`${scenario.name}, ${connections}: p50 ${at.get(connections)!.p50.toFixed(2)} ms, p99 ${at.get(connections)!.p99.toFixed(2)} ms`)
    }
    measured.push({ name: scenario.name, at })
  }
} finally {
  await server.stop()
}

const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '—')
const marker = `bench:audit:${kind}:${entries}`
const section = [
  `<!-- ${marker} -->`,
  `## The audit trail, ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${entries.toLocaleString('en')} entries`,
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${seconds} s per measurement, ${imports.length} imports of ${IMPORT_ROWS.toLocaleString('en')} rows among the entries, ${Number(topLevel).toLocaleString('en')} entries no part of another.`,
  '',
  '| Migration on this trail | Seconds |',
  '|---|---:|',
  ...migrations.map((m) => `| ${m.name} | ${m.seconds.toFixed(1)} |`),
  '',
  '| Request | Connections | req/s | p50 ms | p99 ms | Failures |',
  '|---|---:|---:|---:|---:|---:|',
  ...measured.flatMap(({ name, at }) =>
    [...at].map(
      ([c, m]) => `| ${name} | ${c} | ${Math.round(m.perSecond).toLocaleString('en')} | ${ms(m.p50)} | ${ms(m.p99)} | ${m.failures} |`,
    ),
  ),
  `<!-- /${marker} -->`,
].join('\n')
writeMarked(marker, section)
console.log(section)
