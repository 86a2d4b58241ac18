// The camera path for real: Chromium's fake camera plays a video of a barcode (frames drawn here from jsbarcode's
// encoding, written as a Y4M file: a header line, then raw I420 frames), the Scan button opens the camera, the
// decoder reads the code, and the journey lands on the product; at phone size, in English and Dutch.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import JsBarcode from 'jsbarcode'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, apiAs, screenshot, startServer, unexpectedProblems, type E2EServer } from './harness'

const WIDTH = 640
const HEIGHT = 480
const BARCODE = '4006381333931'

/** A Y4M video of `frames` frames showing the EAN-13 `value` in black on white, its bars `module` pixels wide. */
function barcodeVideo(value: string, file: string, frames = 10, module = 4) {
  const encoded: { encodings?: { data: string }[] } = {}
  JsBarcode(encoded, value, { format: 'EAN13', flat: true })
  const modules = encoded.encodings!.map((e) => e.data).join('')
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235)
  const left = Math.floor((WIDTH - modules.length * module) / 2)
  for (let y = 140; y < 340; y++)
    for (let i = 0; i < modules.length; i++)
      if (modules[i] === '1') luma.fill(16, y * WIDTH + left + i * module, y * WIDTH + left + (i + 1) * module)
  // no colour: both chroma planes at their middle
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`)
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]))
}

let server: E2EServer
let browser: Browser
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-camera-'))
beforeAll(async () => {
  const video = path.join(dir, 'barcode.y4m')
  barcodeVideo(BARCODE, video)
  ;[server, browser] = await Promise.all([
    startServer(),
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        // a camera that plays the video, allowed without asking
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    }),
  ])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe.each([
  ['en', 'Scan with the camera'],
  ['nl', 'Scannen met de camera'],
] as const)('in %s', (language, scanButton) => {
  it('the Scan button reads a barcode from the camera and opens its product', async () => {
    const api = await apiAs(server, ADMIN.email, ADMIN.password)
    const found = await api<{ items: { id: number }[] }>('GET', `/products/?barcode=${BARCODE}`)
    const product = found.items[0] ?? (await api<{ id: number }>('POST', '/products/', { article_number: 'CAM-1', barcode: BARCODE }))
    const token = await api<{ id: number }>('GET', '/users/me')
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: language === 'nl' ? 'nl-NL' : 'en-GB',
    })
    context.setDefaultTimeout(15_000)
    await context.addInitScript((locale) => localStorage.setItem('stockroom.locale', locale), language)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`))
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(worker.url()))
    const scripts: string[] = []
    page.on('requestfinished', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname))

    await page.goto('/login')
    await page.getByLabel(language === 'en' ? 'E-mail' : 'E-mail').fill(ADMIN.email)
    await page.getByLabel(language === 'en' ? 'Password' : 'Wachtwoord').fill(ADMIN.password)
    await page.getByLabel(language === 'en' ? 'Password' : 'Wachtwoord').press('Enter')
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    expect(token.id).toBeGreaterThan(0)
    // the decoder is not loaded before the camera opens
    expect(scripts.filter((name) => /CameraScanDialog|barcode-worker/.test(name))).toEqual([])

    // anywhere but the products list (where a scan filters it) the code opens its product
    await page.goto('/warehouses')
    // a warm cache reads the code so fast that the dialog may close before a test could look: the page notes it
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('[role="dialog"]') === null) return
        ;(window as unknown as { cameraDialogSeen: boolean }).cameraDialogSeen = true
        observer.disconnect()
      }).observe(document.body, { childList: true, subtree: true })
    })
    await page.getByRole('button', { name: scanButton }).click()
    // the picture once the video plays (unless the code was read before that)
    const playing = await page
      .waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, undefined, { timeout: 5000 })
      .then(
        () => true,
        () => false,
      )
    if (playing && (await page.getByRole('dialog').count()) > 0) await screenshot(page, `floor-camera-${language}`)
    await page.waitForURL(`**/products/${product.id}`)
    expect(await page.evaluate(() => (window as unknown as { cameraDialogSeen?: boolean }).cameraDialogSeen)).toBe(true)
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // Linux Chromium has no BarcodeDetector: the polyfill read it, in its worker, whose policy lets it run WebAssembly
    expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false)
    const worker = workers.find((url) => /\/assets\/barcode-worker-[\w-]+\.js$/.test(url))
    expect(worker).toBeDefined()
    expect((await fetch(worker!)).headers.get('content-security-policy')).toContain("'wasm-unsafe-eval'")
    // the page itself still may not compile WebAssembly
    expect((await page.goto('/products'))?.headers()['content-security-policy']).not.toMatch(/unsafe-eval/)
    expect(unexpectedProblems(problems)).toEqual([])
    await context.close()
  })
})
