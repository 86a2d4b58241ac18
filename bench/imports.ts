// `npm run bench:imports -- [--database sqlite|postgres] [--rows N]`: the pace of imports and reverts through the
// real server over HTTP, from the upload to the report saying done: a products file of N new products and its revert,
// a stock file booking N products and its revert, then the same four at once with N/4 rows each. A product whose
// stock has moved cannot be reverted any more, so the stock is booked on products imported apart. Rows per second,
// beside the constant route's requests per second of the same run (the machine's pace then). Then the hostile files
// of tests/api/hostile-files.ts as checks: each refused, how soon, and what the server's memory did; and the largest
// file the upload takes, checked.
import { parseArgs } from 'node:util'
import { cell, declaring, workbook } from '../tests/api/hostile-files'
import { freshBenchDatabase } from './database'
import { overHttp } from './measure'
import { writeMarked } from './report'
import { call, startServer, type RunningServer } from './server'

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'sqlite' },
    rows: { type: 'string', default: '100000' },
    'postgres-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
})
const kind = values.database
if (kind !== 'sqlite' && kind !== 'postgres') throw new Error('--database is sqlite or postgres')
const rows = Number(values.rows)
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`)

const csvOf = (lines: (string | number)[][]) => lines.map((line) => line.join(',')).join('\n') + '\n'
const productsFile = (prefix: string, count: number) =>
  csvOf([
    ['sku', 'description', 'article_number'],
    ...Array.from({ length: count }, (_, i) => [`${prefix}-${i}`, `Item ${prefix} ${i}`, `A${i}`]),
  ])
const stockFile = (prefix: string, count: number) =>
  csvOf([
    ['sku', 'warehouse', 'location', 'amount'],
    ...Array.from({ length: count }, (_, i) => [`${prefix}-${i}`, 'Bench hall', `L-${i % 200}`, 1 + (i % 9)]),
  ])

/** Uploads a file as a kept import and waits until its report says it has ended; answers its id. */
async function imported(server: RunningServer, kindOf: 'products' | 'stock', file: string): Promise<number> {
  const form = new FormData()
  form.set('kind', kindOf)
  form.set('mode', 'all_or_nothing')
  form.set('file', new Blob([file]), `${kindOf}.csv`)
  const { id } = await call(server, 'POST', '/api/imports/', form)
  for (;;) {
    const report = await call(server, 'GET', `/api/imports/${id}`)
    if (report.status === 'done') return id
    if (report.status !== 'checking' && report.status !== 'importing') throw new Error(`import ${id} ended ${JSON.stringify(report)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Seconds that `work` took. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const begun = performance.now()
  await work()
  return (performance.now() - begun) / 1000
}

const server = await startServer(await freshBenchDatabase(kind, 'stockroom_bench_imports', values['postgres-url']))
const results: { name: string; rows: number; seconds: number }[] = []
const refusals: { name: string; status: number; ms: number; before: number; peak: number; after: number }[] = []

/** A products file just under the upload limit: its check reads the first MAX_CHECKED_ROWS rows only. */
const LARGEST_ROWS = 1_400_000
const largest = productsFile('BIG', LARGEST_ROWS)

/** The probe's hostile files: each must be refused, soon, and leave the server's memory where it was. */
async function hostileFiles() {
  const wide = Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(',') + '\nx\n'
  return [
    { label: 'A workbook of 40 MB in one cell (declared)', name: 'bomb.xlsx', content: await workbook(cell('a'.repeat(40 * 1024 * 1024))) },
    {
      label: 'A workbook of 100 MB in one cell, declaring 4 kB',
      name: 'lying.xlsx',
      content: declaring(await workbook(cell('a'.repeat(100 * 1024 * 1024))), 'xl/worksheets/sheet1.xml', 4000),
    },
    {
      label: 'XML nested 100,000 deep',
      name: 'deep.xlsx',
      content: await workbook(`<row>${'<x>'.repeat(100_000)}${'</x>'.repeat(100_000)}</row>`),
    },
    { label: 'A CSV of 200,000 columns', name: 'wide.csv', content: wide },
    {
      label: `The largest CSV taken (${LARGEST_ROWS.toLocaleString('en')} rows, ${(largest.length / 2 ** 20).toFixed(0)} MB)`,
      name: 'largest.csv',
      content: largest,
    },
  ]
}
let constant: number
try {
  const warehouse = await call(server, 'POST', '/api/warehouses/', { warehouse_name: 'Bench hall' })
  for (let n = 0; n < 200; n++) await call(server, 'POST', `/api/warehouses/${warehouse.id}/locations`, { location_name: `L-${n}` })
  const constantRoute = () => ({ method: 'GET' as const, path: '/api/bench/constant' })
  // a second to warm the server up first, as every other benchmark does
  await overHttp(server.url, server.token, constantRoute, 1, 1)
  constant = (await overHttp(server.url, server.token, constantRoute, 1, 3)).perSecond
  const measure = async (name: string, count: number, work: () => Promise<unknown>) => {
    results.push({ name, rows: count, seconds: await timed(work) })
    log(`${name}: ${count} rows in ${results.at(-1)!.seconds.toFixed(1)} s`)
  }
  const importing = async (name: string, count: number, kindOf: 'products' | 'stock', file: string) => {
    let id = 0
    await measure(name, count, async () => (id = await imported(server, kindOf, file)))
    return id
  }
  const products = await importing('Import of new products', rows, 'products', productsFile('ONE', rows))
  await measure('Revert of the products import', rows, () => call(server, 'DELETE', `/api/imports/${products}`))
  await imported(server, 'products', productsFile('TWO', rows))
  const stock = await importing('Import of opening stock', rows, 'stock', stockFile('TWO', rows))
  await measure('Revert of the stock import', rows, () => call(server, 'DELETE', `/api/imports/${stock}`))
  const quarter = Math.floor(rows / 4)
  const prefixes = ['A', 'B', 'C', 'D']
  let ids: number[] = []
  await measure('Four products imports at once', 4 * quarter, async () => {
    ids = await Promise.all(prefixes.map((prefix) => imported(server, 'products', productsFile(prefix, quarter))))
  })
  await measure('Four products reverts at once', 4 * quarter, () =>
    Promise.all(ids.map((id) => call(server, 'DELETE', `/api/imports/${id}`))),
  )
  await Promise.all(prefixes.map((prefix) => imported(server, 'products', productsFile(`S${prefix}`, quarter))))
  let stockIds: number[] = []
  await measure('Four stock imports at once', 4 * quarter, async () => {
    stockIds = await Promise.all(prefixes.map((prefix) => imported(server, 'stock', stockFile(`S${prefix}`, quarter))))
  })
  await measure('Four stock reverts at once', 4 * quarter, () =>
    Promise.all(stockIds.map((id) => call(server, 'DELETE', `/api/imports/${id}`))),
  )
  for (const hostile of await hostileFiles()) {
    const before = server.rss()
    server.takePeakRss()
    const form = new FormData()
    form.set('kind', 'products')
    form.set('file', new Blob([typeof hostile.content === 'string' ? hostile.content : new Uint8Array(hostile.content)]), hostile.name)
    const begun = performance.now()
    const response = await fetch(`${server.url}/api/imports/?dry_run=true`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${server.token}` },
    })
    await response.text()
    const ms = performance.now() - begun
    const peak = server.takePeakRss()
    // what the server holds once its collector had a moment
    await new Promise((resolve) => setTimeout(resolve, 2000))
    refusals.push({ name: hostile.label, status: response.status, ms, before, peak, after: server.rss() })
    log(
      `${hostile.label}: ${response.status} in ${ms.toFixed(0)} ms, RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} -> ${server.rss().toFixed(0)} MB`,
    )
  }
} finally {
  await server.stop()
}

const marker = `bench:imports:${kind}:${rows}`
const section = [
  `<!-- ${marker} -->`,
  `## Imports and reverts, ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${rows.toLocaleString('en')} rows`,
  '',
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, all-or-nothing CSV imports over HTTP, from the upload to the report saying done (both passes: every row checked, then written in chunks of 500). The constant route answered ${Math.round(constant).toLocaleString('en')} requests/s on one connection in the same run.`,
  '',
  '| Work | Rows | Seconds | Rows/s |',
  '|---|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.rows.toLocaleString('en')} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds).toLocaleString('en')} |`,
  ),
  '',
  'Hostile files, and the largest file the upload takes, sent as a check (dry run): the answer, its time, and the server resident set before, at its peak, and 2 s after.',
  '',
  '| File | Status | ms | RSS before MB | Peak MB | After MB |',
  '|---|---:|---:|---:|---:|---:|',
  ...refusals.map(
    (r) => `| ${r.name} | ${r.status} | ${r.ms.toFixed(0)} | ${r.before.toFixed(0)} | ${r.peak.toFixed(0)} | ${r.after.toFixed(0)} |`,
  ),
  `<!-- /${marker} -->`,
].join('\n')
writeMarked(marker, section)
console.log(section)
