// `npm run bench -- [--products N] [--database sqlite|postgres] [--seconds S] [--connections 1,16,32] [--only text]
// [--reseed] [--postgres-url URL] [--skip-hunt] [--dry-run]`: seeds (once) a database of that size, hunts for the
// slowest list request in-process, starts the real server on it, drives every scenario over HTTP and in-process
// (the issue-16 worst cases and the slowest request found among them), then the head-of-line scenario, then purchase
// orders of the largest sizes made, sent and received (bench/purchase-orders.ts), checks the ledger, and writes the
// sections of bench/results.md.
import { execFileSync } from 'node:child_process'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { openDatabase } from '../src/server/db'
import { migrateToLatest } from '../src/server/db/migrate'
import { Random } from '../src/server/db/seed/random'
import { listProducts } from '../src/server/domain/product-list'
import { checkLedger } from '../src/server/domain/ledger'
import { benchDatabase, warmCache } from './database'
import { inProcess, overHttp, type Measurement } from './measure'
import { writeMarked, writeSection, section, type RunResult, type ScenarioResult } from './report'
import { benchData, fixedList, scenarios, worstCaseScenarios, SEARCH_TERMS } from './scenarios'
import { describeQuery, hunt, worst } from './hunt'
import { ADMIN, startServer } from './server'
import { measureExports, type ExportMeasurement } from './exports'
import {
  purchaseOrderSection,
  purchaseOrdersInProcess,
  purchaseOrdersOverHttp,
  purchaseSetting,
  type PurchaseMeasurement,
} from './purchase-orders'

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    database: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1,16,32' },
    'skip-hunt': { type: 'boolean', default: false },
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
// a database seeded by older code gets the migrations the hunt's queries need (the server would apply them later)
const migrated = await migrateToLatest(database)
if (migrated.length > 0) console.log(`migrated: ${migrated.join(', ')}`)
const data = await benchData(database)
const huntStarted = performance.now()
const hunted = values['skip-hunt'] ? undefined : await hunt(database, { brands: data.brands, warehouseId: data.warehouseId, log })
const slowest = hunted && worst(hunted, 5)
if (hunted) log(`hunt: ${hunted.length.toLocaleString('en')} requests in ${((performance.now() - huntStarted) / 1000).toFixed(0)} s`)
// the slowest request found, answered again (its count remembered, as when a user pages or re-sorts)
const slowestQuery = slowest
  ? [...slowest.shallowWarm, ...slowest.deepWarm].sort((a, b) => b.warmMs - a.warmMs)[0].query
  : { description: 'e', warehouse_id: data.warehouseId, sort_by: 'stock.desc', skip: 10_000, limit: 10 }
const slowestScenario = fixedList('Slowest request the hunt found', slowestQuery)
const chosen = [...scenarios(data), ...worstCaseScenarios(data), slowestScenario].filter(
  (s) => !values.only || s.name.toLowerCase().includes(values.only.toLowerCase()),
)
const mutationsBefore = Number((await sql<{ n: number }>`select count(*) as n from stock_mutations`.execute(database.db)).rows[0].n)
const loadBefore = os.loadavg()[0]
const started = new Date()
// the code measured: taken now, as commits made while a long run goes on are not in it
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim()

log(`${kind}, ${products.toLocaleString('en')} products: reading the database into the cache`)
await warmCache(url)
log('starting the server')
const server = await startServer(url)
const results: ScenarioResult[] = chosen.map((s) => ({
  name: s.name,
  writes: Boolean(s.writes),
  worstCase: Boolean(s.worstCase),
  http: new Map(),
  direct: new Map(),
}))
let headOfLine: RunResult['headOfLine']
const constant = new Map<number, Measurement>()
let peakRssMb = 0
let exports: ExportMeasurement[] | undefined
let purchases: PurchaseMeasurement[] | undefined
let purchasing: Awaited<ReturnType<typeof purchaseSetting>> | undefined
const chosenAlone = (name: string) => !values.only || name.includes(values.only.toLowerCase())
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
  // head of line: product details at 4 connections while 4 others repeat the slowest list request
  const detail = scenarios(data).find((s) => s.name === 'Product detail')!
  const [listLoad, details] = await Promise.all([
    overHttp(server.url, server.token, slowestScenario.next, 4, seconds),
    overHttp(server.url, server.token, detail.next, 4, seconds),
  ])
  headOfLine = { list: listLoad, detail: details, query: describeQuery(slowestQuery) }
  log(`head of line: details ${show(details)} beside the slowest list ${show(listLoad)}`)
  if (chosenAlone('purchase orders')) {
    purchasing = await purchaseSetting(server, database, data)
    purchases = await purchaseOrdersOverHttp(server, purchasing, log)
  }
  peakRssMb = server.takePeakRss()
  // the exports last: their peak memory is measured on its own (issue 14)
  if (chosenAlone('export')) exports = await measureExports(server, log)
} finally {
  peakRssMb = Math.max(peakRssMb, exports ? 0 : server.takePeakRss())
  await server.stop()
}

// in-process ceilings, with the server stopped so the two do not share the two cores
const { id: userId } = await database.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()
for (const [i, scenario] of chosen.entries()) {
  await inProcess((random) => scenario.direct(database, random, userId), 1, WARM_UP_SECONDS / 3)
  // a worst case many at once in one thread only queues (SQLite's driver is synchronous): one at a time says it
  for (const c of scenario.worstCase ? [1] : connections) {
    const measured = await inProcess((random) => scenario.direct(database, random, userId), c, seconds / 2)
    results[i].direct.set(c, measured)
    log(`${scenario.name}, in-process, ${c} at once: ${show(measured)}`)
  }
}

if (purchasing && purchases) await purchaseOrdersInProcess(purchasing, userId, purchases, log)

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
  commit,
  load: [loadBefore, os.loadavg()[0]],
  constant,
  scenarios: results,
  peakRssMb,
  hunt: hunted && slowest && { tried: hunted.length, shallow: slowest.shallowCold, deep: slowest.deepCold },
  headOfLine,
  exports,
  coldSearch,
  ledger: { discrepancies, seconds: (performance.now() - checkStarted) / 1000, bookings: mutationsAfter - mutationsBefore },
}
if (chosen.length === 0) log('no scenario of the product list chosen: its section stays as it was')
else if (values['dry-run'] || values.only) console.log(section(run))
else {
  writeSection(run)
  log('bench/results.md updated')
}
if (purchases) {
  // a section of its own, written by a run of the purchase orders alone too (--only purchase)
  const { marker, section: text } = purchaseOrderSection(run, purchases, constant.get(1))
  if (values['dry-run']) console.log(text)
  else writeMarked(marker, text)
}
if (discrepancies > 0) process.exitCode = 1
