// The real thing for browser journeys: the built app served by the real server process on a fresh SQLite
// database, a real SMTP listener for its mails, and Debian's Chromium driven by playwright-core.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { startMailbox, type Mailbox } from '../api/mailbox'
import { locationCode } from '../../src/contract/location-codes'
import { freePort } from '../api/server-process'

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }
const ROOT = path.resolve(import.meta.dirname, '../..')
export const RESULTS_DIR = path.join(ROOT, 'test-results')

export interface E2EServer {
  url: string
  mailbox: Mailbox
  /** every log line the server wrote (JSON), for checks that nothing secret is logged */
  logs: string[]
  stop(): Promise<void>
}

/** Starts `node src/server/main.ts` like `npm run serve`, and resolves once it listens. */
export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-e2e-'))
  const mailbox = await startMailbox()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dataDir, 'stockroom.db')}`,
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SMTP_URL: mailbox.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  await new Promise<void>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      logs.push(line)
      if (line.includes('Server listening')) resolve()
    })
    child.stderr!.on('data', (chunk) => logs.push(String(chunk)))
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${logs.join('\n')}`)))
  })
  return {
    url,
    mailbox,
    logs,
    async stop() {
      child.kill('SIGTERM')
      await exited
      await mailbox.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A server and a browser shared by the journeys of one test file: started before them, stopped after them. */
export function serverAndBrowser(env: Record<string, string> = {}): { readonly server: E2EServer; readonly browser: Browser } {
  let server: E2EServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    // each that started is kept, so that afterAll stops it also when the other failed (a missing Chromium)
    const [started, launched] = await Promise.allSettled([startServer(env), launchBrowser()])
    if (started.status === 'fulfilled') server = started.value
    if (launched.status === 'fulfilled') browser = launched.value
    for (const outcome of [started, launched]) if (outcome.status === 'rejected') throw outcome.reason
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })
  return {
    get server() {
      return server!
    },
    get browser() {
      return browser!
    },
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export interface Session {
  context: BrowserContext
  page: Page
  /** console errors, page errors and CSP violations seen so far */
  problems: string[]
}

/** A fresh browser profile (no stored session) on the server. */
export async function openSession({ browser, server }: { browser: Browser; server: E2EServer }): Promise<Session> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, locale: 'en-GB' })
  // a step that waits longer than this has failed; playwright's 30 s would only slow the report down. A page load
  // may take longer on a busy machine without anything being wrong
  context.setDefaultTimeout(10_000)
  context.setDefaultNavigationTimeout(30_000)
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  return { context, page, problems }
}

/** A phone (390 x 844, touch) or a desktop, in `language`, nobody signed in; its console watched. */
export async function device({ browser, server }: { browser: Browser; server: E2EServer }, language: 'en' | 'nl', phone = true) {
  const context = await browser.newContext({
    baseURL: server.url,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }),
    locale: language === 'nl' ? 'nl-NL' : 'en-GB',
  })
  context.setDefaultTimeout(10_000)
  context.setDefaultNavigationTimeout(30_000)
  await context.addInitScript((locale) => localStorage.setItem('stockroom.locale', locale), language)
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`))
  return { context, page, problems }
}

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  if (!page.url().includes('/login')) await page.goto('/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

/** Creates `name` in a pick-or-create picker (brand, supplier, seller) within `scope`, and waits until it is picked. */
export async function createInPicker(scope: Page | Locator, kind: 'brand' | 'supplier' | 'seller', name: string) {
  const label = kind[0].toUpperCase() + kind.slice(1)
  await scope.getByRole('button', { name: `Create a new ${kind}` }).click()
  await scope.getByLabel(`${label}: name of the new ${kind}`).fill(name)
  await scope.getByLabel(`${label}: name of the new ${kind}`).press('Enter')
  await eventually(() => scope.getByRole('combobox', { name: label }).inputValue()).toBe(name)
}

/** Chooses a location in a place picker within `scope` by typing its label's code, as a clerk searching it would. */
export async function choosePlace(page: Page, scope: Locator, label: string, locationId: number) {
  const picker = scope.getByRole('combobox', { name: label, exact: true })
  await picker.fill(locationCode(locationId))
  const found = page.getByRole('listbox').getByRole('option')
  await eventually(() => found.count()).toBe(1)
  await found.click()
  await eventually(() => picker.inputValue()).not.toBe(locationCode(locationId))
}

/**
 * Saves the last screen of a journey under test-results/ (git-ignored) for people to look at: the whole page, or
 * what the screen shows (`fullPage: false`, for a dialog, which a whole-page picture stretches).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  // transitions (tab indicators, ripples, fading menus) are finished first, so the picture shows where things end up
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage, animations: 'disabled' })
}

/** Calls the API as the browser's signed-in user would (for arranging data a journey does not test). */
export async function apiAs(server: E2EServer, email: string, password: string) {
  const login = await fetch(`${server.url}/api/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  })
  if (!login.ok) throw new Error(`sign-in for ${email} failed: ${login.status}`)
  const { access_token: token } = (await login.json()) as { access_token: string }
  return async function call<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.url}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return (res.status === 204 ? undefined : await res.json()) as T
  }
}

/**
 * Waits until `read` satisfies the assertion that follows, as playwright's web-first `expect` would: e.g.
 * `await eventually(() => page.getByRole('row').count()).toBe(11)`. Ten seconds, for a busy 2-core machine.
 */
// eslint-disable-next-line vitest/valid-expect -- the caller adds the matcher: eventually(read).toBe(value)
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 })

/** The page's console errors but those a journey expects (a refused delete logs its 409, ...). */
export function unexpectedProblems(problems: string[], ...expected: RegExp[]): string[] {
  return problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)))
}

/**
 * What a hand-held scanner does: the code's keys 8 ms apart, then Enter. Sent as real key events through the
 * DevTools protocol with their own timestamps, so the pace holds however busy the machine running the test is.
 * `gapsMs` are the pauses before each key and the Enter, taken in turn: a busy phone delivers them 11 to 100 ms apart.
 */
export async function scan(page: Page, code: string, gapsMs: number[] = [8]) {
  const cdp = await page.context().newCDPSession(page)
  const start = Date.now() / 1000
  const offsets = [0]
  for (let i = 1; i <= code.length; i++) offsets.push(offsets[i - 1] + gapsMs[(i - 1) % gapsMs.length] / 1000)
  const at = (i: number) => start + offsets[i]
  for (const [i, key] of [...code].entries()) {
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, timestamp: at(i) })
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: at(i) + 0.002 })
  }
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, timestamp: at(code.length) }
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', ...enter })
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter })
  await cdp.detach()
}
