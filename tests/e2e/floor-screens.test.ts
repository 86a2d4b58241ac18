// Every main screen on a phone (390 x 844, touch) in English and Dutch, and on a tablet (768 x 1024) in Dutch: no horizontal
// scroll of the page, the screen's key actions on screen, every button 44 px or more under a finger, one h1, and no serious or critical accessibility
// violation by axe-core (run on the phone). Screenshots of each land in test-results/floor-*.png.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { ADMIN, apiAs, eventually, screenshot, serverAndBrowser, unexpectedProblems, type E2EServer } from './harness'

const e2e = serverAndBrowser()
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  tablet: { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true },
}
type Language = 'en' | 'nl'
type Role = 'button' | 'link' | 'textbox' | 'combobox' | 'tab' | 'heading'
/** A screen, what must be on it (role and accessible name per language), and whether it needs a session. */
interface Screen {
  name: string
  path: (ids: Ids) => string
  actions: Record<Language, [Role, string][]>
  public?: boolean
  /** a dialog of the screen, opened by this button: its actions and targets are measured with it open */
  dialog?: Record<Language, string>
}
interface Ids {
  product: number
  org: number
  count: number
  order: number
}

const SCREENS: Screen[] = [
  {
    name: 'login',
    path: () => '/login',
    public: true,
    actions: { en: [['button', 'Sign in']], nl: [['button', 'Inloggen']] },
  },
  {
    name: 'verify',
    path: () => '/verify/not-a-real-token',
    public: true,
    actions: { en: [['button', 'Resend verification email']], nl: [['button', 'Verificatiemail opnieuw versturen']] },
  },
  {
    name: 'password',
    path: () => '/password/not-a-real-token',
    public: true,
    actions: { en: [['button', 'Submit']], nl: [['button', 'Versturen']] },
  },
  {
    name: 'products',
    path: () => '/products',
    actions: {
      en: [
        ['button', 'Add product'],
        ['button', 'Scan with the camera'],
        ['link', 'FLOOR-1'],
      ],
      nl: [
        ['button', 'Product toevoegen'],
        ['button', 'Scannen met de camera'],
        ['link', 'FLOOR-1'],
      ],
    },
  },
  {
    name: 'product',
    path: ({ product }) => `/products/${product}`,
    actions: {
      en: [
        ['link', 'Edit'],
        ['button', 'Print label'],
        ['button', 'Remove'],
      ],
      nl: [
        ['link', 'Bewerken'],
        ['button', 'Etiket afdrukken'],
        ['button', 'Verwijderen'],
      ],
    },
  },
  {
    name: 'edit',
    path: ({ product }) => `/products/${product}/edit`,
    actions: { en: [['button', 'Save']], nl: [['button', 'Opslaan']] },
  },
  {
    name: 'supplier',
    path: ({ product }) => `/products/${product}/supplier`,
    actions: {
      en: [
        ['textbox', "Supplier's article number"],
        ['button', 'Save'],
      ],
      nl: [
        ['textbox', 'Artikelnummer leverancier'],
        ['button', 'Opslaan'],
      ],
    },
  },
  {
    name: 'sellers',
    path: ({ product }) => `/products/${product}/sellers`,
    actions: { en: [['button', 'Add seller']], nl: [['button', 'Verkoper toevoegen']] },
  },
  {
    name: 'stock',
    path: ({ product }) => `/products/${product}/stock`,
    actions: {
      en: [
        ['combobox', 'Location'],
        ['button', 'Book out'],
        ['textbox', 'Note'],
        ['button', 'Submit'],
      ],
      nl: [
        ['combobox', 'Locatie'],
        ['button', 'Uitboeken'],
        ['textbox', 'Notitie'],
        ['button', 'Boeken'],
      ],
    },
  },
  {
    name: 'stock transfer',
    path: ({ product }) => `/products/${product}/stock`,
    dialog: { en: 'Transfer', nl: 'Verplaatsen' },
    actions: {
      en: [
        ['combobox', 'From'],
        ['combobox', 'To'],
        ['button', 'Cancel'],
      ],
      nl: [
        ['combobox', 'Van'],
        ['combobox', 'Naar'],
        ['button', 'Annuleren'],
      ],
    },
  },
  {
    name: 'new transfer',
    path: () => '/stock_transfers',
    dialog: { en: 'New transfer', nl: 'Nieuwe verplaatsing' },
    actions: {
      en: [
        ['combobox', 'From'],
        ['combobox', 'Add a product'],
        ['button', 'Cancel'],
      ],
      nl: [
        ['combobox', 'Van'],
        ['combobox', 'Product toevoegen'],
        ['button', 'Annuleren'],
      ],
    },
  },
  {
    name: 'open count',
    path: () => '/stock_counts',
    dialog: { en: 'Open a count', nl: 'Telling openen' },
    actions: { en: [['button', 'Open']], nl: [['button', 'Openen']] },
  },
  {
    name: 'count',
    path: ({ count }) => `/stock_counts/${count}`,
    actions: {
      en: [
        ['textbox', 'Barcode'],
        ['button', 'Submit for review'],
      ],
      nl: [
        ['textbox', 'Barcode'],
        ['button', 'Indienen ter controle'],
      ],
    },
  },
  {
    name: 'reorder report',
    path: () => '/reports/reorder',
    actions: { en: [['button', 'Export this list']], nl: [['button', 'Deze lijst exporteren']] },
  },
  { name: 'brands', path: () => '/brands', actions: { en: [['button', 'Add brand']], nl: [['button', 'Merk toevoegen']] } },
  {
    name: 'booking reasons',
    path: () => '/booking_reasons',
    actions: { en: [['button', 'Add reason']], nl: [['button', 'Reden toevoegen']] },
  },
  { name: 'orgs', path: () => '/orgs', actions: { en: [['link', 'Edit']], nl: [['link', 'Bewerken']] } },
  {
    name: 'org',
    path: ({ org }) => `/orgs/${org}`,
    actions: {
      en: [
        ['textbox', 'E-mail address'],
        ['combobox', 'Language'],
        ['button', 'Save'],
        ['button', 'Delete'],
      ],
      nl: [
        ['textbox', 'E-mailadres'],
        ['combobox', 'Taal'],
        ['button', 'Opslaan'],
        ['button', 'Verwijderen'],
      ],
    },
  },
  {
    name: 'warehouses',
    path: () => '/warehouses',
    actions: {
      en: [
        ['button', 'Set the delivery address'],
        ['button', 'Locations of Floor hall'],
      ],
      nl: [
        ['button', 'Afleveradres instellen'],
        ['button', 'Locaties van Floor hall'],
      ],
    },
  },
  {
    name: 'purchase orders',
    path: () => '/purchase_orders',
    actions: { en: [['button', 'New purchase order']], nl: [['button', 'Nieuwe inkooporder']] },
  },
  {
    name: 'purchase order',
    path: ({ order }) => `/purchase_orders/${order}`,
    actions: {
      en: [
        ['link', 'Receive'],
        ['button', 'PDF'],
      ],
      nl: [
        ['link', 'Ontvangen'],
        ['button', 'PDF'],
      ],
    },
  },
  {
    name: 'receive',
    path: ({ order }) => `/purchase_orders/${order}/receive`,
    actions: {
      en: [
        ['textbox', 'Barcode'],
        ['button', 'Book receipt'],
      ],
      nl: [
        ['textbox', 'Barcode'],
        ['button', 'Ontvangst boeken'],
      ],
    },
  },
  { name: 'users', path: () => '/users', actions: { en: [['button', 'Add user']], nl: [['button', 'Gebruiker toevoegen']] } },
  { name: 'profile', path: () => '/me', actions: { en: [['button', 'Edit']], nl: [['button', 'Bewerken']] } },
]

async function arrange(server: E2EServer): Promise<Ids> {
  const api = await apiAs(server, ADMIN.email, ADMIN.password)
  const brand = await api<{ id: number }>('POST', '/brands/', { brand_name: 'Floor brand' })
  const supplier = await api<{ id: number }>('POST', '/suppliers/', { org_name: 'Floor supplier' })
  const product = await api<{ id: number }>('POST', '/products/', {
    article_number: 'FLOOR-1',
    sku: 'FL-0001',
    description: 'A product with a long description that has to wrap on a phone instead of widening the page',
    barcode: '4006381333931',
    brand_id: brand.id,
    supplier_id: supplier.id,
  })
  await api('POST', `/products/${product.id}/sellers`, {})
  const warehouse = await api<{ id: number }>('POST', '/warehouses/', {
    warehouse_name: 'Floor hall',
    address: 'Floor hall, Goods entrance 4\nHavenweg 1200\n3089 JB Rotterdam',
  })
  const location = await api<{ id: number }>('POST', `/warehouses/${warehouse.id}/locations`, { location_name: 'A-01' })
  for (let n = 2; n <= 14; n++)
    await api('POST', `/warehouses/${warehouse.id}/locations`, { location_name: `A-${String(n).padStart(2, '0')}` })
  await api('POST', `/products/${product.id}/stock_mutations`, {
    amount: 12,
    note: 'First delivery',
    warehouse_id: warehouse.id,
    location_id: location.id,
  })
  const count = await api<{ id: number }>('POST', '/stock_counts/', { warehouse_id: warehouse.id })
  const order = await api<{ id: number }>('POST', '/purchase_orders/', {
    supplier_id: supplier.id,
    warehouse_id: warehouse.id,
    lines: [{ product_id: product.id, quantity: 24 }],
  })
  await api('POST', `/purchase_orders/${order.id}/send`)
  return { product: product.id, org: supplier.id, count: count.id, order: order.id }
}

/** A page of `size` in `language`, signed in (or not), its console watched. */
async function sessionAt(browser: Browser, server: E2EServer, size: keyof typeof SIZES, language: Language, signedIn?: SignedIn) {
  const context = await browser.newContext({ baseURL: server.url, ...SIZES[size], locale: language === 'nl' ? 'nl-NL' : 'en-GB' })
  // an action not shown is known after 5 s; a page that loads slowly on a busy machine is not a failure
  context.setDefaultTimeout(5_000)
  context.setDefaultNavigationTimeout(30_000)
  await context.addInitScript(
    ([locale, jwt, user]) => {
      localStorage.setItem('stockroom.locale', locale)
      if (jwt) localStorage.setItem('jwt', jwt)
      if (user) localStorage.setItem('user', user)
    },
    [language, signedIn?.token ?? '', signedIn ? JSON.stringify(signedIn.user) : ''] as const,
  )
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`))
  return { context, page, problems }
}

/** The serious and critical violations axe-core finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // evaluated through the debugger, which the page's content security policy does not govern
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> }
      }
    ).axe
    return (await axe.run(document)).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** the stored session of the signed-in app: its token and user, as sign-in leaves them */
interface SignedIn {
  token: string
  user: unknown
}
let arranged: Promise<{ ids: Ids; signedIn: SignedIn }> | undefined
/** the products and session every test reads, made once (two tests may ask at the same time) */
function prepared() {
  arranged ??= (async () => {
    const ids = await arrange(e2e.server)
    const login = await fetch(`${e2e.server.url}/api/auth/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
    })
    const token = ((await login.json()) as { access_token: string }).access_token
    const me = await fetch(`${e2e.server.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    return { ids, signedIn: { token, user: await me.json() } }
  })()
  return arranged
}

describe.each(['en', 'nl'] as const)('in %s', (language) => {
  // the phone and the tablet side by side: most of each is waiting for a screen to settle; the tablet in Dutch only,
  // whose longer words are the wider case of the two
  it.concurrent.for(language === 'nl' ? (['phone', 'tablet'] as const) : (['phone'] as const))(
    'every main screen fits a %s, shows its actions, has buttons of 44 px under a finger and one h1; axe finds nothing serious',
    async (size, { expect }) => {
      const { ids, signedIn } = await prepared()
      const { context, page, problems } = await sessionAt(e2e.browser, e2e.server, size, language, signedIn)
      // the session the public pages are opened without
      const anonymous = await sessionAt(e2e.browser, e2e.server, size, language)
      const found: Record<string, unknown> = {}
      try {
        for (const screen of SCREENS) {
          const target = screen.public ? anonymous.page : page
          await target.goto(screen.path(ids))
          if (screen.dialog) {
            await target.getByRole('button', { name: screen.dialog[language], exact: true }).click()
            await target.getByRole('dialog').waitFor()
          }
          const unreachable: string[] = []
          for (const [role, name] of screen.actions[language]) {
            const action = target.getByRole(role, { name }).first()
            const shown = await action.waitFor().then(
              () => true,
              () => false,
            )
            if (shown) await action.scrollIntoViewIfNeeded()
            const box = shown ? await action.boundingBox() : null
            // on screen and within the width, not cut off at either side
            if (!box || box.x < 0 || box.x + box.width > SIZES[size].viewport.width) unreachable.push(`${role} "${name}"`)
          }
          await target.waitForLoadState('networkidle')
          // the page's width, and for a failure the innermost elements that stick out to the right
          const widths = await target.evaluate(() => {
            const client = document.documentElement.clientWidth
            const sticksOut = (el: Element) => el.getBoundingClientRect().right > client + 1
            const out = [...document.querySelectorAll('body *')].filter((el) => sticksOut(el) && ![...el.children].some(sticksOut))
            const described = out
              .slice(0, 4)
              .map((el) => `${el.tagName}.${[...el.classList].slice(0, 2).join('.')} "${el.textContent?.slice(0, 30)}"`)
            return { scroll: document.documentElement.scrollWidth, client, out: described }
          })
          // under a finger (phone and tablet emulate touch) every button, link and field, disabled ones too, is at least
          // 44 px each way, or lies in a tappable box that size (a field's outline, a checkbox's label)
          const smallTargets = await target.evaluate(() => {
            const big = (el: Element) => {
              const box = el.getBoundingClientRect()
              return Math.round(box.width) >= 44 && Math.round(box.height) >= 44
            }
            const tappable = 'label, .MuiInputBase-root, .MuiButtonBase-root, button, a[href]'
            const inBigTarget = (el: Element) => {
              for (let up = el.parentElement, n = 0; up && n < 4; up = up.parentElement, n++)
                if (up.matches(tappable) && big(up)) return true
              return false
            }
            return [...document.querySelectorAll('button, a[href], [role=button], [role=tab], input, select, textarea, [role=combobox]')]
              .map((el) => ({ el, box: el.getBoundingClientRect() }))
              .filter(({ el, box }) => box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden')
              .filter(({ el }) => !big(el) && !inBigTarget(el))
              .map(
                ({ el, box }) =>
                  `${el.tagName}.${el.className.toString().split(' ')[0]}<${el.parentElement?.className.toString().split(' ')[0]} ${(el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim().slice(0, 40)} ${Math.round(box.width)}x${Math.round(box.height)}`,
              )
          })
          const headings = await target.locator('h1').count()
          const violations = size === 'phone' ? await seriousViolations(target) : []
          found[screen.name] = {
            horizontalScroll: widths.scroll > widths.client ? widths.out : false,
            unreachable,
            smallTargets,
            headings,
            violations,
          }
          await screenshot(target, `floor-${screen.name}-${size}-${language}`)
        }
        const expected = Object.fromEntries(
          SCREENS.map((s) => [s.name, { horizontalScroll: false, unreachable: [], smallTargets: [], headings: 1, violations: [] }]),
        )
        expect(found).toEqual(expected)
        // the made-up tokens of the public pages are refused with a 400
        expect(unexpectedProblems([...problems, ...anonymous.problems], /status of 400/)).toEqual([])
      } finally {
        await context.close()
        await anonymous.context.close()
      }
    },
  )
})

it('has landmarks on the public pages and visible focus on text fields and the top bar', async () => {
  const { signedIn } = await prepared()
  const { context, page } = await sessionAt(e2e.browser, e2e.server, 'phone', 'en')
  try {
    for (const path of ['/login', '/verify/not-a-real-token', '/password/not-a-real-token']) {
      await page.goto(path)
      await page.getByRole('main').waitFor()
      expect(await page.getByRole('main').count(), path).toBe(1)
    }
    const outlineOf = (selector: string) =>
      page.evaluate((s) => {
        const style = getComputedStyle(document.querySelector(s)!)
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
      }, selector)
    await page.goto('/login')
    await page.getByLabel('E-mail').focus()
    // a focused text field shows it: MUI's underline grows to its full width, 2 px thick, in the theme's colour
    await eventually(() =>
      page.evaluate(() => {
        const root = document.activeElement!.closest('.MuiInputBase-root')!
        const underline = getComputedStyle(root, '::after')
        return { focused: root.classList.contains('Mui-focused'), thickness: underline.borderBottomWidth, shown: underline.transform }
      }),
    ).toEqual({ focused: true, thickness: '2px', shown: 'matrix(1, 0, 0, 1, 0, 0)' })

    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), signedIn.token)
    await page.goto('/products')
    await page.getByRole('button', { name: 'Scan with the camera' }).waitFor()
    // the keyboard reaches the top bar's buttons, and each shows where the focus is
    const inTopBar = () => page.evaluate(() => Boolean(document.activeElement?.closest('header')))
    for (let presses = 0; presses < 10 && !(await inTopBar()); presses++) await page.keyboard.press('Tab')
    const framed: { name: string | null; visible: boolean }[] = []
    while (await inTopBar()) {
      const name = await page.evaluate(() => document.activeElement!.getAttribute('aria-label') ?? document.activeElement!.textContent)
      const outline = await outlineOf(':focus')
      framed.push({ name, visible: outline.style !== 'none' && outline.width >= 2 })
      await page.keyboard.press('Tab')
    }
    expect(framed.map((f) => f.name)).toEqual([
      'Open menu',
      'Scan with the camera',
      'Dark theme',
      'Language: English',
      'Refresh',
      'Account menu',
    ])
    expect(framed.filter((f) => !f.visible)).toEqual([])

    // on a phone a dialog takes the whole screen
    await page.getByRole('button', { name: 'Add product' }).click()
    const dialog = await page.getByRole('dialog', { name: 'Add product' }).boundingBox()
    expect(dialog).toEqual({ x: 0, y: 0, width: 390, height: 844 })
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // control: axe does report what it should, here an image without a text
    await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('img'), { src: '/nothing.png' })))
    expect((await seriousViolations(page)).some((violation) => violation.includes('image-alt'))).toBe(true)
  } finally {
    await context.close()
  }
})

it('caps a tall product image in height: 200 px on a phone, 320 px on a tablet, the picture whole', async () => {
  const { signedIn } = await prepared()
  const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
  const product = await api<{ id: number }>('POST', '/products/', {
    sku: 'TALL-IMAGE',
    article_number: 'TALL-IMAGE',
    image_url: 'http://images.test/tall.svg',
  })
  // a picture ten times as tall as it is wide, served by the test instead of the internet
  const tall = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="1000"><rect width="100" height="1000" fill="#888"/></svg>'
  for (const [size, cap] of [
    ['phone', 200],
    ['tablet', 320],
  ] as const) {
    const { context, page } = await sessionAt(e2e.browser, e2e.server, size, 'en', signedIn)
    try {
      await page.route('http://images.test/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: tall }))
      await page.goto(`/products/${product.id}`)
      const image = page.getByRole('img', { name: 'Image of TALL-IMAGE' })
      await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBe(1000)
      const box = (await image.boundingBox())!
      expect(Math.round(box.height)).toBe(cap)
      // scaled to fit, not cropped: the picture keeps its proportions inside the capped box
      expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain')
      await screenshot(page, `floor-tall-image-${size}`)
    } finally {
      await context.close()
    }
  }
})
