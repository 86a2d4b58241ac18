// Many clients at once over real HTTP, each on a connection of its own (on PostgreSQL their transactions run in
// parallel on the pool): the ledger stays whole, renames race without breaking, and a location cannot be deleted
// half-way through bookings to it. Imports of one file at once create each SKU once; a revert and a booking on what
// an import booked, at once, never both go through. Buyers making orders from the reorder report at once draft each
// short product once.
/* eslint-disable vitest/no-conditional-expect -- a random client step or the winner of a race picks which expectations hold */
import type net from 'node:net'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { importRunnerOf } from '../../src/server/domain/imports/run'
import { createProduct } from '../../src/server/domain/product-changes'
import { checkLedger } from '../../src/server/domain/ledger'
import { dbKind, startServer, type Response, type TestServer } from './helpers'
import { csv, imported as importedAs, upload } from './uploads'
import { created, fixtures, ok } from './product-fixtures'
import { httpClient, seededRandom, type HttpAnswer, type HttpClient } from './http-client'

let server: TestServer
let make: ReturnType<typeof fixtures>
let base: string
const clients: HttpClient[] = []
/** tokens of the admin and four ordinary users, so bookings come from several people */
let tokens: string[]

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(server.app.server.address() as net.AddressInfo).port}`
  const users = await Promise.all(Array.from({ length: 4 }, () => server.createUser()))
  tokens = [await server.login('admin@example.com', 'admin-password-1'), ...users.map((u) => u.token)]
})
afterAll(async () => {
  for (const client of clients) client.close()
  await server.close()
})

const connect = (token: string) => {
  const client = httpClient(base, token)
  clients.push(client)
  return client
}

const expectStatus = (answer: HttpAnswer, allowed: number[]) => expect(allowed, JSON.stringify(answer.body)).toContain(answer.status)

describe('20 clients booking and deleting stock mutations of the same products', () => {
  it('leaves every kept level equal to the ledger, and exactly the answered bookings and deletions in it', async () => {
    const north = await make.warehouse('Concurrent North')
    const south = await make.warehouse('Concurrent South')
    const places = [
      { warehouse_id: north.id, location_id: (await make.location(north.id, 'CN-1')).id },
      { warehouse_id: north.id, location_id: (await make.location(north.id, 'CN-2')).id },
      { warehouse_id: south.id, location_id: (await make.location(south.id, 'CS-1')).id },
      { warehouse_id: south.id, location_id: (await make.location(south.id, 'CS-2')).id },
    ]
    const products = [await make.product({ sku: 'CONC-A' }), await make.product({ sku: 'CONC-B' }), await make.product({ sku: 'CONC-C' })]

    /** every mutation that exists or existed, by id; deleted ones are in `deleted` */
    const mutations = new Map<number, { product_id: number; warehouse_id: number; location_id: number; amount: number }>()
    const deleted = new Set<number>()
    /** deletions answered 404: another client's deletion of the same mutation got there first */
    const missed = new Set<number>()
    for (let i = 0; i < 12; i++) {
      const seeded = await make.book(products[i % 3].id, { amount: 20 + i, ...places[i % 4] })
      mutations.set(seeded.id, seeded)
    }

    const runClient = async (n: number) => {
      const random = seededRandom(1000 + n)
      const client = connect(tokens[n % tokens.length])
      for (let op = 0; op < 15; op++) {
        const roll = random.next()
        const product = random.pick(products)
        if (roll < 0.6) {
          const amount = random.int(1, 9) * (random.next() < 0.3 ? -1 : 1)
          // half the bookings out say yes to below zero; the others are refused there, and book nothing
          // some say why (a reason code), which is stored on the booking whatever else races it
          const reason = random.pick([undefined, 'received', 'damaged'])
          const booking = {
            amount,
            ...random.pick(places),
            ...(random.next() < 0.5 ? { allow_negative: true } : {}),
            ...(reason ? { reason } : {}),
          }
          // some bookings carry an Idempotency-Key and are sent again, as a client does after a timeout
          const key = random.next() < 0.4 ? { 'idempotency-key': `booking-${n}-${op}` } : undefined
          const answer = await client.post(`/api/products/${product.id}/stock_mutations`, booking, key)
          expectStatus(answer, amount < 0 && !booking.allow_negative ? [201, 409] : [201])
          if (answer.status === 409) {
            expect(answer.body.code).toBe('INSUFFICIENT_STOCK')
            continue
          }
          expect(answer.body.reason).toBe(reason ?? null)
          mutations.set(answer.body.id, answer.body)
          if (key) {
            const again = await client.post(`/api/products/${product.id}/stock_mutations`, booking, key)
            expect(again.headers['idempotent-replayed']).toBe('true')
            expect(again.body).toEqual(answer.body)
          }
        } else if (roll < 0.85) {
          // one of the latest mutations, so that clients often delete the same one at the same time
          const id = random.pick([...mutations.keys()].slice(-6))
          const key = random.next() < 0.4 ? { 'idempotency-key': `deletion-${n}-${op}` } : undefined
          const path = `/api/products/${mutations.get(id)!.product_id}/stock_mutations/${id}`
          const answer = await client.delete(path, key)
          expectStatus(answer, [204, 404])
          // sent again with its key, a deletion answers as it did: 204 again (nothing more deleted), or 404 again
          if (key) expect((await client.delete(path, key)).status).toBe(answer.status)
          if (answer.status === 204) {
            expect(deleted.has(id), `mutation ${id} deleted twice`).toBe(false)
            deleted.add(id)
          } else missed.add(id)
        } else {
          expectStatus(await client.get(`/api/products/${product.id}`), [200])
        }
      }
    }
    await Promise.all(Array.from({ length: 20 }, (_, n) => runClient(n)))

    expect(await checkLedger(server.database.db)).toEqual([])
    const kept = [...mutations.entries()].filter(([id]) => !deleted.has(id)).map(([, m]) => m)
    const stored = await server.database.db
      .selectFrom('stock_mutations')
      .select(['id', 'reason'])
      .where(
        'product_id',
        'in',
        products.map((p) => p.id),
      )
      .execute()
    expect(stored.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [...mutations.keys()].filter((id) => !deleted.has(id)).sort((a, b) => a - b),
    )
    for (const row of stored) expect(row.reason).toBe((mutations.get(row.id) as { reason?: string | null }).reason ?? null)
    expect(stored.filter((row) => row.reason !== null).length).toBeGreaterThan(10)
    expect(deleted.size).toBeGreaterThan(10)
    for (const id of missed) expect(deleted.has(id), `mutation ${id} answered 404 but nobody deleted it`).toBe(true)

    const sum = (rows: typeof kept) => rows.reduce((total, m) => total + m.amount, 0)
    for (const product of products) {
      const ofProduct = kept.filter((m) => m.product_id === product.id)
      const detail = ok(await server.admin.get(`/api/products/${product.id}`))
      expect(detail.stock).toBe(sum(ofProduct))
      for (const warehouse of [north, south]) {
        const item = detail.stock_warehouse_items.find((w: { warehouse_id: number }) => w.warehouse_id === warehouse.id)
        expect(item?.amount ?? 0).toBe(sum(ofProduct.filter((m) => m.warehouse_id === warehouse.id)))
      }
      for (const place of places) {
        const item = detail.stock_items.find((l: { location_id: number }) => l.location_id === place.location_id)
        expect(item?.amount ?? 0).toBe(sum(ofProduct.filter((m) => m.location_id === place.location_id)))
      }
    }
  })
})

describe('20 clients transferring, counting, booking and deleting at once', () => {
  it('leaves every kept level equal to the ledger, never deadlocks, and applies each count once', async () => {
    const east = await make.warehouse('Operations East')
    const west = await make.warehouse('Operations West')
    const places = [
      { warehouse_id: east.id, location_id: (await make.location(east.id, 'OE-1')).id },
      { warehouse_id: east.id, location_id: (await make.location(east.id, 'OE-2')).id },
      { warehouse_id: west.id, location_id: (await make.location(west.id, 'OW-1')).id },
      { warehouse_id: west.id, location_id: (await make.location(west.id, 'OW-2')).id },
    ]
    const products = [await make.product({ sku: 'OPS-A' }), await make.product({ sku: 'OPS-B' }), await make.product({ sku: 'OPS-C' })]
    const mutationIds: { id: number; product_id: number }[] = []
    for (let i = 0; i < 12; i++) {
      const booked = await make.book(products[i % 3].id, { amount: 30, ...places[i % 4] })
      mutationIds.push({ id: booked.id, product_id: booked.product_id })
    }
    const counts: { id: number; lines: { id: number }[] }[] = []
    for (const warehouse of [east, west, east, west, east, west])
      counts.push(created(await server.admin.post('/api/stock_counts/', { warehouse_id: warehouse.id })) as (typeof counts)[number])
    const transfers: number[] = []
    const applied = new Map<number, number>()

    const runClient = async (n: number) => {
      const random = seededRandom(2000 + n)
      const client = connect(tokens[n % tokens.length])
      for (let op = 0; op < 12; op++) {
        const roll = random.next()
        const product = random.pick(products)
        if (roll < 0.25) {
          const answer = await client.post(`/api/products/${product.id}/stock_mutations`, {
            amount: random.int(-4, 9) || 1,
            ...random.pick(places),
            allow_negative: true,
          })
          expectStatus(answer, [201])
          mutationIds.push({ id: answer.body.id, product_id: answer.body.product_id })
        } else if (roll < 0.4) {
          // a recent mutation: a plain booking, or half of a transfer (which takes its other half with it)
          const { id, product_id } = random.pick(mutationIds.slice(-8))
          expectStatus(await client.delete(`/api/products/${product_id}/stock_mutations/${id}`), [204, 404])
        } else if (roll < 0.7) {
          const [from, to] = [random.pick(places), random.pick(places)]
          if (from.location_id === to.location_id) continue
          const several = random.next() < 0.4
          const body = several
            ? {
                lines: products.map((p) => ({ product_id: p.id, amount: random.int(1, 6) })),
                from_location_id: from.location_id,
                to_location_id: to.location_id,
              }
            : { product_id: product.id, amount: random.int(1, 12), from_location_id: from.location_id, to_location_id: to.location_id }
          const answer = await client.post('/api/stock_transfers/', { ...body, allow_negative: random.next() < 0.2 })
          expectStatus(answer, [201, 409])
          if (answer.status === 409) expect(answer.body.code).toBe('INSUFFICIENT_STOCK')
          else {
            transfers.push(answer.body.id)
            for (const m of answer.body.mutations) mutationIds.push({ id: m.id, product_id: m.product_id })
          }
        } else if (roll < 0.78 && transfers.length > 0) {
          const answer = await client.post(`/api/stock_transfers/${random.pick(transfers.slice(-6))}/reverse`, { allow_negative: true })
          expectStatus(answer, [201, 404, 409])
          if (answer.status === 201) transfers.push(answer.body.id)
        } else if (roll < 0.92) {
          const count = random.pick(counts)
          if (count.lines.length === 0) continue
          const line = random.pick(count.lines)
          const answer = await client.patch(`/api/stock_counts/${count.id}/lines/${line.id}`, { counted: random.int(0, 40) })
          expectStatus(answer, [200, 409])
        } else {
          const count = random.pick(counts)
          const answer = await client.post(`/api/stock_counts/${count.id}/apply`)
          expectStatus(answer, [200, 409])
          if (answer.status === 200) applied.set(count.id, (applied.get(count.id) ?? 0) + 1)
          else expect(answer.body.code).toBe('COUNT_ALREADY_APPLIED')
        }
      }
    }
    await Promise.all(Array.from({ length: 20 }, (_, n) => runClient(n)))
    // every count not yet applied is applied now, by several clients at once: one of them gets it
    for (const count of counts.filter((c) => !applied.has(c.id))) {
      const answers = await Promise.all(Array.from({ length: 4 }, (_, n) => clients[n].post(`/api/stock_counts/${count.id}/apply`)))
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409])
      applied.set(count.id, 1)
    }

    expect(await checkLedger(server.database.db)).toEqual([])
    expect([...applied.values()].every((n) => n === 1)).toBe(true)
    expect(transfers.length).toBeGreaterThan(10)
    // a transfer keeps its halves together: every product's in and out of one transfer both exist, or neither
    const halves = await server.database.db
      .selectFrom('stock_mutations')
      .select(['transfer_id', 'product_id', (eb) => eb.fn.sum<number>('amount').as('sum'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('transfer_id', 'is not', null)
      .groupBy(['transfer_id', 'product_id'])
      .execute()
    expect(halves.filter((h) => Number(h.sum) !== 0 || Number(h.n) !== 2)).toEqual([])
  })

  it('twenty people counting one count at once: no write waits for another in a circle, and every scan counts', async () => {
    const warehouse = await make.warehouse('Counted at once')
    const shelf = await make.location(warehouse.id, 'CA-1')
    const scanned = await make.product({ sku: 'SCANNED', barcode: 'SCAN-ONCE' })
    const typed = [await make.product({ sku: 'TYPED-1' }), await make.product({ sku: 'TYPED-2' })]
    for (const product of [scanned, ...typed]) await make.book(product.id, { amount: 5, warehouse_id: warehouse.id, location_id: shelf.id })
    const count = created(await server.admin.post('/api/stock_counts/', { warehouse_id: warehouse.id }))
    const typedLines = count.lines.filter((line: { product_id: number }) => line.product_id !== scanned.id)
    const answers = await Promise.all(
      clients.slice(0, 20).map(async (client, n) => {
        const mine: HttpAnswer[] = []
        for (let i = 0; i < 5; i++) {
          mine.push(await client.post(`/api/stock_counts/${count.id}/scan`, { barcode: 'SCAN-ONCE', location_id: shelf.id }))
          mine.push(await client.patch(`/api/stock_counts/${count.id}/lines/${typedLines[(n + i) % 2].id}`, { counted: n + i }))
        }
        return mine
      }),
    )
    for (const answer of answers.flat()) expectStatus(answer, [200])
    const after = ok(await server.admin.get(`/api/stock_counts/${count.id}`))
    expect(after.lines.find((line: { product_id: number }) => line.product_id === scanned.id).counted).toBe(100)
  })

  it('an applied count reversed by six people at once is booked back once; a booking racing a reversal is never lost', async () => {
    const warehouse = await make.warehouse('Reversed at once')
    const shelf = await make.location(warehouse.id, 'RA-1')
    const cups = await make.product({ sku: 'REVERSED-ONCE' })
    const place = { warehouse_id: warehouse.id, location_id: shelf.id }
    await make.book(cups.id, { amount: 10, ...place })
    const stock = async () => ok(await server.admin.get(`/api/products/${cups.id}`)).stock as number
    const applied = async (counted: number) => {
      const count = created(await server.admin.post('/api/stock_counts/', { warehouse_id: warehouse.id }))
      const line = count.lines.find((l: { product_id: number }) => l.product_id === cups.id)
      ok(await server.admin.patch(`/api/stock_counts/${count.id}/lines/${line.id}`, { counted }))
      return ok(await server.admin.post(`/api/stock_counts/${count.id}/apply`)) as { id: number }
    }

    // each on a connection of its own, signed in as the administrator, who may take a count back
    const six = Array.from({ length: 6 }, () => connect(tokens[0]))
    const first = await applied(4)
    const answers = await Promise.all(six.map((client) => client.post(`/api/stock_counts/${first.id}/reverse`)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409)
      expect(refused.body.code).toBe('UNDO_ALREADY')
    }
    expect(await stock()).toBe(10)

    // a reversal and a booking at its place at once: both in the ledger, or the booking and a refusal
    const second = await applied(7)
    const [reversal, booking] = await Promise.all([
      six[0].post(`/api/stock_counts/${second.id}/reverse`),
      six[1].post(`/api/products/${cups.id}/stock_mutations`, { amount: 2, ...place }),
    ])
    expectStatus(booking, [201])
    expectStatus(reversal, [200, 409])
    if (reversal.status === 409) expect(reversal.body.code).toBe('UNDO_CHANGED_SINCE')
    expect(await stock()).toBe(reversal.status === 200 ? 12 : 9)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('two transfers never both take the last units: of twelve taking one of three at once, three go through', async () => {
    const warehouse = await make.warehouse('Last units')
    const [from, to] = [await make.location(warehouse.id, 'LU-1'), await make.location(warehouse.id, 'LU-2')]
    const product = await make.product({ sku: 'LAST-UNITS' })
    await make.book(product.id, { amount: 3, warehouse_id: warehouse.id, location_id: from.id })
    const answers = await Promise.all(
      clients
        .slice(0, 12)
        .map((client) =>
          client.post('/api/stock_transfers/', { product_id: product.id, amount: 1, from_location_id: from.id, to_location_id: to.id }),
        ),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'INSUFFICIENT_STOCK')).toBe(true)
    const detail = ok(await server.admin.get(`/api/products/${product.id}`))
    expect(detail.stock_items.map((i: { location_id: number; amount: number }) => [i.location_id, i.amount])).toEqual([[to.id, 3]])
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})

describe('10 clients receiving one purchase order beside bookings and transfers', () => {
  it('never takes a line past its quantity, and leaves the levels equal to the ledger and incoming equal to what is open', async () => {
    const hall = await make.warehouse('Receiving Hall')
    const docks = [(await make.location(hall.id, 'RD-1')).id, (await make.location(hall.id, 'RD-2')).id]
    const supplier = await make.organization('Receiving Supplier', { is_supplier: true })
    const products = [await make.product({ sku: 'RCV-A' }), await make.product({ sku: 'RCV-B' })]
    const order = created(
      await server.admin.post('/api/purchase_orders/', {
        supplier_id: supplier.id,
        warehouse_id: hall.id,
        lines: products.map((product) => ({ product_id: product.id, quantity: 12 })),
      }),
    )
    ok(await server.admin.post(`/api/purchase_orders/${order.id}/send`))
    const lines = order.lines as { id: number; product_id: number }[]

    const received = new Map<number, number>(lines.map((line) => [line.id, 0]))
    const runClient = async (n: number) => {
      const random = seededRandom(4000 + n)
      const client = connect(tokens[n % tokens.length])
      for (let op = 0; op < 8; op++) {
        const line = random.pick(lines)
        const roll = random.next()
        if (roll < 0.6) {
          const quantity = random.int(1, 3)
          const answer = await client.post(`/api/purchase_orders/${order.id}/receipts`, {
            lines: [{ line_id: line.id, location_id: random.pick(docks), quantity }],
          })
          // a full line, or the order received whole, refuses what comes on top
          expectStatus(answer, [201, 409])
          if (answer.status === 201) received.set(line.id, received.get(line.id)! + quantity)
          else expect(['OVER_RECEIPT', 'INVALID_STATUS']).toContain(answer.body.code)
        } else if (roll < 0.8) {
          const answer = await client.post(`/api/products/${line.product_id}/stock_mutations`, {
            amount: random.int(-2, 4) || 1,
            warehouse_id: hall.id,
            location_id: random.pick(docks),
            allow_negative: true,
          })
          expectStatus(answer, [201])
        } else {
          const answer = await client.post('/api/stock_transfers/', {
            product_id: line.product_id,
            amount: 1,
            from_location_id: docks[0],
            to_location_id: docks[1],
            allow_negative: true,
          })
          expectStatus(answer, [201, 409])
        }
      }
    }
    await Promise.all(Array.from({ length: 10 }, (_, n) => runClient(n)))

    const after = ok(await server.admin.get(`/api/purchase_orders/${order.id}`))
    for (const line of after.lines as { id: number; received: number; quantity: number }[]) {
      expect(line.received).toBe(received.get(line.id))
      expect(line.received).toBeLessThanOrEqual(line.quantity)
    }
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})

describe('buyers making orders from the reorder report at once', () => {
  it('puts each short product on one draft line: one of them drafts it, the others find it drafted', async () => {
    const store = await make.warehouse('Reorder Store')
    const suppliers = [
      await make.organization('Reorder Supplier A', { is_supplier: true }),
      await make.organization('Reorder Supplier B', { is_supplier: true }),
    ]
    const products: number[] = []
    for (let i = 0; i < 12; i++) {
      const { id } = await make.product({ sku: `REORDER-${i}` })
      ok(await server.admin.patch(`/api/products/${id}/supplier`, { supplier_id: suppliers[i % 2].id }))
      ok(await server.admin.put(`/api/products/${id}/reorder_levels/${store.id}`, { min_stock: 2, max_stock: 5 }))
      products.push(id)
    }
    const buyers = Array.from({ length: 6 }, (_, n) => connect(tokens[n % tokens.length]))
    const answers = await Promise.all(buyers.map((buyer) => buyer.post('/api/purchase_orders/from_reorder', { warehouse_id: store.id })))
    for (const answer of answers) expectStatus(answer, [201])
    const made = answers.flatMap(
      (answer) => answer.body.purchase_orders as { id: number; supplier_id: number; lines: { product_id: number }[] }[],
    )
    const byId = (a: number, b: number) => a - b
    expect(made.map((order) => order.supplier_id).sort(byId)).toEqual(suppliers.map((supplier) => supplier.id).sort(byId))
    expect(made.flatMap((order) => order.lines.map((line) => line.product_id)).sort(byId)).toEqual(products)
    const drafts = ok(await server.admin.get(`/api/purchase_orders/?warehouse_id=${store.id}&status=draft`)) as { id: number }[]
    expect(drafts.map((order) => order.id).sort(byId)).toEqual(made.map((order) => order.id).sort(byId))
  })
})

describe('two administrators at once', () => {
  let adminA: HttpClient
  let adminB: HttpClient
  beforeAll(async () => {
    const second = await server.createUser({ is_superuser: true })
    adminA = connect(tokens[0])
    adminB = connect(second.token)
  })

  for (const resource of [
    { path: '/api/brands', name: 'brand_name', create: (name: string) => make.brand(name) },
    { path: '/api/warehouses', name: 'warehouse_name', create: (name: string) => make.warehouse(name) },
  ]) {
    it(`renaming the same ${resource.name.split('_')[0]}: both answered, one name wins; to the same name: one wins, the other gets 409`, async () => {
      for (let round = 0; round < 8; round++) {
        const record = await resource.create(`Race ${resource.name} ${round}`)
        const names = [`${record[resource.name]} by A`, `${record[resource.name]} by B`]
        const answers = await Promise.all([
          adminA.patch(`${resource.path}/${record.id}`, { [resource.name]: names[0] }),
          adminB.patch(`${resource.path}/${record.id}`, { [resource.name]: names[1] }),
        ])
        for (const answer of answers) expectStatus(answer, [200])
        expect(names).toContain(ok(await server.admin.get(`${resource.path}/${record.id}`))[resource.name])

        // two records renamed to one name at once: the unique name lets exactly one through
        const other = await resource.create(`Race ${resource.name} other ${round}`)
        const shared = `Race ${resource.name} shared ${round}`
        const clash = await Promise.all([
          adminA.patch(`${resource.path}/${record.id}`, { [resource.name]: shared }),
          adminB.patch(`${resource.path}/${other.id}`, { [resource.name]: shared }),
        ])
        expect(clash.map((a) => a.status).sort()).toEqual([200, 409])
        expect(clash.find((a) => a.status === 409)!.body).toMatchObject({ code: 'DUPLICATE_NAME', detail: expect.stringContaining(shared) })
        const named = ok(await server.admin.get(`${resource.path}/?q=${encodeURIComponent(shared)}`))
        expect(named).toHaveLength(1)
      }
    })
  }

  it('renaming a warehouse while the other deletes it: the deletion goes through, the rename answers 200 or 404, never 500', async () => {
    for (let round = 0; round < 8; round++) {
      const warehouse = await make.warehouse(`Doomed ${round}`)
      const [rename, removal] = await Promise.all([
        adminA.patch(`/api/warehouses/${warehouse.id}`, { warehouse_name: `Doomed ${round} renamed` }),
        adminB.delete(`/api/warehouses/${warehouse.id}`),
      ])
      expectStatus(removal, [204])
      expectStatus(rename, [200, 404])
      expect((await server.admin.get(`/api/warehouses/${warehouse.id}`)).statusCode).toBe(404)
    }
  })
})

describe('deleting a location while mutations are booked to it', () => {
  it('either the deletion is refused or the bookings are, never both half-done; no mutation points to a deleted location', async () => {
    const warehouse = await make.warehouse('Contested')
    const product = await make.product({ sku: 'CONTESTED' })
    const bookers = Array.from({ length: 8 }, (_, n) => connect(tokens[n % tokens.length]))
    const remover = connect(tokens[0])
    const outcomes = new Set<number>()

    for (let round = 0; round < 8; round++) {
      const location = await make.location(warehouse.id, `Contested ${round}`)
      const path = `/api/products/${product.id}/stock_mutations`
      const booking = { amount: 1, warehouse_id: warehouse.id, location_id: location.id }
      const remove = () => remover.delete(`/api/warehouses/${warehouse.id}/locations/${location.id}`)
      const bookings: HttpAnswer[] = []
      let firstAnswer!: () => void
      const answered = new Promise<void>((resolve) => (firstAnswer = resolve))
      // even rounds send the deletion first and the bookings right behind it; odd rounds once a booking is answered
      const early = round % 2 === 0 ? remove() : undefined
      const booked = Promise.all(
        bookers.map(async (client) => {
          for (let i = 0; i < 3; i++) {
            bookings.push(await client.post(path, booking))
            firstAnswer()
          }
        }),
      )
      const removal = await (early ?? answered.then(remove))
      await booked

      expectStatus(removal, [204, 409])
      outcomes.add(removal.status)
      for (const answer of bookings) expectStatus(answer, [201, 409, 422])
      const accepted = bookings.filter((a) => a.status === 201).length
      const stored = await server.database.db.selectFrom('stock_mutations').select('id').where('location_id', '=', location.id).execute()
      const levels = await server.database.db
        .selectFrom('stock_levels')
        .select('on_hand as amount')
        .where('location_id', '=', location.id)
        .execute()
      if (removal.status === 204) {
        expect(accepted).toBe(0)
        expect(stored).toEqual([])
        expect(levels).toEqual([])
        expect((await server.admin.get(`/api/warehouses/${warehouse.id}/locations/${location.id}`)).statusCode).toBe(404)
      } else {
        expect(removal.body.code).toBe('LOCATION_IN_USE')
        expect(accepted).toBeGreaterThan(0)
        expect(stored).toHaveLength(accepted)
        expect(levels).toEqual([{ amount: accepted }])
        ok(await server.admin.get(`/api/warehouses/${warehouse.id}/locations/${location.id}`))
      }
    }
    expect(outcomes.has(409)).toBe(true)
    expect(await checkLedger(server.database.db)).toEqual([])
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from stock_mutations m left join locations l on l.id = m.location_id where l.id is null`.execute(
      server.database.db,
    )
    expect(Number(rows[0].n)).toBe(0)
  })
})

describe('undo at the same moment as other writes (issue 14)', () => {
  it('one deleted mutation restored by five clients at once is booked again once; bookings beside it keep the ledger whole', async () => {
    const warehouse = await make.warehouse('Undo race')
    const place = { warehouse_id: warehouse.id, location_id: (await make.location(warehouse.id, 'UR-1')).id }
    const product = await make.product({ sku: 'UNDO-RACE' })
    const booked = await make.book(product.id, { amount: 9, ...place })
    expect((await server.admin.delete(`/api/products/${product.id}/stock_mutations/${booked.id}`)).statusCode).toBe(204)
    const restores = await Promise.all(
      tokens.map((token) => connect(token).post(`/api/products/${product.id}/stock_mutations/${booked.id}/restore`)),
    )
    const bookings = await Promise.all(
      tokens.map((token) => connect(token).post(`/api/products/${product.id}/stock_mutations`, { amount: 1, ...place })),
    )
    for (const answer of restores) expectStatus(answer, [201, 409, 503])
    for (const answer of bookings) expectStatus(answer, [201, 503])
    const restored = restores.filter((a) => a.status === 201).length
    expect(restored).toBe(1)
    const stock = ok(await server.admin.get(`/api/products/${product.id}`)).stock
    expect(stock).toBe(9 + bookings.filter((a) => a.status === 201).length)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it('an undo of a booking from the audit trail while others book at the same place: refused or done, never half', async () => {
    const warehouse = await make.warehouse('Undo race 2')
    const place = { warehouse_id: warehouse.id, location_id: (await make.location(warehouse.id, 'UR-2')).id }
    const product = await make.product({ sku: 'UNDO-RACE-2' })
    const booked = await make.book(product.id, { amount: 5, ...place })
    const [entry] = ok(await server.admin.get(`/api/audit/?entity_type=stock_mutation&entity_id=${booked.id}&action=create`))
    const [undo, ...bookings] = await Promise.all([
      connect(tokens[0]).post(`/api/audit/${entry.id}/undo`),
      ...tokens.slice(1).map((token) => connect(token).post(`/api/products/${product.id}/stock_mutations`, { amount: 2, ...place })),
    ])
    expectStatus(undo, [201, 409, 503])
    const added = 2 * bookings.filter((a) => a.status === 201).length
    expect(ok(await server.admin.get(`/api/products/${product.id}`)).stock).toBe((undo.status === 201 ? 0 : 5) + added)
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})

describe('imports at the same time as other writes', () => {
  let token: string
  let north: { id: number }
  beforeAll(async () => {
    token = tokens[0]
    north = await make.warehouse('Imports North')
  })
  /** Starts a kept import and waits for it to end; answers its final report. */
  const imported = (kind: string, file: { name: string; content: string }) => importedAs(server, token, { kind }, file)
  const productsCsv = (rows: string[][]) => ({ name: 'products.csv', content: csv([['SKU', 'Description'], ...rows]) })

  it('four imports of one file at once create each SKU once: one creates it, the others find it unchanged', async () => {
    const skus = Array.from({ length: 300 }, (_, i) => `FOUR-${String(i).padStart(3, '0')}`)
    const file = productsCsv(skus.map((sku) => [sku, 'imported four times at once']))
    const started = await Promise.all(Array.from({ length: 4 }, () => upload(server, token, { kind: 'products' }, file, false)))
    for (const res of started) expect(res.statusCode, res.body).toBe(202)
    await importRunnerOf(server.database).settled()
    const reports = await Promise.all(started.map(async (res) => ok(await server.admin.get(`/api/imports/${res.json().id}`))))
    expect(reports.map((report) => report.status)).toEqual(['done', 'done', 'done', 'done'])
    const sum = (field: 'created' | 'unchanged') => reports.reduce((total, report) => total + (report[field] as number), 0)
    expect([sum('created'), sum('unchanged')]).toEqual([300, 900])
    const stored = await server.database.db.selectFrom('products').select('sku').where('sku', 'like', 'FOUR-%').orderBy('sku').execute()
    expect(stored.map((product) => product.sku)).toEqual(skus)
  })

  it('four stock imports of one file at once each book every row once, and a revert among them takes back only its own', async () => {
    await make.location(north.id, 'Four shelf')
    const products = await Promise.all(Array.from({ length: 40 }, (_, i) => make.product({ sku: `FOURSTOCK-${i}` })))
    const file = {
      name: 'four-stock.csv',
      content: csv([
        ['SKU', 'Warehouse', 'Location', 'Amount'],
        ...products.map((_, i) => [`FOURSTOCK-${i}`, 'Imports North', 'Four shelf', '3']),
      ]),
    }
    const first = await imported('stock', file)
    // bookings of stock imports overlap, as any bookings do; the revert of the first waits for them and is refused
    const started = await Promise.all(Array.from({ length: 4 }, () => upload(server, token, { kind: 'stock' }, file, false)))
    const reverted = await server.admin.delete(`/api/imports/${first.id}`)
    await importRunnerOf(server.database).settled()
    for (const res of started)
      expect(ok(await server.admin.get(`/api/imports/${res.json().id}`))).toMatchObject({ status: 'done', booked: 40 })
    const stocks = await Promise.all(products.map(async ({ id }) => ok(await server.admin.get(`/api/products/${id}`)).stock))
    // the revert went through before the other imports booked (4 imports of 3 left), or was refused once one had (5 of 3)
    const outcome = [reverted.statusCode, reverted.json().code ?? null, [...new Set(stocks)]]
    expect([
      [200, null, [12]],
      [409, 'IMPORT_CHANGED_SINCE', [15]],
    ]).toContainEqual(outcome)
    expect(await checkLedger(server.database.db)).toEqual([])
  })

  it.runIf(dbKind === 'postgres')(
    'a product created by hand while an import writes its SKU: the import waits for it and updates it',
    async () => {
      const { db } = server.database
      let importId = 0
      await db.transaction().execute(async (trx) => {
        await createProduct(trx, { sku: 'BY-HAND', description: 'made by hand' })
        const res = await upload(server, token, { kind: 'products' }, productsCsv([['by-hand', 'imported']]), false)
        expect(res.statusCode, res.body).toBe(202)
        importId = res.json().id
        // the hand-made product stays uncommitted until the import's chunk waits for it (or, not waiting, has ended)
        await vi.waitFor(
          async () => {
            const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
            const { status } = ok(await server.admin.get(`/api/imports/${importId}`))
            expect(rows[0].waiting > 0 || status === 'done').toBe(true)
          },
          { timeout: 10_000, interval: 10 },
        )
      })
      await importRunnerOf(server.database).settled()
      expect(ok(await server.admin.get(`/api/imports/${importId}`))).toMatchObject({ status: 'done', created: 0, updated: 1 })
      const made = await db
        .selectFrom('products')
        .select(['sku', 'description'])
        .where(sql`lower(sku)`, '=', 'by-hand')
        .execute()
      expect(made).toEqual([{ sku: 'BY-HAND', description: 'imported' }])
    },
  )

  it('a revert and a booking out of what the import booked, at once: one of them goes through, never both', async () => {
    const shelf = await make.location(north.id, 'Race shelf')
    const answered = (res: Response) => [res.statusCode, res.json().code].filter(Boolean).join(' ')
    for (let trial = 0; trial < 20; trial++) {
      const product = await make.product({ sku: `RACE-${trial}` })
      const stock = await imported('stock', {
        name: 'race.csv',
        content: csv([
          ['SKU', 'Warehouse', 'Location', 'Amount'],
          [`RACE-${trial}`, 'Imports North', 'Race shelf', '10'],
        ]),
      })
      expect(stock).toMatchObject({ status: 'done', booked: 1 })
      const [reverted, booked] = await Promise.all([
        server.admin.delete(`/api/imports/${stock.id}`),
        server.admin.post(`/api/products/${product.id}/stock_mutations`, { warehouse_id: north.id, location_id: shelf.id, amount: -10 }),
      ])
      const outcome = `revert ${answered(reverted)}, booking ${answered(booked)}`
      // a booking in flight makes the revert wait and meet it; a booking after the revert finds nothing to take out
      expect(['revert 409 IMPORT_CHANGED_SINCE, booking 201', 'revert 200, booking 409 INSUFFICIENT_STOCK']).toContain(outcome)
      expect(ok(await server.admin.get(`/api/products/${product.id}`)).stock).toBe(0)
    }
    expect(await checkLedger(server.database.db)).toEqual([])
  })
})
