// The seeded database a benchmark runs on: made once per database kind and size with the seed generator, and
// reused by later runs (bookings only add to it). SQLite files live in the temp directory, never in the repository.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { seedDatabase } from '../src/server/db/seed/index'

export type Kind = 'sqlite' | 'postgres'

export interface BenchDatabaseOptions {
  kind: Kind
  products: number
  /** the PostgreSQL server to make the database on (any database on it) */
  postgresUrl: string
  reseed: boolean
}

export const SQLITE_DIR = path.join(os.tmpdir(), 'stockroom-bench')
const SEED = 1

async function seed(url: string, products: number): Promise<void> {
  const started = performance.now()
  let shown = 0
  await seedDatabase(
    url,
    { products, warehouses: 5, locations: 200, mutations: products * 5, seed: SEED },
    {
      loaded(done) {
        if (done >= shown + products / 10) {
          shown = done
          console.log(`  seeded ${done.toLocaleString('en')} products (${((performance.now() - started) / 1000).toFixed(0)} s)`)
        }
      },
    },
  )
  console.log(`  seed done in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

/** A fresh, empty database of this kind named `name` (a benchmark that writes its own data each run). */
export async function freshBenchDatabase(kind: Kind, name: string, postgresUrl: string): Promise<string> {
  if (kind === 'sqlite') return `sqlite:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`)), `${name}.db`)}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** The URL of a seeded database of this kind and size, seeding it first when it is missing or --reseed asks. */
export async function benchDatabase({ kind, products, postgresUrl, reseed }: BenchDatabaseOptions): Promise<string> {
  if (kind === 'sqlite') {
    fs.mkdirSync(SQLITE_DIR, { recursive: true })
    const file = path.join(SQLITE_DIR, `products-${products}.db`)
    const done = `${file}.seeded`
    if (reseed || !fs.existsSync(done)) {
      for (const suffix of ['', '-wal', '-shm', '.seeded']) fs.rmSync(`${file}${suffix}`, { force: true })
      console.log(`Seeding ${file}`)
      await seed(`sqlite:${file}`, products)
      fs.writeFileSync(done, new Date().toISOString())
    }
    return `sqlite:${file}`
  }
  const name = `stockroom_bench_${products}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
    const url = new URL(postgresUrl)
    url.pathname = `/${name}`
    let seeded = false
    if (rowCount && !reseed) {
      const probe = new pg.Client({ connectionString: url.toString() })
      await probe.connect()
      seeded = await probe
        .query<{ n: string }>(`select row_count as n from row_counts where table_name = 'products'`)
        .then(
          ({ rows }) => Number(rows[0]?.n) >= products,
          () => false,
        )
        .finally(() => probe.end())
    }
    if (!seeded) {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`create database ${name}`)
      console.log(`Seeding ${name} on ${url.host}`)
      await seed(url.toString(), products)
    }
    return url.toString()
  } finally {
    await admin.end()
  }
}

/**
 * Reads the database once so a run starts from the operating system's cache, as a server that has been up a while
 * does (a cold read of random products from disk measures the disk). PostgreSQL reads through pg_prewarm.
 */
export async function warmCache(url: string): Promise<void> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length)
    const buffer = Buffer.alloc(1 << 20)
    const fd = fs.openSync(file, 'r')
    try {
      while (fs.readSync(fd, buffer, 0, buffer.length, null) > 0);
    } finally {
      fs.closeSync(fd)
    }
    return
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('create extension if not exists pg_prewarm')
    await client.query(`select pg_prewarm(c.oid::regclass, 'read') from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind in ('r', 'i')`)
  } finally {
    await client.end()
  }
}
