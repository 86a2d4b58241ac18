// Booking reasons: the list administrators keep (added, renamed, retired, never deleted), a booking's reason stored
// on its mutation and checked against the offered ones, the ledger filtered by reason, and its export naming the
// reason in the file's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './helpers'
import { created, fixtures, ok } from './product-fixtures'

let server: TestServer
let productId: number
let place: { warehouse_id: number; location_id: number }

beforeAll(async () => {
  server = await startServer()
  const make = fixtures(server.admin)
  productId = (await make.product({ sku: 'WHY-1' })).id
  const warehouse = await make.warehouse('Reasons')
  place = { warehouse_id: warehouse.id, location_id: (await make.location(warehouse.id, 'R-1')).id }
})
afterAll(() => server.close())

const book = (body: Record<string, unknown>) => server.admin.post(`/api/products/${productId}/stock_mutations`, { ...place, ...body })
const reasons = async () => ok(await server.admin.get('/api/booking_reasons/')) as { id: number; code: string; active: boolean }[]

describe('booking reasons', () => {
  it('starts with the usual reasons, named in English and Dutch', async () => {
    const list = ok(await server.admin.get('/api/booking_reasons/'))
    expect(list.map((reason: { code: string }) => reason.code)).toEqual([
      'received',
      'damaged',
      'found',
      'lost',
      'sample',
      'returned',
      'correction',
    ])
    expect(list[1]).toMatchObject({ code: 'damaged', name_en: 'Damaged', name_nl: 'Beschadigd', active: true })
  })

  it('books with a reason, shows it, and filters the ledger and its export by it', async () => {
    const damaged = created(await book({ amount: -2, reason: 'damaged', allow_negative: true }))
    expect(damaged).toMatchObject({ amount: -2, reason: 'damaged' })
    created(await book({ amount: 10, reason: 'received' }))
    created(await book({ amount: 1 }))
    const all = await server.admin.get(`/api/products/${productId}/stock_mutations`)
    expect(all.headers['x-total-count']).toBe('3')
    expect(all.json().map((m: { reason: string | null }) => m.reason)).toEqual([null, 'received', 'damaged'])
    const onlyDamaged = await server.admin.get(`/api/products/${productId}/stock_mutations?reason=damaged`)
    expect(onlyDamaged.headers['x-total-count']).toBe('1')
    expect(onlyDamaged.json()).toEqual([expect.objectContaining({ id: damaged.id, reason: 'damaged' })])

    const dutch = await server.admin.get(`/api/products/${productId}/stock_mutations/export?format=csv&lang=nl&reason=damaged`)
    expect(dutch.statusCode).toBe(200)
    const [header, ...rows] = dutch.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(header).toContain('Reden')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain('Beschadigd')
    const english = await server.admin.get(`/api/products/${productId}/stock_mutations/export?format=csv`)
    expect(english.body).toContain('Received')
  })

  it('refuses an unknown or retired reason with 422 naming the field, and books nothing', async () => {
    const before = ok(await server.admin.get(`/api/products/${productId}`)).stock
    const unknown = await book({ amount: 1, reason: 'stolen' })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json().detail[0]).toMatchObject({ loc: ['body', 'reason'] })
    expect(unknown.json().detail[0].msg).toContain('damaged')
    const malformed = await book({ amount: 1, reason: 'Not A Code' })
    expect(malformed.statusCode).toBe(422)
    expect(malformed.json().detail[0].loc).toEqual(['body', 'reason'])

    const sample = (await reasons()).find((reason) => reason.code === 'sample')!
    const retired = ok(await server.admin.patch(`/api/booking_reasons/${sample.id}`, { active: false }))
    expect(retired).toMatchObject({ code: 'sample', active: false })
    expect((await book({ amount: 1, reason: 'sample' })).statusCode).toBe(422)
    expect(ok(await server.admin.get(`/api/products/${productId}`)).stock).toBe(before)
    // retired reasons are listed after the offered ones, and come back when offered again
    expect((await reasons()).at(-1)?.code).toBe('sample')
    ok(await server.admin.patch(`/api/booking_reasons/${sample.id}`, { active: true }))
    expect((await book({ amount: 1, reason: 'sample' })).statusCode).toBe(201)
  })

  it('lets administrators add and rename reasons, in the audit trail; a taken code is 409', async () => {
    const added = created(await server.admin.post('/api/booking_reasons/', { code: 'theft', name_en: 'Theft', name_nl: 'Diefstal' }))
    expect(added).toMatchObject({ code: 'theft', active: true })
    const again = await server.admin.post('/api/booking_reasons/', { code: 'theft', name_en: 'x', name_nl: 'y' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_NAME', params: { name: 'theft' } })
    const renamed = ok(await server.admin.patch(`/api/booking_reasons/${added.id}`, { name_nl: '  Gestolen ' }))
    expect(renamed.name_nl).toBe('Gestolen')
    expect((await server.admin.post('/api/booking_reasons/', { code: 'x', name_en: ' ', name_nl: 'y' })).statusCode).toBe(422)
    expect((await server.admin.patch('/api/booking_reasons/999999', { name_en: 'x' })).statusCode).toBe(404)
    const audit = ok(await server.admin.get(`/api/audit/?entity_type=booking_reason&entity_id=${added.id}`))
    expect(audit.map((entry: { action: string }) => entry.action).sort()).toEqual(['create', 'update'])
  })

  it('lets a clerk read the reasons but not change them', async () => {
    const clerk = await server.createUser({ roles: [{ role: 'clerk', warehouse_id: place.warehouse_id }] })
    const asClerk = server.client(clerk.token)
    expect((await asClerk.get('/api/booking_reasons/')).statusCode).toBe(200)
    expect((await asClerk.post('/api/booking_reasons/', { code: 'mine', name_en: 'Mine', name_nl: 'Van mij' })).statusCode).toBe(403)
    const booked = created(await asClerk.post(`/api/products/${productId}/stock_mutations`, { ...place, amount: 1, reason: 'found' }))
    expect(booked.reason).toBe('found')
  })
})
