// `npx tsx bench/login-timing.ts [rounds]`: how long sign-in takes for an unknown e-mail, a known one with a wrong
// password, and an inactive account, interleaved so machine noise hits all alike. They should not differ beyond
// noise: otherwise the timing tells an attacker which addresses have accounts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { buildApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db'
import { migrateToLatest } from '../src/server/db/migrate'
import { ensureFirstSuperuser, insertUser } from '../src/server/domain/users'
import { hashPassword } from '../src/server/domain/passwords'

const rounds = Number(process.argv[2] ?? 200)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-login-bench-'))
const url = `sqlite:${path.join(dir, 'bench.db')}`
const config = loadConfig({
  DATABASE_URL: url,
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_ADDRESS: '1000000',
  RATE_LIMIT_PER_ACCOUNT: '1000000',
  RATE_LIMIT_ACCOUNT_CEILING: '1000000',
})
const database = openDatabase(url)
await migrateToLatest(database)
await ensureFirstSuperuser(database.db, 'admin@example.com', 'admin-password-1', () => 'unused')
const inactive = { email: 'inactive@example.com', username: 'inactive' }
const flags = { is_active: false, is_verified: true, is_superuser: false, needs_password: false }
await insertUser(database.db, inactive, await hashPassword('inactive-password'), flags)
const app = await buildApp({ config, database, secret: randomBytes(32).toString('hex'), logger: false })
await app.ready()

const attempts = {
  'unknown e-mail': 'nobody@example.com',
  'wrong password': 'admin@example.com',
  'inactive account': 'inactive@example.com',
}
const times: Record<string, number[]> = Object.fromEntries(Object.keys(attempts).map((k) => [k, []]))
const signIn = (username: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    payload: new URLSearchParams({ username, password: 'not-the-password' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })

for (const username of Object.values(attempts)) for (let i = 0; i < 5; i++) await signIn(username) // warm-up
for (let round = 0; round < rounds; round++) {
  for (const [what, username] of Object.entries(attempts)) {
    const started = performance.now()
    const res = await signIn(username)
    times[what].push(performance.now() - started)
    if (res.statusCode !== 400) throw new Error(`${what}: ${res.statusCode}`)
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
console.log(`sign-in answer time over ${rounds} rounds (ms):`)
const medians: number[] = []
for (const [what, list] of Object.entries(times)) {
  const sorted = [...list].sort((a, b) => a - b)
  medians.push(quantile(sorted, 0.5))
  console.log(
    `  ${what.padEnd(18)} median ${quantile(sorted, 0.5).toFixed(2)}  p10 ${quantile(sorted, 0.1).toFixed(2)}  p90 ${quantile(sorted, 0.9).toFixed(2)}`,
  )
}
console.log(`  largest difference of medians: ${(Math.max(...medians) - Math.min(...medians)).toFixed(2)} ms`)
await app.close()
fs.rmSync(dir, { recursive: true, force: true })
