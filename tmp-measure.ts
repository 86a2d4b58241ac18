import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { measureExports, EXPORT_QUERIES } from './bench/exports'
const port = 8788
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATABASE_URL: 'sqlite:/tmp/big.db', DATA_DIR: '/tmp/office-measure/data', ADMIN_EMAIL: 'measure@example.com', ADMIN_PASSWORD: 'measure-password-1', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
})
const url = `http://127.0.0.1:${port}`
for (;;) { if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 500)) }
const login = await fetch(`${url}/api/auth/jwt/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=measure@example.com&password=measure-password-1' })
const { access_token: token } = (await login.json()) as { access_token: string }
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024
let peak = 0
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100)
console.log('rss at start', rss().toFixed(0), 'MB')
if (process.argv[2]) EXPORT_QUERIES.splice(1)
await measureExports({ url, token, takePeakRss: () => { const p = Math.max(peak, rss()); peak = 0; return p }, stop: async () => {} }, console.log)
clearInterval(sampler)
child.kill('SIGTERM')
