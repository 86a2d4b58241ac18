// The README's "Running several servers" recipe, tried: three server processes on one PostgreSQL behind Debian's
// nginx, configured with deploy/nginx-stockroom.conf (the file the README shows) with free ports put in. Signing in
// in the browser goes through the proxy; the sign-in limit counts the real client address that nginx forwards
// (clients on 127.0.0.2 and 127.0.0.3 are told apart, though nginx itself calls from 127.0.0.1); /api/health
// answers through it. Needs `apt-get install -y nginx` and PostgreSQL (TEST_DATABASE_URL, CI's by default).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { freePort, listening, killRunning, startProcess, stopProcess, ROOT, type Running } from '../api/server-process'
import { ADMIN, eventually, launchBrowser, openSession, screenshot, signIn, unexpectedProblems } from './harness'

const TEMPLATE = path.join(ROOT, 'deploy', 'nginx-stockroom.conf')
const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const PER_ACCOUNT = 3

let work: string
let databaseName: string
let nginx: ChildProcess | undefined
let proxy: string
const servers: Running[] = []

async function onServer(query: string) {
  const client = new pg.Client({ connectionString: BASE_URL })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

/** The recipe's site file with this machine's free ports, inside a main file that keeps everything in `dir`. */
function nginxConfig(dir: string, listenPort: number, serverPorts: number[]): string {
  let site = fs.readFileSync(TEMPLATE, 'utf8')
  serverPorts.forEach((port, i) => (site = site.replace(`127.0.0.1:${8001 + i}`, `127.0.0.1:${port}`)))
  site = site.replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`
  return [
    // the master runs as whoever runs the test; as root, workers would otherwise be `nobody` and not reach `dir`
    process.getuid?.() === 0 ? 'user root;' : '',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${path.join(dir, 'access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    site,
    '}',
  ].join('\n')
}

/** A request to the proxy from a chosen loopback address, as a client on another machine would come. */
function fromAddress(localAddress: string, method: string, url: string, body?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(`${proxy}${url}`, { method, localAddress, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }))
    })
    request.on('error', reject)
    request.end(body)
  })
}
const signInFrom = (localAddress: string, email: string, password: string, headers: Record<string, string> = {}) =>
  fromAddress(localAddress, 'POST', '/api/auth/jwt/login', new URLSearchParams({ username: email, password }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    ...headers,
  })

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-nginx-'))
  databaseName = `stockroom_e2e_${randomBytes(4).toString('hex')}`
  await onServer(`create database ${databaseName}`)
  const url = new URL(BASE_URL)
  url.pathname = `/${databaseName}`
  const proxyPort = await freePort()
  proxy = `http://127.0.0.1:${proxyPort}`
  for (let i = 0; i < 3; i++) {
    const dataDir = path.join(work, `server-${i}`)
    servers.push(
      await startProcess({
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_URL: proxy,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
        LOG_LEVEL: 'info',
      }),
    )
  }
  await Promise.all(servers.map((server) => listening(server)))
  const ports = servers.map((server) => Number(new URL(server.base).port))
  fs.writeFileSync(path.join(work, 'nginx.conf'), nginxConfig(work, proxyPort, ports))
  nginx = spawn('nginx', ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let nginxOutput = ''
  nginx.stderr!.on('data', (chunk) => (nginxOutput += chunk))
  await vi.waitFor(
    async () => {
      if (nginx!.exitCode !== null) throw new Error(`nginx exited: ${nginxOutput}`)
      const status = (await fetch(`${proxy}/api/health`)).status
      if (status !== 200) throw new Error(`the proxy answered ${status}`)
    },
    { timeout: 20_000, interval: 100 },
  )
}, 180_000)

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGQUIT')
    await new Promise((resolve) => nginx!.once('exit', resolve))
  }
  await Promise.all(servers.filter((server) => server.child.exitCode === null).map((server) => stopProcess(server)))
  await killRunning()
  if (databaseName) await onServer(`drop database if exists ${databaseName} with (force)`)
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

it('the README shows the nginx file this test runs', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const [, indent, block] = readme.match(/^( *)```nginx\n([\s\S]*?)\n *```$/m) ?? []
  const shown = block
    .split('\n')
    .map((line) => line.slice(indent.length))
    .join('\n')
  expect(shown).toBe(fs.readFileSync(TEMPLATE, 'utf8').trim())
})

it('answers /api/health through nginx, and spreads requests over all three servers', async () => {
  const health = await fetch(`${proxy}/api/health`)
  expect(health.status).toBe(200)
  expect(await health.json()).toEqual({ status: 'ok', database: 'ok' })
  for (let i = 0; i < 9; i++) expect((await fetch(`${proxy}/api/health?round=${i}`)).status).toBe(200)
  for (const server of servers) expect(server.stdout()).toMatch(/"url":"\/api\/health\?round=\d"/)
})

it('signs in through the proxy in the browser, and the session works on every server behind it', async () => {
  const browser = await launchBrowser()
  try {
    const { page, problems } = await openSession({ browser, server: { url: proxy } as Parameters<typeof openSession>[0]['server'] })
    await page.goto('/login')
    await signIn(page)
    await eventually(() => page.title()).toBe('Stockroom - Products')
    await screenshot(page, 'several-servers-signed-in-through-nginx')
    const token = await page.evaluate(() => localStorage.getItem('jwt'))
    for (const server of servers) {
      const me = await fetch(`${server.base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
      expect(me.status, server.base).toBe(200)
    }
    expect(unexpectedProblems(problems)).toEqual([])
  } finally {
    await browser.close()
  }
})

it('counts sign-in failures by the client address nginx forwards, not by nginx own address', async () => {
  const other = { email: 'proxied@example.com', password: 'proxied-password-1' }
  const login = await signInFrom('127.0.0.9', ADMIN.email, ADMIN.password)
  const { access_token: token } = JSON.parse(login.body) as { access_token: string }
  const created = await fromAddress('127.0.0.9', 'POST', '/api/users/', JSON.stringify({ ...other, username: 'proxied' }), {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
  })
  expect(created.status).toBe(201)

  // a guesser on 127.0.0.2, who also claims another address: nginx replaces the claim with the real one
  for (let i = 0; i < PER_ACCOUNT; i++)
    expect((await signInFrom('127.0.0.2', other.email, `guess-${i}`, { 'x-forwarded-for': '127.0.0.3' })).status).toBe(400)
  const refused = await signInFrom('127.0.0.2', other.email, other.password)
  expect(refused.status).toBe(429)
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  // the owner on 127.0.0.3 is another client to the servers, though nginx calls them all from 127.0.0.1
  expect((await signInFrom('127.0.0.3', other.email, other.password)).status).toBe(200)
  expect(servers.some((server) => server.stdout().includes('"ip":"127.0.0.2"'))).toBe(true)
})
