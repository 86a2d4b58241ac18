// `npm run bench -- [--products N] [--database sqlite|postgres] [--seconds S] [--connections 1,32] [--only text]
// [--reseed] [--postgres-url URL] [--dry-run]`: seeds (once) a database of that size, starts the real server on it,
// drives every scenario over HTTP and in-process, checks the ledger, and writes the section of bench/results.md.
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { openDatabase } from '../src/server/db'
import { Random } from '../src/server/db/seed/random'
import { listProducts } from '../src/server/domain/product-list'
import { checkLedger } from '../src/server/domain/ledger'
import { benchDatabase, warmCache } from './database'
import { inProcess, overHttp, type Measurement } from './measure'
import { writeSection, section, type RunResult, type ScenarioResult } from './report'
import { benchData, scenarios, SEARCH_TERMS } from './scenarios'
import { ADMIN, startServer } from './server'

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    database: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1,32' },
    only: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    'postgres-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    'dry-run': { type: 'boolean', default: false },
  },
})
const kind = values.database
if (kind !== 'sqlite' && kind !== 'postgres') throw new Error('--database is sqlite or postgres')
const products = Number(values.products)
const seconds = Number(values.seconds)
const connections = values.connections.split(',').map(Number)
const WARM_UP_SECONDS = 3

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`)
const show = (m: Measurement) =>
  `${Math.round(m.perSecond)}/s p50 ${m.p50.toFixed(2)} ms p99 ${m.p99.toFixed(2)} ms${m.failures ? `, ${m.failures} failed` : ''}`

const url = await benchDatabase({ kind, products, postgresUrl: values['postgres-url'], reseed: values.reseed })
const database = openDatabase(url)
const data = await benchData(database)
const chosen = scenarios(data).filter((s) => !values.only || s.name.toLowerCase().includes(values.only.toLowerCase()))
const mutationsBefore = Number((await sql<{ n: number }>`select count(*) as n from stock_mutations`.execute(database.db)).rows[0].n)
const loadBefore = os.loadavg()[0]
const started = new Date()

log(`${kind}, ${products.toLocaleString('en')} products: reading the database into the cache`)
await warmCache(url)
log('starting the server')
const server = await startServer(url)
const results: ScenarioResult[] = chosen.map((s) => ({ name: s.name, writes: Boolean(s.writes), http: new Map(), direct: new Map() }))
const constant = new Map<number, Measurement>()
let peakRssMb: number
try {
  // the first requests read the database from disk and let V8 optimize: not measured
  await overHttp(server.url, server.token, () => ({ method: 'GET', path: '/api/bench/constant' }), 4, WARM_UP_SECONDS)
  for (const c of connections) {
    constant.set(c, await overHttp(server.url, server.token, () => ({ method: 'GET', path: '/api/bench/constant' }), c, seconds))
    log(`constant route, ${c} connections: ${show(constant.get(c)!)}`)
  }
  for (const [i, scenario] of chosen.entries()) {
    if (!scenario.writes) await overHttp(server.url, server.token, scenario.next, 4, WARM_UP_SECONDS)
    for (const c of connections) {
      const measured = await overHttp(server.url, server.token, scenario.next, c, seconds)
      results[i].http.set(c, measured)
      log(`${scenario.name}, ${c} connections: ${show(measured)}`)
    }
  }
} finally {
  peakRssMb = server.takePeakRss()
  await server.stop()
}

// in-process ceilings, with the server stopped so the two do not share the two cores
const { id: userId } = await database.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()
for (const [i, scenario] of chosen.entries()) {
  await inProcess((random) => scenario.direct(database, random, userId), 1, WARM_UP_SECONDS / 3)
  for (const c of connections) {
    const measured = await inProcess((random) => scenario.direct(database, random, userId), c, seconds / 2)
    results[i].direct.set(c, measured)
    log(`${scenario.name}, in-process, ${c} at once: ${show(measured)}`)
  }
}

// the first search for a text pays its count: a new version of the catalogue makes every remembered count stale
const cold: number[] = []
const random = new Random(3)
for (let i = 0; i < SEARCH_TERMS.length * 2; i++) {
  await sql`update row_counts set version = version + 1 where table_name = 'products'`.execute(database.db)
  const started = performance.now()
  await listProducts(database, { description: random.pick(SEARCH_TERMS), skip: 0, limit: 10 })
  cold.push(performance.now() - started)
}
cold.sort((a, b) => a - b)
const coldSearch: Measurement = {
  perSecond: NaN,
  p50: cold[Math.floor(cold.length / 2)],
  p99: cold[Math.floor(cold.length * 0.99)],
  failures: 0,
}
log(`description filter with its count not remembered: p50 ${coldSearch.p50.toFixed(2)} ms, p99 ${coldSearch.p99.toFixed(2)} ms`)

log('checking every kept stock level against the ledger')
const checkStarted = performance.now()
const discrepancies = (await checkLedger(database.db)).length
const mutationsAfter = Number((await sql<{ n: number }>`select count(*) as n from stock_mutations`.execute(database.db)).rows[0].n)
await database.close()

const run: RunResult = {
  kind,
  products,
  mutations: mutationsBefore,
  seconds,
  started,
  commit: execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim(),
  load: [loadBefore, os.loadavg()[0]],
  constant,
  scenarios: results,
  peakRssMb,
  coldSearch,
  ledger: { discrepancies, seconds: (performance.now() - checkStarted) / 1000, bookings: mutationsAfter - mutationsBefore },
}
if (values['dry-run'] || values.only) console.log(section(run))
else {
  writeSection(run)
  log('bench/results.md updated')
}
if (discrepancies > 0) process.exitCode = 1
