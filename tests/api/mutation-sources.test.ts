// Every mutation names its source: a plain booking is `manual`, a transfer leg names its transfer, a count
// adjustment its count and line, an import's booking its import and the file's row, a receipt its receipt, the
// order's line and (as its document) the purchase order; a booking leaves the product's own last edit alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PurchaseOrder, PurchaseReceipt, StockCount, StockMutation } from '../../src/contract'
import { fillSources } from '../../src/server/db/migrations/060-mutation-sources'
import { importRunnerOf } from '../../src/server/domain/imports/run'
import { startServer, type TestServer } from './helpers'
import { created, fixtures, ok } from './product-fixtures'
import { csv, upload } from './uploads'

let server: TestServer
let make: ReturnType<typeof fixtures>
let warehouse: { id: number; warehouse_name: string }
let shelfA: { id: number; location_name: string }
let shelfB: { id: number }

beforeAll(async () => {
  server = await startServer()
  make = fixtures(server.admin)
  warehouse = await make.warehouse('Sourced')
  shelfA = await make.location(warehouse.id, 'S-A')
  shelfB = await make.location(warehouse.id, 'S-B')
})
afterAll(() => server.close())

const ledgerOf = async (productId: number): Promise<StockMutation[]> =>
  ok(await server.admin.get(`/api/products/${productId}/stock_mutations?limit=100`))

describe('the source of a mutation', () => {
  it('is manual for a plain booking, with no id or line', async () => {
    const product = await make.product({ sku: 'SRC-MANUAL' })
    const booked: StockMutation = await make.book(product.id, { amount: 4, warehouse_id: warehouse.id, location_id: shelfA.id })
    expect(booked.source).toEqual({ kind: 'manual', id: null, line_id: null, document: null })
    expect((await ledgerOf(product.id))[0].source).toEqual({ kind: 'manual', id: null, line_id: null, document: null })
  })

  it('names the transfer on both legs, and transfer_id stays in the answer', async () => {
    const product = await make.product({ sku: 'SRC-MOVE' })
    await make.book(product.id, { amount: 5, warehouse_id: warehouse.id, location_id: shelfA.id })
    const transfer = created(
      await server.admin.post('/api/stock_transfers/', {
        from_location_id: shelfA.id,
        to_location_id: shelfB.id,
        product_id: product.id,
        amount: 2,
      }),
    )
    const legs = (await ledgerOf(product.id)).filter((m) => m.transfer_id !== null)
    expect(legs).toHaveLength(2)
    for (const leg of legs) {
      expect(leg.transfer_id).toBe(transfer.id)
      expect(leg.source).toEqual({ kind: 'transfer', id: transfer.id, line_id: null, document: null })
    }
  })

  it('names the count and the count line of an adjustment', async () => {
    const product = await make.product({ sku: 'SRC-COUNT', barcode: 'SRC-COUNT-BC' })
    await make.book(product.id, { amount: 10, warehouse_id: warehouse.id, location_id: shelfA.id })
    const count: StockCount = created(
      await server.admin.post('/api/stock_counts/', { warehouse_id: warehouse.id, location_ids: [shelfA.id] }),
    )
    const line = count.lines.find((l) => l.product_id === product.id)!
    ok(await server.admin.patch(`/api/stock_counts/${count.id}/lines/${line.id}`, { counted: 7 }))
    ok(await server.admin.post(`/api/stock_counts/${count.id}/apply`))
    const [adjustment] = await ledgerOf(product.id)
    expect(adjustment.amount).toBe(-3)
    expect(adjustment.source).toEqual({ kind: 'count', id: count.id, line_id: line.id, document: null })
  })

  it("names the import and the file's row of an opening stock booking", async () => {
    const product = await make.product({ sku: 'SRC-IMPORT' })
    const file = {
      name: 'stock.csv',
      content: csv([
        ['SKU', 'Warehouse', 'Location', 'Amount'],
        ['SRC-IMPORT', warehouse.warehouse_name, shelfA.location_name, 6],
      ]),
    }
    const token = await server.login('admin@example.com', 'admin-password-1')
    const res = await upload(server, token, { kind: 'stock' }, file, false)
    expect(res.statusCode, res.body).toBe(202)
    await importRunnerOf(server.database).settled()
    const [booking] = await ledgerOf(product.id)
    expect(booking.source).toEqual({ kind: 'import', id: res.json().id, line_id: 2, document: null })
  })

  it("leaves the product's updated_at as it was", async () => {
    const product = await make.product({ sku: 'SRC-STAMP' })
    const before = ok(await server.admin.get(`/api/products/${product.id}`))
    await make.book(product.id, { amount: 3, warehouse_id: warehouse.id, location_id: shelfA.id })
    const after = ok(await server.admin.get(`/api/products/${product.id}`))
    expect(after.updated_at).toBe(before.updated_at)
    expect(after.stock).toBe(before.stock + 3)
  })
})

describe('the migration that gave mutations their source', () => {
  it('finds the source of rows booked before it from the transfer column, the count note and import_changes', async () => {
    const { db } = server.database
    const booked = await db
      .selectFrom('stock_mutations')
      .select(['id', 'source_kind', 'source_id', 'source_line_id'])
      .orderBy('id')
      .execute()
    expect(new Set(booked.map((m) => m.source_kind))).toEqual(new Set(['manual', 'transfer', 'count', 'import']))
    // as the rows were before the migration: every one a plain booking
    await db.updateTable('stock_mutations').set({ source_kind: 'manual', source_id: null, source_line_id: null }).execute()
    await fillSources(db as never)
    const filled = await db
      .selectFrom('stock_mutations')
      .select(['id', 'source_kind', 'source_id', 'source_line_id'])
      .orderBy('id')
      .execute()
    expect(filled).toEqual(booked)
  })
})

// after the migration's test, which knows the kinds of before purchase orders
describe('the source of a receipt', () => {
  it('names the receipt and the order line, and the purchase order by id and number as its document', async () => {
    const supplier = await make.organization('Sourced Supplier', { is_supplier: true })
    const product = await make.product({ sku: 'SRC-RECEIPT' })
    const drafted: PurchaseOrder = created(
      await server.admin.post('/api/purchase_orders/', {
        supplier_id: supplier.id,
        warehouse_id: warehouse.id,
        lines: [{ product_id: product.id, quantity: 5 }],
      }),
    )
    const order: PurchaseOrder = ok(await server.admin.post(`/api/purchase_orders/${drafted.id}/send`))
    const [line] = order.lines
    const receipt: PurchaseReceipt = created(
      await server.admin.post(`/api/purchase_orders/${order.id}/receipts`, {
        lines: [{ line_id: line.id, location_id: shelfA.id, quantity: 3 }],
      }),
    )
    const [received] = await ledgerOf(product.id)
    expect(received.amount).toBe(3)
    expect(received.source).toEqual({
      kind: 'receipt',
      id: receipt.id,
      line_id: line.id,
      document: { kind: 'purchase_order', id: order.id, number: order.number },
    })
    // a mutation of another kind whose source has the receipt's id is not the receipt's: no document
    const product2 = await make.product({ sku: 'SRC-SAME-ID' })
    await make.book(product2.id, { amount: 1, warehouse_id: warehouse.id, location_id: shelfA.id })
    await server.database.db
      .updateTable('stock_mutations')
      .set({ source_kind: 'count', source_id: receipt.id, source_line_id: 1 })
      .where('product_id', '=', product2.id)
      .execute()
    expect((await ledgerOf(product2.id))[0].source).toEqual({ kind: 'count', id: receipt.id, line_id: 1, document: null })
    await server.database.db
      .updateTable('stock_mutations')
      .set({ source_kind: 'manual', source_id: null, source_line_id: null })
      .where('product_id', '=', product2.id)
      .execute()
  })
})
