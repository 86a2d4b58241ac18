// The status machine documents share: a move goes only from a state that leads to the next, stamps when, and is
// refused naming the state the document is in; of two moves at once one wins; an unknown document is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StockCountStatus } from '../../src/contract'
import { runWrite } from '../../src/server/db/writes'
import { assertStatus, moveDocument, type DocumentStatuses } from '../../src/server/domain/documents/status'
import { Conflict, NotFound } from '../../src/server/domain/errors'
import { startServer, type TestServer } from './helpers'
import { created, fixtures } from './product-fixtures'

let server: TestServer
let warehouseId: number
let locationId: number

beforeAll(async () => {
  server = await startServer()
  const make = fixtures(server.admin)
  warehouseId = (await make.warehouse('Statuses')).id
  locationId = (await make.location(warehouseId, 'ST-1')).id
})
afterAll(() => server.close())

/** A machine of its own over the counts' table: open, then submitted, then applied; cancelled from open only. */
const machine: DocumentStatuses<StockCountStatus> = {
  table: 'stock_counts',
  name: 'Stock count',
  next: { open: ['submitted', 'cancelled'], submitted: ['applied'], applied: [], cancelled: [], reversed: [] },
  stamps: { submitted: 'submitted_at', applied: 'applied_at' },
  refusal: (id, status) => new Conflict('COUNT_NOT_OPEN', `Count ${id} is ${status}`, { id, status }),
}

const newCount = async (): Promise<number> =>
  created(await server.admin.post('/api/stock_counts/', { warehouse_id: warehouseId, location_ids: [locationId] })).id
const move = async (id: number, to: StockCountStatus) =>
  (await runWrite(server.database, (trx) => moveDocument(trx, machine, id, to))).stamp
const row = (id: number) => server.database.db.selectFrom('stock_counts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('the document status machine', () => {
  it('moves along the allowed states, stamping the state and updated_at with the same time', async () => {
    const id = await newCount()
    const submitted = await move(id, 'submitted')
    expect(await row(id)).toMatchObject({ status: 'submitted', submitted_at: submitted, updated_at: submitted, applied_at: null })
    const applied = await move(id, 'applied')
    expect(await row(id)).toMatchObject({ status: 'applied', submitted_at: submitted, applied_at: applied, updated_at: applied })
  })

  it('refuses a move from a state that does not lead there, naming that state, and changes nothing', async () => {
    const id = await newCount()
    const before = await row(id)
    // applied is reached from submitted only
    await expect(move(id, 'applied')).rejects.toMatchObject({ code: 'COUNT_NOT_OPEN', params: { id, status: 'open' } })
    expect(await row(id)).toEqual(before)
    await move(id, 'cancelled')
    await expect(move(id, 'submitted')).rejects.toMatchObject({ params: { status: 'cancelled' } })
    await expect(runWrite(server.database, (trx) => assertStatus(trx, machine, id, ['open']))).rejects.toMatchObject({
      params: { status: 'cancelled' },
    })
  })

  it('lets one of two moves at once win, and answers 404 for a document that is not there', async () => {
    const id = await newCount()
    const outcomes = await Promise.allSettled([move(id, 'submitted'), move(id, 'cancelled')])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    const [refused] = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []))
    expect(refused).toBeInstanceOf(Conflict)
    expect(['submitted', 'cancelled']).toContain((await row(id)).status)
    await expect(move(999_999, 'submitted')).rejects.toBeInstanceOf(NotFound)
    await expect(runWrite(server.database, (trx) => assertStatus(trx, machine, 999_999, ['open']))).rejects.toBeInstanceOf(NotFound)
  })
})
