// `npm run seed -- --products N [--warehouses W] [--locations L] [--mutations M] [--database URL] [--seed S] [--replace]`
// fills a fresh database with a synthetic catalogue, showing progress on a terminal.
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { loadConfig } from '../config'
import { SeedRefused, seedDatabase, type SeedOptions } from './seed/index'

const USAGE = `Usage: npm run seed -- --products N [--warehouses W] [--locations L] [--mutations M] [--database URL] [--seed S] [--replace] [--full-check]
  --products    products to make (required)
  --warehouses  warehouses (default 5)
  --locations   locations per warehouse (default 200)
  --mutations   stock mutations in all (default 5 per product)
  --database    sqlite:<file> or postgres://... (default DATABASE_URL)
  --seed        makes a different but equally reproducible catalogue (default 1)
  --replace     wipe the catalogue of a database that has one (users stay)
  --full-check  compare every kept stock level with the ledger (default only up to 1,000,000 mutations)`

function wholeNumber(name: string, value: string | undefined, fallback: number | undefined, minimum: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`)
    return fallback
  }
  const n = Number(value.replace(/_/g, ''))
  if (!Number.isSafeInteger(n) || n < minimum)
    throw new UsageError(`--${name} must be a whole number of at least ${minimum}, got "${value}"`)
  return n
}

class UsageError extends Error {}

function parseOptions(argv: string[]): SeedOptions & { database: string } {
  const { values } = parseCommandLine(argv)
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const products = wholeNumber('products', values.products, undefined, 1)
  return {
    products,
    warehouses: wholeNumber('warehouses', values.warehouses, 5, 1),
    locations: wholeNumber('locations', values.locations, 200, 1),
    mutations: wholeNumber('mutations', values.mutations, products * 5, 0),
    seed: wholeNumber('seed', values.seed, 1, 0),
    replace: values.replace ?? false,
    fullLedgerCheck: values['full-check'] || undefined,
    database: values.database ?? loadConfig().DATABASE_URL,
  }
}

/** Unknown options and options without their value are usage errors, not crashes. */
function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        products: { type: 'string' },
        warehouses: { type: 'string' },
        locations: { type: 'string' },
        mutations: { type: 'string' },
        database: { type: 'string' },
        seed: { type: 'string' },
        replace: { type: 'boolean' },
        'full-check': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2))
  const started = performance.now()
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
  const shown = options.database.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')
  console.log(
    `Seeding ${shown}: ${options.products.toLocaleString('en')} products, ${options.mutations.toLocaleString('en')} mutations, ${options.warehouses} warehouses × ${options.locations} locations (seed ${options.seed})`,
  )

  const bar = process.stdout.isTTY
    ? new cliProgress.SingleBar(
        { format: 'products |{bar}| {percentage}% {value}/{total} | {mutations} mutations | {duration_formatted}', hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : undefined
  bar?.start(options.products, 0, { mutations: 0 })
  let lastTenth = 0
  const summary = await seedDatabase(options.database, options, {
    loaded(products, mutations) {
      bar?.update(products, { mutations: mutations.toLocaleString('en') })
      const tenth = Math.floor((products / options.products) * 10)
      if (!bar && tenth > lastTenth) {
        lastTenth = tenth
        console.log(`  ${products.toLocaleString('en')} products, ${mutations.toLocaleString('en')} mutations (${seconds(started)})`)
      }
    },
    async step(label, work) {
      if (bar?.isActive) bar.stop()
      const [since, cpu] = [performance.now(), process.cpuUsage()]
      await work()
      const used = process.cpuUsage(cpu)
      console.log(`  ${label.padEnd(48)} ${seconds(since).padStart(7)}  (cpu ${((used.user + used.system) / 1e6).toFixed(1)} s)`)
    },
  })
  const cpu = process.cpuUsage()
  console.log(
    `Done in ${seconds(started)} (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s): ${summary.products.toLocaleString('en')} products, ${summary.mutations.toLocaleString('en')} mutations, ` +
      `${summary.brands} brands, ${summary.organizations} organizations, ${summary.warehouses} warehouses, ${summary.locations} locations, ` +
      `${summary.sellerEntries.toLocaleString('en')} seller entries; stock levels equal the ledger (${summary.ledgerCheck === 'full' ? 'every level checked' : 'totals per warehouse checked'}).`,
  )
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof SeedRefused) {
    console.error(`${error.message}${error instanceof UsageError ? `\n\n${USAGE}` : ''}`)
    process.exit(2)
  }
  console.error(error)
  process.exit(1)
})
