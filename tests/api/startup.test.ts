// The real server process as a newcomer starts it: migrations, a first super-user with a printed password,
// a generated secret kept in DATA_DIR, real HTTP, and a clean exit on SIGTERM. Also `npm run db:migrate`.
/* eslint-disable vitest/no-conditional-expect -- SQLite and PostgreSQL keep the secret and the data in different places */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dbKind, freshDatabaseUrl } from './helpers'
import { killRunning, listening, ROOT, running, signIn, startProcess, stopProcess as stop } from './server-process'
import { openDatabase } from '../../src/server/db'
import { loadSecret } from '../../src/server/plugins/auth'

const run = promisify(execFile)

let dataDir: string
let database: { url: string; drop(): Promise<void> }
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-start-'))
  database = await freshDatabaseUrl()
})
afterEach(async () => {
  await killRunning()
  await database.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})
afterAll(() => {
  for (const proc of running) proc.child.kill('SIGKILL')
})

describe('the server process', () => {
  it('on an empty database prints a first super-user password once, serves real HTTP, exits 0 on SIGTERM, and starts again with the same secret', async () => {
    // the sources as `npm start` runs them; the other tests start the bundle
    const proc = await startProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir }, { tsx: true })
    const [, email, password] = await proc.waitFor(/e-mail:\s+(\S+)\s+password:\s+(\S+)/)
    await listening(proc)
    expect(email).toBe('admin@example.com')
    expect(password).toMatch(/^[A-Za-z0-9]{16,}$/)

    const login = await signIn(proc.base, email, password)
    expect(login.status).toBe(200)
    const { access_token, token_type } = (await login.json()) as { access_token: string; token_type: string }
    expect(token_type).toBe('bearer')
    const bearer = { authorization: `Bearer ${access_token}` }
    const me = await fetch(`${proc.base}/api/users/me`, { headers: bearer })
    expect(await me.json()).toMatchObject({ email, is_superuser: true, is_active: true, is_verified: true })

    const health = await fetch(`${proc.base}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' })

    for (const headers of [{}, bearer]) {
      const unknown = await fetch(`${proc.base}/api/x`, { headers })
      expect(unknown.status).toBe(404)
      expect(unknown.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await unknown.json()).toEqual({ detail: 'Not Found' })
    }

    // the password is shown once, on the terminal, and never in a log line
    expect(proc.stdout().split(password)).toHaveLength(2)
    const logLines = proc
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
    expect(logLines.some((line) => JSON.parse(line).msg === 'database migrated')).toBe(true)

    // the generated signing secret is kept: SQLite in a file readable by the owner only, PostgreSQL in the database
    // (issue 16: every server of the database shares it)
    const secretFile = path.join(dataDir, 'secret')
    const keptSecret = async () => {
      if (dbKind === 'sqlite') return fs.readFileSync(secretFile, 'utf8')
      const handle = openDatabase(database.url)
      try {
        return (await handle.db.selectFrom('server_secrets').select('value').executeTakeFirstOrThrow()).value
      } finally {
        await handle.close()
      }
    }
    if (dbKind === 'sqlite') expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600)
    else expect(fs.existsSync(secretFile)).toBe(false)
    const secret = await keptSecret()
    expect(secret.length).toBeGreaterThanOrEqual(32)

    const { code, signal } = await stop(proc)
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(proc.stdout()).toMatch(/shutting down/)

    // second start: same secret, so the token still works; no new super-user, no password printed
    const again = await startProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir })
    await listening(again)
    expect(again.stdout()).not.toMatch(/password:/)
    expect(await keptSecret()).toBe(secret)
    expect((await fetch(`${again.base}/api/users/me`, { headers: bearer })).status).toBe(200)
    expect((await signIn(again.base, email, password)).status).toBe(200)
    expect((await stop(again)).code).toBe(0)
  }, 90_000)

  it('honours ADMIN_EMAIL, ADMIN_PASSWORD and SECRET from the environment', async () => {
    const proc = await startProcess({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'chosen-admin-password',
      SECRET: 'a-secret-from-the-environment-of-40-chars',
    })
    await listening(proc)
    expect(proc.stdout()).not.toMatch(/password:/)
    expect(proc.stdout()).not.toContain('chosen-admin-password')
    expect(proc.stdout()).toMatch(/first super-user created from ADMIN_EMAIL/)
    expect(fs.existsSync(path.join(dataDir, 'secret'))).toBe(false)
    const login = await signIn(proc.base, 'boss@example.com', 'chosen-admin-password')
    expect(login.status).toBe(200)
    const { access_token } = (await login.json()) as { access_token: string }
    expect(
      (await (await fetch(`${proc.base}/api/users/me`, { headers: { authorization: `Bearer ${access_token}` } })).json()).is_superuser,
    ).toBe(true)
    expect((await stop(proc)).code).toBe(0)
  }, 60_000)

  it('refuses to start on invalid settings, saying which', async () => {
    const proc = await startProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, TOKEN_LIFETIME: 'soon' })
    const { code } = await proc.exited
    expect(code).not.toBe(0)
    expect(proc.stderr()).toMatch(/Invalid environment: TOKEN_LIFETIME/)
    expect(proc.stdout()).not.toMatch(/Server listening/)
  }, 60_000)
})

describe('files and warnings (issues 15 and 16)', () => {
  it('creates the data directory 0700 and the database, its -wal and -shm files and the generated secret 0600', async () => {
    const nested = path.join(dataDir, 'new', 'data')
    const sqliteFile = path.join(dataDir, 'db-dir', 'stockroom.db')
    const url = dbKind === 'sqlite' ? `sqlite:${sqliteFile}` : database.url
    const proc = await startProcess({ DATABASE_URL: url, DATA_DIR: nested, ADMIN_PASSWORD: 'admin-password-1' })
    await listening(proc)
    // a mail written to the outbox makes DATA_DIR, as a first start does
    await fetch(`${proc.base}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com' }),
    })
    const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8)
    await expect.poll(() => fs.existsSync(path.join(nested, 'outbox'))).toBe(true)
    expect(modeOf(nested)).toBe('700')
    expect(modeOf(path.join(nested, 'outbox'))).toBe('700')
    if (dbKind === 'sqlite') {
      expect(modeOf(path.dirname(sqliteFile))).toBe('700')
      for (const file of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`, path.join(nested, 'secret')])
        expect(modeOf(file), file).toBe('600')
    }
    expect((await stop(proc)).code).toBe(0)
  }, 60_000)

  it('warns at start on PostgreSQL when SMTP_URL or PUBLIC_URL is unset, as several servers would differ; not on SQLite', async () => {
    const unset = await startProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, ADMIN_PASSWORD: 'admin-password-1' })
    await listening(unset)
    const warnings = unset
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 40)
      .map((line) => line.msg)
    if (dbKind === 'postgres') {
      expect(warnings).toEqual([expect.stringMatching(/^SMTP_URL is not set/), expect.stringMatching(/^PUBLIC_URL is not set/)])
    } else expect(warnings).toEqual([])
    expect((await stop(unset)).code).toBe(0)

    const set = await startProcess({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'https://stock.example.org',
    })
    await listening(set)
    expect(set.stdout()).not.toMatch(/is not set/)
    expect((await stop(set)).code).toBe(0)
  }, 60_000)
})

describe('npm run db:migrate', () => {
  it('applies the migrations to DATABASE_URL and exits; a second run has nothing to do', async () => {
    const env = { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir }
    const first = await run('npm', ['run', '--silent', 'db:migrate'], { cwd: ROOT, env })
    expect(first.stdout).toMatch(/Applied: 001-initial/)
    const second = await run(process.execPath, ['--import', 'tsx', 'src/server/db/cli.ts'], { cwd: ROOT, env })
    expect(second.stdout).toMatch(/Database is up to date/)

    const handle = openDatabase(database.url)
    try {
      expect(await handle.db.selectFrom('users').selectAll().execute()).toEqual([])
      const migrations = await handle.db
        .selectFrom('kysely_migration' as never)
        .selectAll()
        .execute()
      expect(migrations.length).toBeGreaterThanOrEqual(1)
    } finally {
      await handle.close()
    }
  }, 60_000)
})

describe('three migrations at once (issue 16)', () => {
  it('on one fresh database all succeed, one of them applies each migration once, the others find it done', async () => {
    const env = { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir }
    const runs = await Promise.all(
      [1, 2, 3].map(() => run(process.execPath, ['--import', 'tsx', 'src/server/db/cli.ts'], { cwd: ROOT, env })),
    )
    const outputs = runs.map((r) => r.stdout.trim())
    expect(outputs.filter((out) => out.startsWith('Applied: 001-initial'))).toHaveLength(1)
    expect(outputs.filter((out) => out === 'Database is up to date.')).toHaveLength(2)
    const handle = openDatabase(database.url)
    try {
      const names = (
        await handle.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .execute()
      ).map((r) => (r as { name: string }).name)
      expect(new Set(names).size).toBe(names.length)
      expect(names).toContain('023-shared-secret')
    } finally {
      await handle.close()
    }
  }, 60_000)
})

describe('the signing secret', () => {
  it('is generated once into DATA_DIR/secret (0600, creating the directory) and read back on every later start', () => {
    const dir = path.join(dataDir, 'nested', 'data')
    const secret = loadSecret(undefined, dir)
    expect(secret).toMatch(/^[A-Za-z0-9_-]{64}$/)
    expect(fs.statSync(path.join(dir, 'secret')).mode & 0o777).toBe(0o600)
    expect(loadSecret(undefined, dir)).toBe(secret)
    expect(loadSecret(undefined, dir)).not.toBe(loadSecret(undefined, path.join(dataDir, 'elsewhere')))
  })

  it('comes from SECRET when set, and then nothing is written', () => {
    expect(loadSecret('x'.repeat(40), dataDir)).toBe('x'.repeat(40))
    expect(fs.existsSync(path.join(dataDir, 'secret'))).toBe(false)
  })

  it('refuses a kept secret that is empty or too short, saying what to do', () => {
    fs.writeFileSync(path.join(dataDir, 'secret'), 'short\n')
    expect(() => loadSecret(undefined, dataDir)).toThrow(/holds no usable secret .*delete it .* or set SECRET/)
  })
})
