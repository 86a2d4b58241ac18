// The server under test: `src/server/main.ts` in a child process, as production runs it, with the constant route
// preloaded; its resident memory is sampled from /proc while it runs.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../tests/api/server-process'

const ROOT = path.resolve(import.meta.dirname, '..')
export const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' }

export interface RunningServer {
  url: string
  token: string
  /** the largest resident set seen since the last call, in MB */
  takePeakRss(): number
  /** the resident set now, in MB */
  rss(): number
  /** how many mails the server has written to its outbox (it has no SMTP_URL) */
  mailsWritten(): number
  stop(): Promise<void>
}

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/**
 * A request to the server as its signed-in user: a form as it is, anything else as JSON. Answers the JSON body (the
 * bytes of any other); a status other than 2xx throws, naming the request and the answer.
 */
export async function call<T = { id: number; status: string }>(
  server: Pick<RunningServer, 'url' | 'token'>,
  method: string,
  path: string,
  body?: FormData | object,
): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData)
  const response = await fetch(`${server.url}${path}`, {
    method,
    body: json ? JSON.stringify(body) : body,
    headers: { authorization: `Bearer ${server.token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
  })
  const answer = (
    response.headers.get('content-type')?.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer())
  ) as T
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`)
  return answer
}

export async function startServer(databaseUrl: string): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-bench-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  // production logs at info; the lines go to a file so reading them costs the benchmark nothing
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'w')
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', './bench/constant-route.ts', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // eight hours is too short for a long run of every scenario
      TOKEN_LIFETIME: String(7 * 24 * 3600),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', log, log],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  let stopped = false
  void exited.then((code) => {
    if (!stopped) console.error(`server exited with ${code}; its log: ${path.join(dataDir, 'server.log')}`)
  })

  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`)
    const ready = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) throw new Error('server did not answer /api/health within two minutes')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const login = await fetch(`${url}/api/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  })
  if (!login.ok)
    throw new Error(
      `sign-in failed: ${login.status} ${await login.text()} (a database seeded by another run keeps its first user: use a fresh one)`,
    )
  const { access_token: token } = (await login.json()) as { access_token: string }

  let peak = 0
  const sampler = setInterval(() => {
    if (child.pid && child.exitCode === null) peak = Math.max(peak, residentMb(child.pid))
  }, 100)
  return {
    url,
    token,
    rss: () => (child.pid && child.exitCode === null ? residentMb(child.pid) : 0),
    mailsWritten: () => (fs.existsSync(path.join(dataDir, 'outbox')) ? fs.readdirSync(path.join(dataDir, 'outbox')).length : 0),
    takePeakRss() {
      if (child.pid && child.exitCode === null) peak = Math.max(peak, residentMb(child.pid))
      const seen = peak
      peak = 0
      return seen
    },
    async stop() {
      stopped = true
      clearInterval(sampler)
      child.kill('SIGTERM')
      await exited
      fs.closeSync(log)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
