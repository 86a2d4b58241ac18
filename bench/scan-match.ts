// `npm run bench:scan -- [--lines N] [--scans S] [--throttle X]`: the receiving screen of an order of N lines (500, the
// issue's case; the largest order is 1,000) on a 390 px phone in Chromium with its CPU slowed X times (4: a mid-range
// phone), scanned S times by a hand-held scanner. Each figure is the time from the scanner's Enter to the frame that
// shows the line's new count: the match is made on the phone, without the server. Beside it, the constant route of
// the same run.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import type { PurchaseOrder } from '../src/contract'
import { locationCode } from '../src/contract/location-codes'
import { freshBenchDatabase } from './database'
import { overHttp } from './measure'
import { RESULTS_FILE } from './report'
import { ADMIN, startServer } from './server'

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '500' },
    scans: { type: 'string', default: '60' },
    throttle: { type: 'string', default: '4' },
    'postgres-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
})
const lines = Number(values.lines)
const scans = Number(values.scans)
const throttle = Number(values.throttle)
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`)

/** a whole EAN-13 from 12 digits: its check digit added */
const ean13 = (twelve: string) => {
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0)
  return `${twelve}${(10 - (sum % 10)) % 10}`
}

if (!fs.existsSync('dist/index.html')) throw new Error('build the admin first: npm run build')
const server = await startServer(await freshBenchDatabase('sqlite', 'scan-match', values['postgres-url']))
const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

try {
  log(`an order of ${lines} lines`)
  const supplier = await call<{ id: number }>('POST', '/orgs/', { org_name: 'Bench supplier', is_supplier: true })
  const warehouse = await call<{ id: number }>('POST', '/warehouses/', { warehouse_name: 'Bench dock' })
  const dock = await call<{ id: number }>('POST', `/warehouses/${warehouse.id}/locations`, { location_name: 'DOCK-1' })
  const barcodes: string[] = []
  const productIds: number[] = []
  for (let i = 0; i < lines; i++) {
    const barcode = ean13(`87${String(i).padStart(10, '0')}`)
    const made = await call<{ id: number }>('POST', '/products/', { sku: `SCAN-${i}`, barcode, description: `Scanned item ${i}` })
    barcodes.push(barcode)
    productIds.push(made.id)
  }
  const order = await call<PurchaseOrder>('POST', '/purchase_orders/', {
    supplier_id: supplier.id,
    warehouse_id: warehouse.id,
    lines: productIds.map((product_id) => ({ product_id, quantity: 1000 })),
  })
  await call('POST', `/purchase_orders/${order.id}/send`)

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
  })
  // before the app's own listener, which keeps a scan's Enter to itself; a string, not a function: tsx would name
  // the page's functions with a helper the page does not have
  await context.addInitScript(`(() => {
    window.scanTimes = []
    const notice = () => [...document.querySelectorAll('[role=status]')].map((node) => node.textContent).join('|')
    window.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return
      const start = performance.now()
      const before = notice()
      const watch = () => (notice() === before ? requestAnimationFrame(watch) : window.scanTimes.push(performance.now() - start))
      requestAnimationFrame(watch)
    }, true)
  })()`)
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('E-mail').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto(`/purchase_orders/${order.id}/receive`)
  await page
    .getByTestId('receive-line')
    .nth(lines - 1)
    .waitFor({ state: 'attached', timeout: 60_000 })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  // from the Enter to the first frame whose notice has changed: what the clerk waits for
  const scan = async (code: string) => {
    const at = Date.now() / 1000
    for (const [i, key] of [...code].entries()) {
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, timestamp: at + i * 0.008 })
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: at + i * 0.008 + 0.002 })
    }
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, timestamp: at + code.length * 0.008 }
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', ...enter })
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter })
  }
  const times = async () => page.evaluate<number[]>('window.scanTimes.slice()')
  const scanAndWait = async (code: string) => {
    const before = (await times()).length
    await scan(code)
    await page.waitForFunction(`window.scanTimes.length > ${before}`, undefined, { timeout: 10_000 })
  }
  await scanAndWait(locationCode(dock.id))
  log(`${scans} scans`)
  // the last lines first, then spread over the order: a line at the end is the worst place for a list to look
  for (let i = 0; i < scans; i++) await scanAndWait(barcodes[i < 5 ? lines - 1 - i : (i * 7919) % lines])
  const measured = (await times()).slice(1).sort((a, b) => a - b)
  await browser.close()
  const constant = await overHttp(server.url, server.token, () => ({ method: 'GET', path: '/api/bench/constant' }), 1, 3)

  const at = (q: number) => measured[Math.min(measured.length - 1, Math.floor(q * measured.length))]
  const ms = (n: number) => n.toFixed(1)
  const marker = `bench:scan:${lines}`
  const section = [
    `<!-- ${marker} -->`,
    `## Scan to receive on a phone, an order of ${lines.toLocaleString('en')} lines`,
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Chromium at 390 x 844 with its CPU slowed ${throttle} times, ${scans} scans of 13 digits 8 ms a key; from the Enter to the frame that shows the new count. Target: under 100 ms. The constant route answered ${Math.round(constant.perSecond).toLocaleString('en')} requests/s (1 connection) in the same run.`,
    '',
    '| Scans | p50 ms | p90 ms | max ms |',
    '|---:|---:|---:|---:|',
    `| ${measured.length} | ${ms(at(0.5))} | ${ms(at(0.9))} | ${ms(measured.at(-1)!)} |`,
    `<!-- /${marker} -->`,
  ].join('\n')
  const text = fs.readFileSync(RESULTS_FILE, 'utf8')
  const pattern = new RegExp(`<!-- ${marker} -->[\\s\\S]*?<!-- /${marker} -->`)
  fs.writeFileSync(RESULTS_FILE, pattern.test(text) ? text.replace(pattern, () => section) : `${text.trimEnd()}\n\n${section}\n`)
  console.log(section)
} finally {
  await server.stop()
}
