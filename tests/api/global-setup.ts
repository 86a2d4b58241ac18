// Once per API project, before any test file: the database every test server starts from, migrated and holding the
// first super-user (a SQLite file each test copies; a PostgreSQL database each test names as its TEMPLATE), and the
// server compiled ahead for tests that start real processes. Each test file used to run every migration itself
// and build its own bundle.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { sql } from 'kysely'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db'
import { migrateToLatest } from '../../src/server/db/migrate'
import { ensureFirstSuperuser } from '../../src/server/domain/users'
import { ADMIN } from './helpers'
import { buildServerBundle } from './server-process'

declare module 'vitest' {
  export interface ProvidedContext {
    /** a migrated database with the first super-user: `sqlite:<file>` to copy, or a PostgreSQL URL to use as TEMPLATE */
    templateDatabase: string
    /** main.ts compiled ahead (see buildServerBundle) */
    serverBundle: string
  }
}

async function sqliteTemplate(dir: string): Promise<string> {
  const url = `sqlite:${path.join(dir, 'template.db')}`
  const handle = openDatabase(url, { poolSize: 1 })
  await migrateToLatest(handle)
  await ensureFirstSuperuser(handle.db, ADMIN.email, ADMIN.password, () => ADMIN.password)
  // one file to copy: the write-ahead log folded into it
  await sql`pragma wal_checkpoint(truncate)`.execute(handle.db)
  await handle.close()
  return url
}

async function postgresTemplate(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `stockroom_template_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  const handle = openDatabase(url.toString(), { poolSize: 1 })
  await migrateToLatest(handle)
  await ensureFirstSuperuser(handle.db, ADMIN.email, ADMIN.password, () => ADMIN.password)
  // a template must have no connection while it is copied
  await handle.close()
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

export default async function setup(project: TestProject) {
  const postgres = project.config.env?.STOCKROOM_TEST_DB === 'postgres'
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-template-'))
  const [template, bundle] = await Promise.all([
    postgres
      ? postgresTemplate(process.env.TEST_DATABASE_URL ?? '')
      : sqliteTemplate(dir).then((url) => ({ url, drop: () => Promise.resolve() })),
    buildServerBundle(),
  ])
  project.provide('templateDatabase', template.url)
  project.provide('serverBundle', bundle.entry)
  return async () => {
    await template.drop()
    bundle.remove()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
