// The rules of the stock-operation screens apart from the screens: a transfer's lines and what is short, a transfer
// on one line of Recent mutations, the review of a count, and the order of the reorder report.
import { describe, expect, it } from 'vitest'
import type { ReorderReportLine, StockCount, StockCountLine, StockMutation } from '../../src/contract'
import { canSend, fillFrom, parseQuantity, shortLines } from '../../src/admin/common/transfer/transferForm'
import { route } from '../../src/admin/transfers/TransferList'
import { addOne } from '../../src/admin/common/transfer/useTransferScans'
import { describeLine, oneLinePerTransfer } from '../../src/admin/products/stock/transferLines'
import { isBlindNow, summary, withLine } from '../../src/admin/counts/countSummary'
import { sortLines } from '../../src/admin/reports/reorderSort'

const place = (warehouse: number, location: number, names: [string, string]) => ({
  warehouse_id: warehouse,
  warehouse_name: names[0],
  location_id: location,
  location_name: names[1],
})
const a01 = place(1, 11, ['Main', 'A-01'])
const a02 = place(1, 12, ['Main', 'A-02'])
const b07 = place(2, 27, ['North', 'B-07'])
const product = (id: number, article: string) => ({ id, sku: null, article_number: article, description: null })

describe('the transfer form', () => {
  it('takes whole amounts above zero, fills from what a location holds, and finds the lines that would go below zero', () => {
    expect(['3', ' 12 ', '0', '-1', '1.5', '', 'x'].map(parseQuantity)).toEqual([3, 12, null, null, null, null, null])
    const lines = fillFrom([
      { product_id: 1, product: product(1, 'LAMP'), warehouse_id: 1, location_id: 11, amount: 6 },
      { product_id: 2, product: product(2, 'SHADE'), warehouse_id: 1, location_id: 11, amount: -2 },
    ])
    expect(lines).toEqual([{ product_id: 1, label: 'LAMP', amount: '6' }])
    expect(shortLines([...lines, { product_id: 2, label: 'SHADE', amount: '1' }], new Map([[1, 6]]))).toEqual([
      { product_id: 2, label: 'SHADE', amount: '1' },
    ])
    expect(canSend(11, 27, lines)).toBe(true)
    expect(canSend(11, 11, lines)).toBe(false)
    expect(canSend(11, 27, [{ product_id: 1, label: 'LAMP', amount: '0' }])).toBe(false)
    expect(canSend('', 27, lines)).toBe(false)
  })

  it('names a route by its locations, with the warehouses when it leaves one', () => {
    expect(route(a01, a02)).toBe('A-01 -> A-02')
    expect(route(a01, b07)).toBe('Main / A-01 -> North / B-07')
  })
})

describe('a product scanned into a transfer', () => {
  it('adds one to its line, or a line of 1 at the end: the lines above stay where they are', () => {
    const lines = [
      { product_id: 1, label: 'Lamp', amount: '3' },
      { product_id: 2, label: 'Shade', amount: '' },
    ]
    expect(addOne(lines, { id: 1, label: 'Lamp' })).toEqual([
      { product_id: 1, label: 'Lamp', amount: '4' },
      { product_id: 2, label: 'Shade', amount: '' },
    ])
    // an amount not yet typed counts from nothing
    expect(addOne(lines, { id: 2, label: 'Shade' })[1].amount).toBe('1')
    expect(addOne(lines, { id: 7, label: 'Bulb' })).toEqual([...lines, { product_id: 7, label: 'Bulb', amount: '1' }])
  })
})

describe('Recent mutations', () => {
  const mutation = (id: number, amount: number, transfer?: { id: number; from: typeof a01; to: typeof a01 }): StockMutation => ({
    id,
    amount,
    reason: null,
    note: null,
    product_id: 5,
    warehouse_id: 1,
    location_id: 11,
    warehouse: { warehouse_name: 'Main' },
    location: { location_name: 'A-01' },
    user: null,
    transfer_id: transfer?.id ?? null,
    transfer: transfer ?? null,
    source: transfer
      ? { kind: 'transfer', id: transfer.id, line_id: null, document: null }
      : { kind: 'manual', id: null, line_id: null, document: null },
    created_at: '2026-03-04T10:20:30.000Z',
    updated_at: '2026-03-04T10:20:30.000Z',
  })
  it('shows a transfer once, as the amount moved from one place to the other', () => {
    const moved = { id: 9, from: a01, to: b07 }
    const page = [mutation(4, 12, moved), mutation(3, -12, moved), mutation(2, -1), mutation(1, 5, { id: 8, from: a01, to: a02 })]
    expect(oneLinePerTransfer(page).map((m) => m.id)).toEqual([4, 2, 1])
    expect(describeLine(page[0])).toMatchObject({ amount: '12', warehouse: 'Main -> North', location: 'A-01 -> B-07' })
    expect(describeLine(page[3])).toMatchObject({ amount: '5', warehouse: 'Main', location: 'A-01 -> A-02' })
    expect(describeLine(page[2])).toMatchObject({ amount: '-1', warehouse: 'Main', location: 'A-01', tone: 'error.main' })
  })
})

describe('the review of a count', () => {
  const line = (id: number, counted: number | null, difference: number | null, value: number | null, currency: 'EUR' | 'USD' | null) =>
    ({ id, counted, difference, difference_value: value, purchase_currency: currency }) as StockCountLine
  it('counts the counted and differing lines and sums the value of the differences per currency', () => {
    const lines = [
      line(1, 8, -2, -5, 'EUR'),
      line(2, 9, 3, 3.75, 'USD'),
      line(3, 4, 0, 0, 'EUR'),
      line(4, null, null, null, 'EUR'),
      line(5, 2, -1, -0.1, 'EUR'),
    ]
    expect(summary(lines)).toEqual({
      counted: 4,
      different: 3,
      values: [
        { currency: 'EUR', value: -5.1 },
        { currency: 'USD', value: 3.75 },
      ],
    })
  })
  it('puts a scanned line in, replacing it or adding it, and hides expected amounts only while a blind count is open', () => {
    const count = { lines: [line(1, null, null, null, null)], lines_total: 1, lines_counted: 0 } as unknown as StockCount
    expect(withLine(count, line(1, 1, 0, null, null))).toMatchObject({ lines_total: 1, lines_counted: 1 })
    expect(withLine(count, line(2, 1, 1, null, null))).toMatchObject({ lines_total: 2, lines_counted: 1 })
    expect([
      isBlindNow({ blind: true, status: 'open' }),
      isBlindNow({ blind: true, status: 'submitted' }),
      isBlindNow({ blind: false, status: 'open' }),
    ]).toEqual([true, false, false])
  })
})

describe('the reorder report', () => {
  const line = (id: number, article: string | null, suggested: number, value: number | null) =>
    ({
      product_id: id,
      article_number: article,
      sku: null,
      description: null,
      warehouse_name: 'Main',
      suggested,
      value,
    }) as ReorderReportLine
  it('sorts by any column either way, empty values last, ties by product', () => {
    const lines = [line(1, 'b', 10, 5), line(2, 'A', 30, null), line(3, 'c', 10, 1)]
    expect(sortLines(lines, { column: 'product', direction: 'asc' }).map((l) => l.product_id)).toEqual([2, 1, 3])
    expect(sortLines(lines, { column: 'suggested', direction: 'desc' }).map((l) => l.product_id)).toEqual([2, 1, 3])
    expect(sortLines(lines, { column: 'value', direction: 'asc' }).map((l) => l.product_id)).toEqual([3, 1, 2])
    expect(sortLines(lines, { column: 'value', direction: 'desc' }).map((l) => l.product_id)).toEqual([1, 3, 2])
  })
})
