// The permission matrix: every route of the API description, called by a user of each built-in role (in Rotterdam,
// or for the company), by a clerk of Berlin only and by somebody without roles, is allowed or refused as this file
// says it should be (written here on its own, not read from the routes). A refusal is 403 FORBIDDEN naming the
// permission; a record in a warehouse the user may not read is not found (404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { permissionsOf, type Permission, type PermissionGrant, type RoleGrant } from '../../src/contract/roles'
import { startServer, type Client, type Response, type TestServer } from './helpers'
import { created, fixtures, ok } from './product-fixtures'

let server: TestServer
let make: ReturnType<typeof fixtures>
/** the places the calls concern: Rotterdam, where the roles are held, and Berlin */
const at = { R: 0, B: 0, locationR: 0, locationR2: 0, locationB: 0, product: 0, count: 0, line: 0, approval: 0, order: 0 }
/** a clerk of Rotterdam, whose large bookings wait for approval */
let asker: Client
let serial = 0
const unique = (prefix: string) => `${prefix}-${++serial}`
const MISSING = 999_999

type Where = 'company' | 'R'
interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  body?: unknown
}
interface Case {
  /** what the call takes, in order; 'public' routes need no session and are not walked here */
  needs: (Permission | 'signed-in')[] | 'public'
  /** where the permissions are needed: the company (or any one warehouse), or Rotterdam */
  where?: Where
  /** a stored record in Rotterdam: not found for those who may not read Rotterdam */
  stored?: boolean
  /** a company permission that allows the call as well, whatever else it takes (a buyer reads every order) */
  either?: Permission
  /** the call, made fresh for each user (records it may use up are made anew) */
  call?: () => Promise<Omit<Call, 'method'>> | Omit<Call, 'method'>
}

/** Makes a count of Rotterdam with one line, as the administrator. */
async function openCount(): Promise<{ id: number; line: number }> {
  const count = created(await server.admin.post('/api/stock_counts/', { warehouse_id: at.R, location_ids: [at.locationR] }))
  return { id: count.id, line: count.lines[0].id }
}
/** Books +5 in Rotterdam as the administrator. */
const book = () => make.book(at.product, { amount: 5, warehouse_id: at.R, location_id: at.locationR })
const transferInR = async () =>
  created(
    await server.admin.post('/api/stock_transfers/', {
      from_location_id: at.locationR,
      to_location_id: at.locationR2,
      product_id: at.product,
      amount: 1,
    }),
  )

/** A booking of Rotterdam above its threshold, by a clerk: a pending approval. */
const askApproval = async (): Promise<number> => {
  const res = await asker.post(`/api/products/${at.product}/stock_mutations`, {
    amount: 500,
    warehouse_id: at.R,
    location_id: at.locationR,
  })
  expect(res.statusCode, res.body).toBe(202)
  return res.json<{ id: number }>().id
}

const company = (...needs: Permission[]): Case => ({ needs })
/** Reading a purchase order of Rotterdam: its stock there, or buying */
const orderOfR = (path: string): Case => ({
  needs: ['catalogue.read', 'stock.read'],
  where: 'R',
  stored: true,
  either: 'orders.purchase',
  call: () => ({ url: `/api/purchase_orders/${at.order}${path}` }),
})
const inR = (needs: Permission[], call: Case['call'], stored = false): Case => ({ needs, where: 'R', call, stored })

/** Every route of the API description: what it takes. Ids of company routes point at nothing (404 when allowed). */
const CASES: Record<string, Case> = {
  'GET /api/health': { needs: 'public' },
  'POST /api/auth/jwt/login': { needs: 'public' },
  'POST /api/auth/register': { needs: 'public' },
  'POST /api/auth/request-verify-token': { needs: 'public' },
  'POST /api/auth/verify': { needs: 'public' },
  'POST /api/auth/forgot-password': { needs: 'public' },
  'POST /api/auth/reset-password': { needs: 'public' },
  'POST /api/auth/jwt/logout': { needs: ['signed-in'] },
  'GET /api/users/me': { needs: ['signed-in'] },
  'PATCH /api/users/me': { needs: ['signed-in'], call: () => ({ url: '/api/users/me', body: {} }) },

  'GET /api/audit/': company('administer'),
  'GET /api/audit/export': company('administer'),
  'GET /api/audit/{id}/undo': company('administer'),
  'POST /api/audit/{id}/undo': company('administer'),
  'GET /api/users/': company('administer'),
  'POST /api/users/': company('administer'),
  'GET /api/users/export': company('administer'),
  'GET /api/users/{id}': company('administer'),
  'PATCH /api/users/{id}': company('administer'),
  'PUT /api/users/{id}': company('administer'),
  'DELETE /api/users/{id}': company('administer'),
  'GET /api/users/{id}/roles': company('administer'),
  'PUT /api/users/{id}/roles': company('administer'),

  'GET /api/booking_reasons/': company('stock.read'),
  'POST /api/booking_reasons/': company('administer'),
  'PATCH /api/booking_reasons/{id}': company('administer'),

  'GET /api/purchase_orders/': company('catalogue.read'),
  'GET /api/purchase_orders/export': company('exports.run'),
  'GET /api/purchase_orders/receipts/export': company('exports.run'),
  'POST /api/purchase_orders/': company('orders.purchase'),
  'POST /api/purchase_orders/from_reorder': company('orders.purchase'),
  'GET /api/purchase_orders/{id}': orderOfR(''),
  'PATCH /api/purchase_orders/{id}': company('orders.purchase'),
  'POST /api/purchase_orders/{id}/send': company('orders.purchase'),
  'POST /api/purchase_orders/{id}/cancel': company('orders.purchase'),
  'POST /api/purchase_orders/{id}/close': company('orders.purchase'),
  'GET /api/purchase_orders/{id}/receipts': orderOfR('/receipts'),
  'GET /api/purchase_orders/{id}/pdf': orderOfR('/pdf'),
  'POST /api/purchase_orders/{id}/receipts': inR(
    ['stock.receive'],
    () => ({
      url: `/api/purchase_orders/${at.order}/receipts`,
      body: { lines: [{ line_id: MISSING, location_id: at.locationR, quantity: 1 }] },
    }),
    true,
  ),
  'POST /api/purchase_orders/{id}/receipts/{receipt_id}/reverse': inR(
    ['stock.receive'],
    () => ({ url: `/api/purchase_orders/${at.order}/receipts/${MISSING}/reverse` }),
    true,
  ),

  'GET /api/brands/': company('catalogue.read'),
  'GET /api/brands/{id}': company('catalogue.read'),
  'POST /api/brands/': company('catalogue.write'),
  'PATCH /api/brands/{id}': company('catalogue.write'),
  'PUT /api/brands/{id}': company('catalogue.write'),
  'DELETE /api/brands/{id}': company('catalogue.write'),
  'GET /api/orgs/': company('catalogue.read'),
  'GET /api/orgs/{id}': company('catalogue.read'),
  'POST /api/orgs/': company('catalogue.write'),
  'PATCH /api/orgs/{id}': company('catalogue.write'),
  'PUT /api/orgs/{id}': company('catalogue.write'),
  'DELETE /api/orgs/{id}': company('catalogue.write'),
  'GET /api/suppliers/': company('catalogue.read'),
  'POST /api/suppliers/': company('catalogue.write'),
  'GET /api/sellers/': company('catalogue.read'),
  'POST /api/sellers/': company('catalogue.write'),
  'GET /api/products/': company('catalogue.read'),
  'GET /api/products/{id}': company('catalogue.read'),
  'POST /api/products/': company('catalogue.write'),
  'PATCH /api/products/{id}': company('catalogue.write'),
  'PUT /api/products/{id}': company('catalogue.write'),
  'DELETE /api/products/{id}': company('catalogue.write'),
  'PUT /api/products/{id}/supplier': company('catalogue.write'),
  'PATCH /api/products/{id}/supplier': company('catalogue.write'),
  'POST /api/products/{id}/sellers': company('catalogue.write'),
  'PUT /api/products/{id}/sellers/{seller_info_id}': company('catalogue.write'),
  'PATCH /api/products/{id}/sellers/{seller_info_id}': company('catalogue.write'),
  'DELETE /api/products/{id}/sellers/{seller_info_id}': company('catalogue.write'),
  'GET /api/labels/products.pdf': company('catalogue.read'),
  'GET /api/dashboard/': company('catalogue.read'),
  'GET /api/dashboard/ledger': company('catalogue.read'),

  'GET /api/warehouses/': company('catalogue.read'),
  'GET /api/warehouses/{id}': company('catalogue.read'),
  'POST /api/warehouses/': company('warehouses.manage'),
  'PATCH /api/warehouses/{id}': company('warehouses.manage'),
  'PUT /api/warehouses/{id}': company('warehouses.manage'),
  'DELETE /api/warehouses/{id}': company('warehouses.manage'),
  'GET /api/warehouses/{id}/locations': company('catalogue.read'),
  'GET /api/warehouses/{id}/locations/{location_id}': company('catalogue.read'),
  'GET /api/locations/': company('catalogue.read'),
  'POST /api/warehouses/{id}/locations': inR(['locations.manage'], () => ({
    url: `/api/warehouses/${at.R}/locations`,
    body: { location_name: unique('New') },
  })),
  'PATCH /api/warehouses/{id}/locations/{location_id}': inR(['locations.manage'], async () => ({
    url: `/api/warehouses/${at.R}/locations/${(await make.location(at.R, unique('Old'))).id}`,
    body: { location_name: unique('Renamed') },
  })),
  'PUT /api/warehouses/{id}/locations/{location_id}': inR(['locations.manage'], async () => ({
    url: `/api/warehouses/${at.R}/locations/${(await make.location(at.R, unique('Old'))).id}`,
    body: { location_name: unique('Renamed') },
  })),
  'DELETE /api/warehouses/{id}/locations/{location_id}': inR(['locations.manage'], async () => ({
    url: `/api/warehouses/${at.R}/locations/${(await make.location(at.R, unique('Gone'))).id}`,
  })),

  'GET /api/imports/': company('imports.run'),
  'POST /api/imports/': company('imports.run'),
  'GET /api/imports/{id}': company('imports.run'),
  'GET /api/imports/{id}/refused': company('imports.run'),
  'DELETE /api/imports/{id}': company('imports.run'),
  'GET /api/products/export': company('exports.run'),
  'GET /api/brands/export': company('exports.run'),
  'GET /api/orgs/export': company('exports.run'),
  'GET /api/warehouses/export': company('exports.run'),
  'GET /api/products/{id}/stock_mutations/export': company('exports.run', 'stock.read'),
  'GET /api/reports/reorder/export': inR(['exports.run', 'stock.read'], () => ({
    url: `/api/reports/reorder/export?warehouse_id=${at.R}`,
  })),

  'GET /api/reports/reorder': inR(['stock.read'], () => ({ url: `/api/reports/reorder?warehouse_id=${at.R}` })),
  'PUT /api/products/{id}/reorder_levels/{warehouse_id}': inR(['reorder.set'], () => ({
    url: `/api/products/${at.product}/reorder_levels/${at.R}`,
    body: { min_stock: 1, max_stock: 9 },
  })),
  'DELETE /api/products/{id}/reorder_levels/{warehouse_id}': inR(['reorder.set'], () => ({
    url: `/api/products/${at.product}/reorder_levels/${at.R}`,
  })),
  'GET /api/labels/locations.pdf': inR(['stock.read'], () => ({ url: `/api/labels/locations.pdf?warehouse_id=${at.R}` })),
  'POST /api/dashboard/ledger': company('stock.read'),
  'GET /api/products/{id}/stock_history': company('stock.read'),

  'GET /api/products/{id}/stock_mutations': company('stock.read'),
  'POST /api/products/{id}/stock_mutations': inR(['stock.book'], () => ({
    url: `/api/products/${at.product}/stock_mutations`,
    body: { amount: 1, warehouse_id: at.R, location_id: at.locationR },
  })),
  // somebody else's booking: taking it back is an undo
  'DELETE /api/products/{id}/stock_mutations/{mutation_id}': inR(
    ['stock.book', 'undo.others'],
    async () => ({ url: `/api/products/${at.product}/stock_mutations/${(await book()).id}` }),
    true,
  ),
  'POST /api/products/{id}/stock_mutations/{mutation_id}/restore': inR(
    ['stock.book', 'undo.others'],
    async () => {
      const mutation = await book()
      const deleted = await server.admin.delete(`/api/products/${at.product}/stock_mutations/${mutation.id}`)
      if (deleted.statusCode !== 204) throw new Error(`deleting the booking to restore failed: ${deleted.body}`)
      return { url: `/api/products/${at.product}/stock_mutations/${mutation.id}/restore` }
    },
    true,
  ),

  'GET /api/stock_levels/': inR(['stock.read'], () => ({ url: `/api/stock_levels/?location_id=${at.locationR}` })),
  'GET /api/stock_transfers/': company('stock.read'),
  'GET /api/stock_transfers/{id}': company('stock.read'),
  'POST /api/stock_transfers/': inR(['stock.transfer'], () => ({
    url: '/api/stock_transfers/',
    body: { from_location_id: at.locationR, to_location_id: at.locationR2, product_id: at.product, amount: 1 },
  })),
  'POST /api/stock_transfers/{id}/reverse': inR(
    ['stock.transfer', 'undo.others'],
    async () => ({ url: `/api/stock_transfers/${(await transferInR()).id}/reverse`, body: {} }),
    true,
  ),

  'GET /api/stock_counts/': company('stock.read'),
  'POST /api/stock_counts/': inR(['stock.count'], () => ({
    url: '/api/stock_counts/',
    body: { warehouse_id: at.R, location_ids: [at.locationR] },
  })),
  'GET /api/stock_counts/{id}': inR(['stock.read'], () => ({ url: `/api/stock_counts/${at.count}` }), true),
  'PATCH /api/stock_counts/{id}/lines/{line_id}': inR(
    ['stock.count'],
    () => ({ url: `/api/stock_counts/${at.count}/lines/${at.line}`, body: { counted: 3 } }),
    true,
  ),
  'POST /api/stock_counts/{id}/lines': inR(
    ['stock.count'],
    async () => ({
      url: `/api/stock_counts/${(await openCount()).id}/lines`,
      body: { product_id: (await make.product({ sku: unique('LINE') })).id, location_id: at.locationR, counted: 1 },
    }),
    true,
  ),
  'POST /api/stock_counts/{id}/scan': inR(
    ['stock.count'],
    () => ({ url: `/api/stock_counts/${at.count}/scan`, body: { barcode: 'NOT-A-KNOWN-CODE', location_id: at.locationR } }),
    true,
  ),
  'POST /api/stock_counts/{id}/submit': inR(
    ['stock.count'],
    async () => ({ url: `/api/stock_counts/${(await openCount()).id}/submit` }),
    true,
  ),
  'POST /api/stock_counts/{id}/cancel': inR(
    ['stock.count'],
    async () => ({ url: `/api/stock_counts/${(await openCount()).id}/cancel` }),
    true,
  ),
  'GET /api/approvals/': company('stock.read'),
  'GET /api/approvals/{id}': inR(['stock.read'], () => ({ url: `/api/approvals/${at.approval}` }), true),
  'POST /api/approvals/{id}/approve': inR(['stock.approve'], async () => ({ url: `/api/approvals/${await askApproval()}/approve` }), true),
  'POST /api/approvals/{id}/reject': inR(
    ['stock.approve'],
    async () => ({ url: `/api/approvals/${await askApproval()}/reject`, body: { reason: 'Not now' } }),
    true,
  ),
  'POST /api/stock_counts/{id}/reverse': inR(
    ['stock.count.apply'],
    async () => {
      const { id } = await openCount()
      ok(await server.admin.post(`/api/stock_counts/${id}/apply`))
      return { url: `/api/stock_counts/${id}/reverse` }
    },
    true,
  ),
  'POST /api/stock_counts/{id}/apply': inR(
    ['stock.count.apply'],
    async () => ({ url: `/api/stock_counts/${(await openCount()).id}/apply` }),
    true,
  ),
}

/** The users of the matrix, by the roles they hold (the administrator is the first super-user). */
const USERS: Record<string, RoleGrant[] | 'administrator'> = {
  nobody: [],
  'viewer of Rotterdam': [{ role: 'viewer', warehouse_id: -1 }],
  'clerk of Rotterdam': [{ role: 'clerk', warehouse_id: -1 }],
  'manager of Rotterdam': [{ role: 'manager', warehouse_id: -1 }],
  office: [{ role: 'office', warehouse_id: null }],
  'clerk of Berlin only': [{ role: 'clerk', warehouse_id: -2 }],
  administrator: 'administrator',
}
const placed = (roles: RoleGrant[]) =>
  roles.map((grant) => ({
    ...grant,
    warehouse_id: grant.warehouse_id === -1 ? at.R : grant.warehouse_id === -2 ? at.B : grant.warehouse_id,
  }))

/** Whether `grants` hold `permission` where the case needs it (the company, or any one warehouse, or Rotterdam). */
function holds(grants: PermissionGrant[], permission: Permission, where: Where): boolean {
  return grants.some(
    (grant) => grant.permission === permission && (where === 'company' || grant.warehouse_id === null || grant.warehouse_id === at.R),
  )
}

/** The call of a case with every path parameter pointing at nothing. */
const missingCall = (route: string): Omit<Call, 'method'> => ({ url: route.split(' ')[1].replace(/\{[^}]+\}/g, String(MISSING)) })

type Outcome = 'allowed' | 'refused' | 'not found'

/** What the answer is, read as the expected outcome asks: allowed is neither 401, 403 nor a server error; a refusal
 * is 403 FORBIDDEN naming one of the permissions that are missing; not found is 404. Otherwise its status. */
function outcomeOf(res: Response, expected: Outcome, missing: Permission[]): string {
  const { statusCode: status } = res
  if (expected === 'allowed') return status === 401 || status === 403 || status >= 500 ? `status ${status}` : 'allowed'
  if (expected === 'not found') return status === 404 ? 'not found' : `status ${status}`
  const body = status === 403 ? res.json<{ code?: string; params?: { permission?: Permission } }>() : {}
  return body.code === 'FORBIDDEN' && body.params?.permission && missing.includes(body.params.permission) ? 'refused' : `status ${status}`
}

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  at.R = (await make.warehouse('Rotterdam')).id
  at.B = (await make.warehouse('Berlin')).id
  at.locationR = (await make.location(at.R, 'R-1')).id
  at.locationR2 = (await make.location(at.R, 'R-2')).id
  at.locationB = (await make.location(at.B, 'B-1')).id
  at.product = (await make.product({ sku: 'MATRIX', barcode: null })).id
  await make.book(at.product, { amount: 1000, warehouse_id: at.R, location_id: at.locationR })
  await make.book(at.product, { amount: 1000, warehouse_id: at.R, location_id: at.locationR2 })
  const count = await openCount()
  at.count = count.id
  at.line = count.line
  ok(await server.admin.patch(`/api/warehouses/${at.R}`, { approval_threshold_quantity: 100 }))
  asker = server.client((await server.createUser({ roles: [{ role: 'clerk', warehouse_id: at.R }] })).token)
  at.approval = await askApproval()
  const supplier = await make.organization('Matrix Supplies', { is_supplier: true })
  at.order = created(
    await server.admin.post('/api/purchase_orders/', {
      supplier_id: supplier.id,
      warehouse_id: at.R,
      lines: [{ product_id: at.product, quantity: 5 }],
    }),
  ).id
})
afterAll(() => server?.close())

describe('the permission matrix', () => {
  it('knows every route of the API description, and every route it knows is there', () => {
    const spec = server.app.swagger() as { paths: Record<string, Record<string, unknown>> }
    const routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(routes.filter((route) => !(route in CASES))).toEqual([])
    expect(Object.keys(CASES).filter((route) => !routes.includes(route))).toEqual([])
    expect(server.app.undeclaredAccess()).toEqual([])
  })

  it.each(Object.keys(USERS))('allows and refuses each route for the %s as the roles say', async (name) => {
    const held = USERS[name]
    let client: Client
    let grants: PermissionGrant[]
    let token: () => Promise<string>
    if (held === 'administrator') {
      grants = permissionsOf([], true)
      token = () => server.login('admin@example.com', 'admin-password-1')
      client = server.admin
    } else {
      const user = await server.createUser({ roles: placed(held) })
      grants = permissionsOf(placed(held), false)
      token = () => server.login(user.email, user.password)
      client = server.client(user.token)
    }
    const readsR = holds(grants, 'stock.read', 'R')
    const checked: string[] = []
    for (const [route, spec] of Object.entries(CASES)) {
      if (spec.needs === 'public') continue
      const method = route.split(' ')[0] as Call['method']
      const { url, body } = spec.call ? await spec.call() : missingCall(route)
      // signing out ends the session: it gets one of its own
      const caller = route === 'POST /api/auth/jwt/logout' ? server.client(await token()) : client
      const res = await (method === 'GET'
        ? caller.get(url)
        : method === 'DELETE'
          ? caller.delete(url)
          : caller[method.toLowerCase() as 'post'](url, body ?? {}))
      const what = `${name}: ${method} ${url}`
      const needs = spec.needs.filter((need) => need !== 'signed-in')
      const missing = needs.filter((need) => !holds(grants, need, spec.where ?? 'company'))
      // one who may do this somewhere, asking for a record of a warehouse they may not read, learns nothing of it
      const mayAskAnywhere = needs.length > 0 && holds(grants, needs[0], 'company')
      const allowedOtherwise = spec.either !== undefined && holds(grants, spec.either, 'company')
      const expected: Outcome =
        missing.length === 0 || allowedOtherwise ? 'allowed' : spec.stored && !readsR && mayAskAnywhere ? 'not found' : 'refused'
      expect(outcomeOf(res, expected, missing), `${what}: ${res.body}`).toBe(expected)
      checked.push(route)
    }
    expect(checked.length).toBeGreaterThan(80)
  })
})

describe('refusals', () => {
  it('name the permission and the warehouse, and change nothing', async () => {
    const viewer = await server.createUser({ roles: [{ role: 'clerk', warehouse_id: at.B }] })
    const before = ok(await server.admin.get(`/api/products/${at.product}/stock_mutations?limit=1`))
    const refused = await server
      .client(viewer.token)
      .post(`/api/products/${at.product}/stock_mutations`, { amount: 1, warehouse_id: at.R, location_id: at.locationR })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      params: { permission: 'stock.book', warehouse_id: at.R, warehouse: 'Rotterdam' },
    })
    expect(ok(await server.admin.get(`/api/products/${at.product}/stock_mutations?limit=1`))).toEqual(before)
  })

  it('come before validation for a permission held nowhere, so a refused user learns nothing from a 422', async () => {
    const viewer = await server.createUser({ roles: [{ role: 'viewer', warehouse_id: at.R }] })
    const res = await server.client(viewer.token).post(`/api/products/${at.product}/stock_mutations`, { amount: 'lots' })
    expect(res.statusCode).toBe(403)
    expect(res.json().params).toEqual({ permission: 'stock.book' })
  })

  it('let a clerk take back their own booking, and not a colleague booking', async () => {
    const clerk = await server.createUser({ roles: [{ role: 'clerk', warehouse_id: at.R }] })
    const as = server.client(clerk.token)
    const mine = created(
      await as.post(`/api/products/${at.product}/stock_mutations`, { amount: 2, warehouse_id: at.R, location_id: at.locationR }),
    )
    expect((await as.delete(`/api/products/${at.product}/stock_mutations/${mine.id}`)).statusCode).toBe(204)
    const theirs = await book()
    const refused = await as.delete(`/api/products/${at.product}/stock_mutations/${theirs.id}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().params).toMatchObject({ permission: 'undo.others', warehouse_id: at.R })
  })

  it('need the transfer permission in both warehouses of a transfer', async () => {
    const clerk = await server.createUser({ roles: [{ role: 'clerk', warehouse_id: at.R }] })
    const res = await server.client(clerk.token).post('/api/stock_transfers/', {
      from_location_id: at.locationR,
      to_location_id: at.locationB,
      product_id: at.product,
      amount: 1,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().params).toMatchObject({ permission: 'stock.transfer', warehouse_id: at.B, warehouse: 'Berlin' })
  })

  it('follow a change of roles from the next request', async () => {
    const user = await server.createUser({ roles: [{ role: 'viewer', warehouse_id: at.R }] })
    const as = server.client(user.token)
    const booking = { amount: 1, warehouse_id: at.R, location_id: at.locationR }
    expect((await as.post(`/api/products/${at.product}/stock_mutations`, booking)).statusCode).toBe(403)
    ok(await server.admin.put(`/api/users/${user.id}/roles`, [{ role: 'clerk', warehouse_id: at.R }]))
    expect((await as.post(`/api/products/${at.product}/stock_mutations`, booking)).statusCode).toBe(201)
  })
})

describe('what a viewer of Rotterdam reads', () => {
  const berlin = { count: 0, transfer: 0, product: 0 }
  let viewer: Client

  beforeAll(async () => {
    // the product holds stock in both warehouses, is below its minimum in both, and has a count and a transfer in Berlin
    const locationB2 = (await make.location(at.B, 'B-2')).id
    berlin.product = (await make.product({ sku: 'BOTH', barcode: null })).id
    await make.book(berlin.product, { amount: 7, warehouse_id: at.R, location_id: at.locationR })
    await make.book(berlin.product, { amount: 40, warehouse_id: at.B, location_id: at.locationB })
    for (const warehouse of [at.R, at.B])
      ok(await server.admin.put(`/api/products/${berlin.product}/reorder_levels/${warehouse}`, { min_stock: 100, max_stock: 200 }))
    berlin.count = created(await server.admin.post('/api/stock_counts/', { warehouse_id: at.B })).id
    berlin.transfer = created(
      await server.admin.post('/api/stock_transfers/', {
        from_location_id: at.locationB,
        to_location_id: locationB2,
        product_id: berlin.product,
        amount: 5,
      }),
    ).id
    const user = await server.createUser({ roles: [{ role: 'viewer', warehouse_id: at.R }] })
    viewer = server.client(user.token)
  })

  it("holds nothing of Berlin: the product's levels and total, its ledger, history and exports", async () => {
    const product = ok(await viewer.get(`/api/products/${berlin.product}`))
    expect(product.stock_warehouse_items.map((item: { warehouse_id: number }) => item.warehouse_id)).toEqual([at.R])
    expect(product.stock).toBe(7)
    expect(product.reorder_levels.map((level: { warehouse_id: number }) => level.warehouse_id)).toEqual([at.R])
    // the administrator sees both
    expect(ok(await server.admin.get(`/api/products/${berlin.product}`)).stock).toBe(47)
    // the list says the same, and its stock column of Berlin is not for the viewer
    const listed = ok(await viewer.get('/api/products/?sku=BOTH')).items
    expect(listed.map((item: { stock: number }) => item.stock)).toEqual([7])
    expect(ok(await server.admin.get('/api/products/?sku=BOTH')).items[0].stock).toBe(47)
    const berlinColumn = await viewer.get(`/api/products/?warehouse_id=${at.B}`)
    expect(berlinColumn.statusCode).toBe(403)
    expect(berlinColumn.json().params).toMatchObject({ permission: 'stock.read', warehouse_id: at.B })

    const ledger = await viewer.get(`/api/products/${berlin.product}/stock_mutations`)
    expect(ok(ledger).map((mutation: { warehouse_id: number }) => mutation.warehouse_id)).toEqual([at.R])
    expect(ledger.headers['x-total-count']).toBe('1')

    const history = ok(await viewer.get(`/api/products/${berlin.product}/stock_history`))
    expect(history.warehouses.map((warehouse: { warehouse_id: number }) => warehouse.warehouse_id)).toEqual([at.R])
    expect(history.days.at(-1).total).toBe(7)

    const exported = await viewer.get(`/api/products/${berlin.product}/stock_mutations/export?format=csv`)
    expect(exported.statusCode).toBe(403) // a viewer does not export
    const office = await server.createUser({
      roles: [
        { role: 'office', warehouse_id: null },
        { role: 'viewer', warehouse_id: at.R },
      ],
    })
    const file = await server.client(office.token).get(`/api/products/${berlin.product}/stock_mutations/export?format=csv`)
    expect(file.statusCode).toBe(200)
    expect(file.body).toContain('Rotterdam')
    expect(file.body).not.toContain('Berlin')
    const report = await server.client(office.token).get('/api/reports/reorder/export?format=csv')
    expect(report.body).toContain('BOTH')
    expect(report.body).not.toContain('Berlin')
  })

  it("sorts and filters the list by Rotterdam's stock, and refuses it to a reader of some warehouses of several", async () => {
    // Berlin alone is below its minimum for LOW; BOTH is below in both
    const low = (await make.product({ sku: 'LOW', barcode: null })).id
    await make.book(low, { amount: 500, warehouse_id: at.R, location_id: at.locationR })
    ok(await server.admin.put(`/api/products/${low}/reorder_levels/${at.B}`, { min_stock: 10, max_stock: 20 }))
    const below = ok(await viewer.get('/api/products/?below_min=true&limit=100')).items.map((item: { sku: string }) => item.sku)
    expect(below).toContain('BOTH')
    expect(below).not.toContain('LOW')
    expect(ok(await server.admin.get('/api/products/?below_min=true&limit=100')).items.map((i: { sku: string }) => i.sku)).toContain('LOW')
    // sorted by Rotterdam's stock: LOW (500) before BOTH (7), each with Rotterdam's figure and flag
    const sorted = ok(await viewer.get('/api/products/?sort_by=stock.desc&limit=100')).items
    const order = sorted.filter((item: { sku: string }) => ['LOW', 'BOTH'].includes(item.sku))
    expect(order.map((item: { sku: string; stock: number; below_min: boolean }) => [item.sku, item.stock, item.below_min])).toEqual([
      ['LOW', 500, false],
      ['BOTH', 7, true],
    ])

    // a reader of two warehouses of three: the sum over them, and no order or filter by stock
    const hamburg = (await make.warehouse('Hamburg')).id
    const two = await server.createUser({
      roles: [
        { role: 'viewer', warehouse_id: at.R },
        { role: 'viewer', warehouse_id: hamburg },
        { role: 'office', warehouse_id: null },
      ],
    })
    const reader = server.client(two.token)
    const [both] = ok(await reader.get('/api/products/?sku=BOTH')).items
    expect(both).toMatchObject({ stock: 7, below_min: true })
    expect(ok(await reader.get('/api/products/?sku=LOW')).items[0]).toMatchObject({ stock: 500, below_min: false })
    for (const [query, field] of [
      ['sort_by=stock.asc', 'sort_by'],
      ['below_min=true', 'below_min'],
    ]) {
      const refused = await reader.get(`/api/products/?${query}`)
      expect(refused.statusCode).toBe(422)
      expect(refused.json().detail[0].loc).toEqual(['query', field])
    }
    const file = await reader.get('/api/products/export?format=csv&sku=BOTH')
    expect(file.statusCode).toBe(200)
    expect(file.body.split('\n')[1]).toMatch(/,7\s*$/)
  })

  it('holds nothing of Berlin: counts, transfers and the reorder report', async () => {
    const counts = ok(await viewer.get('/api/stock_counts/?limit=100'))
    expect(counts.length).toBeGreaterThan(0)
    expect(counts.filter((count: { warehouse_id: number }) => count.warehouse_id !== at.R)).toEqual([])
    expect((await viewer.get(`/api/stock_counts/${berlin.count}`)).statusCode).toBe(404)

    const transfers = ok(await viewer.get('/api/stock_transfers/?limit=100'))
    expect(transfers.map((transfer: { id: number }) => transfer.id)).not.toContain(berlin.transfer)
    expect(transfers.length).toBeGreaterThan(0)
    expect((await viewer.get(`/api/stock_transfers/${berlin.transfer}`)).statusCode).toBe(404)
    expect(ok(await server.admin.get(`/api/stock_transfers/${berlin.transfer}`)).id).toBe(berlin.transfer)

    const report = ok(await viewer.get('/api/reports/reorder'))
    const lines = report.suppliers.flatMap((group: { lines: { warehouse_id: number }[] }) => group.lines)
    expect(lines.map((line: { warehouse_id: number }) => line.warehouse_id)).toContain(at.R)
    expect(lines.filter((line: { warehouse_id: number }) => line.warehouse_id !== at.R)).toEqual([])
    expect((await viewer.get(`/api/reports/reorder?warehouse_id=${at.B}`)).statusCode).toBe(403)
  })
})
