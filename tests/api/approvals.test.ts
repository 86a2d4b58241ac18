// Approvals: a warehouse's thresholds (set by an administrator only), bookings and count applications that pass them
// held (202) and booked only when another manager of the warehouse approves, exactly once; rejections; who sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Approval } from '../../src/contract'
import { startServer, type Client, type TestServer } from './helpers'
import { created, fixtures, ok } from './product-fixtures'
import { csv, upload } from './uploads'
import { importRunnerOf } from '../../src/server/domain/imports/run'

let server: TestServer
let rotterdam: { id: number }
let berlin: { id: number }
let shelf: { id: number }
let berlinShelf: { id: number }
let clerk: Client
let clerkId: number
let manager: Client
let managerId: number
let otherManager: Client
let berlinManager: Client
let berlinViewer: Client
let office: Client

beforeAll(async () => {
  server = await startServer()
  const make = fixtures(server.admin)
  rotterdam = await make.warehouse('Rotterdam')
  berlin = await make.warehouse('Berlin')
  shelf = await make.location(rotterdam.id, 'R-01')
  berlinShelf = await make.location(berlin.id, 'B-01')
  const user = async (roles: { role: string; warehouse_id: number | null }[]) => {
    const made = await server.createUser({ roles: roles as never })
    return { id: made.id, client: server.client(made.token) }
  }
  ;({ id: clerkId, client: clerk } = await user([{ role: 'clerk', warehouse_id: rotterdam.id }]))
  ;({ id: managerId, client: manager } = await user([{ role: 'manager', warehouse_id: rotterdam.id }]))
  otherManager = (await user([{ role: 'manager', warehouse_id: rotterdam.id }])).client
  berlinManager = (await user([{ role: 'manager', warehouse_id: berlin.id }])).client
  berlinViewer = (await user([{ role: 'viewer', warehouse_id: berlin.id }])).client
  office = (await user([{ role: 'office', warehouse_id: null }])).client
  ok(await server.admin.patch(`/api/warehouses/${rotterdam.id}`, { approval_threshold_quantity: 100, approval_threshold_value: 300 }))
})
afterAll(() => server.close())

let skuCounter = 0
let supplierId: number | undefined
/** A product bought at `purchase_price` euros (none: null) */
async function product(purchase_price: number | null = 5): Promise<{ id: number; sku: string }> {
  const made = await fixtures(server.admin).product({ sku: `APP-${++skuCounter}` })
  if (purchase_price === null) return made
  supplierId ??= (await fixtures(server.admin).organization('Approval supplier', { is_supplier: true })).id
  ok(await server.admin.patch(`/api/products/${made.id}/supplier`, { supplier_id: supplierId, purchase_price, purchase_currency: 'EUR' }))
  return made
}
const stockOf = async (productId: number) => ok(await server.admin.get(`/api/products/${productId}`)).stock as number
const book = (client: Client, productId: number, amount: number, place = { warehouse_id: rotterdam.id, location_id: shelf.id }) =>
  client.post(`/api/products/${productId}/stock_mutations`, { amount, ...place })
const held = (res: { statusCode: number; body: string; json(): unknown }): Approval => {
  expect(res.statusCode, res.body).toBe(202)
  return res.json() as Approval
}

describe("a warehouse's thresholds", () => {
  it('are set by an administrator only, checked, and cleared with null', async () => {
    const hamburg = await fixtures(server.admin).warehouse('Hamburg')
    // the office renames a warehouse, but may not lift or set a threshold; nor may a manager
    expect(ok(await office.patch(`/api/warehouses/${hamburg.id}`, { warehouse_name: 'Hamburg Hafen' }))).toMatchObject({
      warehouse_name: 'Hamburg Hafen',
      approval_threshold_quantity: null,
      approval_threshold_value: null,
    })
    const refused = await office.patch(`/api/warehouses/${hamburg.id}`, { approval_threshold_quantity: 5 })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', params: { permission: 'administer' } })
    expect((await manager.patch(`/api/warehouses/${rotterdam.id}`, { approval_threshold_quantity: null })).statusCode).toBe(403)

    for (const [field, value] of [
      ['approval_threshold_quantity', 0],
      ['approval_threshold_quantity', 2.5],
      ['approval_threshold_value', -1],
      ['approval_threshold_value', 'many'],
    ] as const) {
      const bad = await server.admin.patch(`/api/warehouses/${hamburg.id}`, { [field]: value })
      expect(bad.statusCode, `${field}=${value}`).toBe(422)
      expect(JSON.stringify(bad.json().detail)).toContain(field)
    }
    expect(ok(await server.admin.patch(`/api/warehouses/${hamburg.id}`, { approval_threshold_quantity: 10 }))).toMatchObject({
      approval_threshold_quantity: 10,
      approval_threshold_value: null,
    })
    expect(ok(await server.admin.patch(`/api/warehouses/${hamburg.id}`, { approval_threshold_quantity: null }))).toMatchObject({
      approval_threshold_quantity: null,
    })
    expect(ok(await server.admin.get(`/api/warehouses/${rotterdam.id}`))).toMatchObject({
      approval_threshold_quantity: 100,
      approval_threshold_value: 300,
    })
  })
})

describe('a booking that passes a threshold', () => {
  it('is held, not booked, and the one who asked sees it in their list and on the dashboard', async () => {
    const cups = await product(5)
    // at the threshold it books; above it in units (in or out), or above it in value, it waits
    expect((await book(clerk, cups.id, 60)).statusCode).toBe(201)
    const inUnits = held(await book(clerk, cups.id, 101))
    const outUnits = held(await book(clerk, cups.id, -150))
    const inValue = held(await book(clerk, cups.id, 61))
    expect(inUnits).toMatchObject({
      kind: 'booking',
      status: 'pending',
      warehouse_id: rotterdam.id,
      warehouse_name: 'Rotterdam',
      requested_by: { id: clerkId },
      decided_by: null,
      mutation_id: null,
      threshold_quantity: 100,
      threshold_value: 300,
      summary: {
        quantity: 101,
        value: 505,
        amount: 101,
        location_id: shelf.id,
        location_name: 'R-01',
        product: { id: cups.id, sku: cups.sku },
      },
    })
    expect(outUnits.summary).toMatchObject({ quantity: 150, amount: -150 })
    expect(inValue.summary).toMatchObject({ quantity: 61, value: 305 })
    expect(await stockOf(cups.id)).toBe(60)
    expect(ok(await server.admin.get(`/api/products/${cups.id}/stock_mutations`))).toHaveLength(1)

    const mine = ok(await clerk.get(`/api/approvals/?requested_by=${clerkId}&status=pending`)) as Approval[]
    expect(mine.map((a) => a.id)).toEqual(expect.arrayContaining([inUnits.id, outUnits.id, inValue.id]))
    const dashboard = ok(await clerk.get('/api/dashboard/'))
    expect(dashboard.approvals.mine).toBeGreaterThanOrEqual(3)
    expect(dashboard.approvals.to_decide).toBe(0)
    expect(ok(await manager.get('/api/dashboard/')).approvals.to_decide).toBeGreaterThanOrEqual(3)
    // the audit names the approval asked for, by whom
    const [asked] = ok(await server.admin.get(`/api/audit/?entity_type=approval&entity_id=${inUnits.id}`))
    expect(asked).toMatchObject({ action: 'create', user_id: clerkId, changes: { kind: 'booking', amount: 101 } })
  })

  it('is not held for an administrator, nor where the warehouse has no threshold, nor for a product without a price by value', async () => {
    const plates = await product(null)
    expect((await book(server.admin, plates.id, 5000)).statusCode).toBe(201)
    expect((await book(clerk, plates.id, 99)).statusCode).toBe(201)
    expect((await book(berlinManager, plates.id, 5000, { warehouse_id: berlin.id, location_id: berlinShelf.id })).statusCode).toBe(201)
    expect(await stockOf(plates.id)).toBe(10_099)
  })

  it('is refused as any booking when it is wrong, not held', async () => {
    const mugs = await product(5)
    const elsewhere = await book(clerk, mugs.id, 500, { warehouse_id: rotterdam.id, location_id: berlinShelf.id })
    expect(elsewhere.statusCode).toBe(422)
    expect((await book(clerk, 999_999, 500)).statusCode).toBe(404)
    expect((await book(clerk, mugs.id, 500, { warehouse_id: berlin.id, location_id: berlinShelf.id })).statusCode).toBe(403)
    expect(ok(await server.admin.get(`/api/approvals/?status=pending`)).filter((a: Approval) => a.summary.product?.id === mugs.id)).toEqual(
      [],
    )
  })

  it('is answered once for a repeated Idempotency-Key', async () => {
    const bowls = await product(5)
    const key = { 'Idempotency-Key': `approval-${bowls.id}` }
    const first = held(
      await clerk.post(
        `/api/products/${bowls.id}/stock_mutations`,
        { amount: 500, warehouse_id: rotterdam.id, location_id: shelf.id },
        key,
      ),
    )
    const again = held(
      await clerk.post(
        `/api/products/${bowls.id}/stock_mutations`,
        { amount: 500, warehouse_id: rotterdam.id, location_id: shelf.id },
        key,
      ),
    )
    expect(again.id).toBe(first.id)
    const asked = ok(await server.admin.get('/api/approvals/?status=pending&limit=100')).filter(
      (a: Approval) => a.summary.product?.id === bowls.id,
    )
    expect(asked).toHaveLength(1)
  })
})

describe('deciding an approval', () => {
  it('books what was asked, as the one who asked, once; only another manager of the warehouse approves', async () => {
    const cups = await product(5)
    const approval = held(await book(clerk, cups.id, 400))
    const approve = (client: Client) => client.post(`/api/approvals/${approval.id}/approve`)

    const byClerk = await approve(clerk)
    expect(byClerk.statusCode).toBe(403)
    expect(byClerk.json()).toMatchObject({ code: 'FORBIDDEN', params: { permission: 'stock.approve' } })
    // another warehouse's manager does not know it exists; nor does a viewer of Berlin
    expect((await approve(berlinManager)).statusCode).toBe(404)
    expect((await berlinViewer.get(`/api/approvals/${approval.id}`)).statusCode).toBe(404)
    expect(ok(await berlinViewer.get('/api/approvals/'))).toEqual([])
    expect(await stockOf(cups.id)).toBe(0)

    const approved: Approval = ok(await approve(manager))
    expect(approved).toMatchObject({ status: 'approved', decided_by: { id: managerId }, requested_by: { id: clerkId } })
    expect(approved.mutation_id).toEqual(expect.any(Number))
    expect(await stockOf(cups.id)).toBe(400)
    const [mutation] = ok(await server.admin.get(`/api/products/${cups.id}/stock_mutations`))
    expect(mutation).toMatchObject({ id: approved.mutation_id, amount: 400, source: { kind: 'approval', id: approval.id } })
    expect(mutation.user).toEqual({ username: approved.requested_by!.username })

    // decided is decided: neither approving again nor rejecting books or changes anything
    for (const again of [
      await approve(otherManager),
      await otherManager.post(`/api/approvals/${approval.id}/reject`, { reason: 'late' }),
    ]) {
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({ code: 'APPROVAL_DECIDED', params: { id: approval.id } })
    }
    expect(await stockOf(cups.id)).toBe(400)
    // the audit says who asked and who approved
    const entries = ok(await server.admin.get(`/api/audit/?entity_type=approval&entity_id=${approval.id}`))
    expect(entries.map((e: { action: string; user_id: number }) => [e.action, e.user_id]).sort()).toEqual(
      [
        ['create', clerkId],
        ['update', managerId],
      ].sort(),
    )
  })

  it('refuses the one who asked to approve their own request', async () => {
    const cups = await product(5)
    const own = held(await book(manager, cups.id, 300))
    const refused = await manager.post(`/api/approvals/${own.id}/approve`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'APPROVAL_OWN' })
    expect(ok(await otherManager.post(`/api/approvals/${own.id}/approve`)).status).toBe('approved')
    expect(await stockOf(cups.id)).toBe(300)
  })

  it('rejects with a reason, which it needs, and books nothing', async () => {
    const cups = await product(5)
    const approval = held(await book(clerk, cups.id, -250))
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(1001) }]) {
      const bad = await manager.post(`/api/approvals/${approval.id}/reject`, body)
      expect(bad.statusCode).toBe(422)
      expect(JSON.stringify(bad.json().detail)).toContain('reason')
    }
    const rejected: Approval = ok(await manager.post(`/api/approvals/${approval.id}/reject`, { reason: ' Counted twice ' }))
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Counted twice', decided_by: { id: managerId }, mutation_id: null })
    expect((await otherManager.post(`/api/approvals/${approval.id}/approve`)).statusCode).toBe(409)
    expect(await stockOf(cups.id)).toBe(0)
    expect(ok(await clerk.get(`/api/approvals/?status=rejected&requested_by=${clerkId}`)).map((a: Approval) => a.id)).toContain(approval.id)
  })

  it('books once when two managers approve at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const cups = await product(5)
      const approval = held(await book(clerk, cups.id, 200))
      const answers = await Promise.all([manager, otherManager].map((client) => client.post(`/api/approvals/${approval.id}/approve`)))
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
      expect(await stockOf(cups.id)).toBe(200)
      expect(ok(await server.admin.get(`/api/products/${cups.id}/stock_mutations`))).toHaveLength(1)
    }
  })
})

describe("a count's application that passes a threshold", () => {
  it('submits the count and waits; another manager approves and the count is applied once', async () => {
    const cups = await product(5)
    await fixtures(server.admin).book(cups.id, { amount: 10, warehouse_id: rotterdam.id, location_id: shelf.id })
    const count = created(await manager.post('/api/stock_counts/', { warehouse_id: rotterdam.id, location_ids: [shelf.id] }))
    const line = count.lines.find((l: { product_id: number }) => l.product_id === cups.id)
    ok(await manager.patch(`/api/stock_counts/${count.id}/lines/${line.id}`, { counted: 210 }))

    const approval = held(await manager.post(`/api/stock_counts/${count.id}/apply`))
    expect(approval).toMatchObject({ kind: 'count', summary: { count_id: count.id, quantity: 200, value: 1000, lines: 1 } })
    expect(ok(await manager.get(`/api/stock_counts/${count.id}`)).status).toBe('submitted')
    // its lines no longer change, and asking again answers the same approval
    expect((await manager.patch(`/api/stock_counts/${count.id}/lines/${line.id}`, { counted: 1 })).statusCode).toBe(409)
    expect(held(await manager.post(`/api/stock_counts/${count.id}/apply`)).id).toBe(approval.id)
    expect(await stockOf(cups.id)).toBe(10)

    expect(ok(await otherManager.post(`/api/approvals/${approval.id}/approve`)).status).toBe('approved')
    expect(ok(await manager.get(`/api/stock_counts/${count.id}`)).status).toBe('applied')
    expect(await stockOf(cups.id)).toBe(210)
    expect((await manager.post(`/api/stock_counts/${count.id}/apply`)).json().code).toBe('COUNT_ALREADY_APPLIED')
  })

  it('applies at once below the threshold, and for an administrator', async () => {
    const cups = await product(5)
    const count = created(await manager.post('/api/stock_counts/', { warehouse_id: rotterdam.id, location_ids: [shelf.id] }))
    created(await manager.post(`/api/stock_counts/${count.id}/lines`, { product_id: cups.id, location_id: shelf.id, counted: 20 }))
    expect(ok(await manager.post(`/api/stock_counts/${count.id}/apply`)).status).toBe('applied')
    const large = created(await manager.post('/api/stock_counts/', { warehouse_id: rotterdam.id, location_ids: [shelf.id] }))
    const bowls = await product(5)
    created(await manager.post(`/api/stock_counts/${large.id}/lines`, { product_id: bowls.id, location_id: shelf.id, counted: 900 }))
    expect(ok(await server.admin.post(`/api/stock_counts/${large.id}/apply`)).status).toBe('applied')
  })
})

describe('a stock import whose bookings pass a threshold', () => {
  const importStock = async (token: string, rows: (string | number)[][], dryRun = false) =>
    upload(
      server,
      token,
      { kind: 'stock' },
      { name: 'stock.csv', content: csv([['SKU', 'Warehouse', 'Location', 'Amount'], ...rows]) },
      dryRun,
    )
  const reportOf = async (id: number) => ok(await server.admin.get(`/api/imports/${id}`))

  it('books only where the one importing may book, waits for a manager, and is written once approved', async () => {
    const cups = await product(5)
    const importer = await server.createUser({
      roles: [
        { role: 'office', warehouse_id: null },
        { role: 'clerk', warehouse_id: rotterdam.id },
      ],
    })
    const rows = [
      [cups.sku, 'Rotterdam', 'R-01', 150],
      [cups.sku, 'Berlin', 'B-01', 5],
    ]
    // the check already says which rows the importer may not book
    const checked = await importStock(importer.token, rows, true)
    expect(checked.json()).toMatchObject({ booked: 1, refused: 1 })
    expect(checked.json().problems).toEqual([expect.objectContaining({ row: 3, code: 'warehouse_forbidden', params: { name: 'Berlin' } })])

    const started = await importStock(importer.token, rows)
    expect(started.statusCode, started.body).toBe(202)
    await importRunnerOf(server.database).settled()
    expect(await reportOf(started.json().id)).toMatchObject({ status: 'held', booked: 0 })
    expect(await stockOf(cups.id)).toBe(0)
    const [approval] = ok(await manager.get(`/api/approvals/?status=pending&requested_by=${importer.id}`)) as Approval[]
    expect(approval).toMatchObject({
      kind: 'import',
      warehouse_id: rotterdam.id,
      summary: { import_id: started.json().id, quantity: 150, value: 750, lines: 1 },
    })

    // held across a sweep of left uploads: its file stays for the approval
    await importRunnerOf(server.database).settled()
    expect((await server.client(importer.token).post(`/api/approvals/${approval.id}/approve`)).statusCode).toBe(403)
    expect(ok(await manager.post(`/api/approvals/${approval.id}/approve`)).status).toBe('approved')
    await importRunnerOf(server.database).settled()
    expect(await reportOf(started.json().id)).toMatchObject({ status: 'done', booked: 1, refused: 1 })
    expect(await stockOf(cups.id)).toBe(150)
    const [booked] = ok(await server.admin.get(`/api/products/${cups.id}/stock_mutations`))
    expect(booked).toMatchObject({ amount: 150, source: { kind: 'import', id: started.json().id } })
    expect((await otherManager.post(`/api/approvals/${approval.id}/approve`)).statusCode).toBe(409)
  })

  it('ends refused, naming who rejected it and why, when a manager rejects it', async () => {
    const mugs = await product(5)
    const importer = await server.createUser({
      roles: [
        { role: 'office', warehouse_id: null },
        { role: 'clerk', warehouse_id: rotterdam.id },
      ],
    })
    const started = await importStock(importer.token, [[mugs.sku, 'Rotterdam', 'R-01', -400]])
    await importRunnerOf(server.database).settled()
    const [approval] = ok(await manager.get(`/api/approvals/?status=pending&requested_by=${importer.id}`)) as Approval[]
    ok(await manager.post(`/api/approvals/${approval.id}/reject`, { reason: 'Wrong sign' }))
    expect(await reportOf(started.json().id)).toMatchObject({ status: 'refused', failure: expect.stringContaining('Wrong sign') })
    expect(await stockOf(mugs.id)).toBe(0)
  })
})
