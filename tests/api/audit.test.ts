// The audit trail: every successful write of a product, brand, organization, warehouse, location, user or stock
// mutation leaves one row (who, what, which record, when); failed writes leave none; no secret is kept;
// only super-users read it, through GET /api/audit/ with paging, x-total-count and filters.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../src/contract'
import { openDatabase } from '../../src/server/db'
import { migrateThrough, migrateToLatest } from '../../src/server/db/migrate'
import { issueAccountToken } from '../../src/server/domain/account-tokens'
import { ADMIN, freshDatabaseUrl, startServer, type Response, type TestServer } from './helpers'

let server: TestServer
let adminId: number
let adminToken: string
beforeAll(async () => {
  server = await startServer({ OPEN_REGISTRATION: 'true' })
  adminId = (await server.admin.get('/api/users/me')).json().id
  adminToken = await server.login(ADMIN.email, ADMIN.password)
})
afterAll(() => server.close())

function ok(res: Response, status = [200, 201, 204]) {
  expect(status, res.body).toContain(res.statusCode)
  return res.statusCode === 204 ? undefined : res.json()
}
const trail = async (query = ''): Promise<AuditEntry[]> => ok(await server.admin.get(`/api/audit/${query}`))
const auditRows = async () => Number((await server.admin.get('/api/audit/?limit=1')).headers['x-total-count'])
/** The entries a call added, oldest first; fails unless it added exactly `count`. */
async function added<T>(call: () => Promise<T>, count = 1): Promise<{ result: T; entries: AuditEntry[] }> {
  const before = await auditRows()
  const result = await call()
  const entries = (await trail(`?limit=${Math.max(count, 1)}`)).reverse()
  expect(await auditRows(), 'audit rows added').toBe(before + count)
  return { result, entries: count === 0 ? [] : entries }
}
const byAdmin = { user_id: expect.any(Number), username: 'admin' }

it('covers every write route of the API: each is audited or listed as changing no record', () => {
  expect(server.app.unauditedWrites()).toEqual([])
})

describe('records who did what to which record', () => {
  it('brands, organizations and warehouses: create, change, delete (with the record as it was)', async () => {
    for (const [path, entity, nameField] of [
      ['/api/brands', 'brand', 'brand_name'],
      ['/api/orgs', 'organization', 'org_name'],
      ['/api/warehouses', 'warehouse', 'warehouse_name'],
    ] as const) {
      const created = await added(async () => ok(await server.admin.post(`${path}/`, { [nameField]: `Audited ${entity}` })))
      const id = created.result.id
      expect(created.entries[0]).toMatchObject({
        ...byAdmin,
        user_id: adminId,
        action: 'create',
        entity_type: entity,
        entity_id: id,
        changes: { [nameField]: `Audited ${entity}` },
      })
      expect(Date.now() - Date.parse(created.entries[0].created_at)).toBeLessThan(60_000)
      expect(created.entries[0].request_id).toEqual(expect.any(String))

      const changed = await added(async () => ok(await server.admin.patch(`${path}/${id}`, { [nameField]: `Renamed ${entity}` })))
      expect(changed.entries[0]).toMatchObject({
        ...byAdmin,
        action: 'update',
        entity_type: entity,
        entity_id: id,
        changes: { [nameField]: `Renamed ${entity}` },
      })
      const put = await added(async () => ok(await server.admin.put(`${path}/${id}`, { [nameField]: `Put ${entity}` })))
      expect(put.entries[0]).toMatchObject({ action: 'update', entity_id: id })

      // a body sent with the deletion is no part of the change
      const deleted = await added(async () =>
        ok(
          await server.app.inject({
            method: 'DELETE',
            url: `${path}/${id}`,
            payload: { junk: 'a\u0000b' },
            headers: { authorization: `Bearer ${adminToken}` },
          }),
        ),
      )
      expect(deleted.entries[0]).toEqual(
        expect.objectContaining({
          ...byAdmin,
          action: 'delete',
          entity_type: entity,
          entity_id: id,
          changes: { before: expect.objectContaining({ id, [nameField]: `Put ${entity}` }) },
        }),
      )
    }
  })

  it('suppliers and sellers: a new name creates an organization, a known one takes on the role', async () => {
    const supplier = await added(async () => ok(await server.admin.post('/api/suppliers/', { org_name: 'Audit Supply' })))
    expect(supplier.entries[0]).toMatchObject({ action: 'create', entity_type: 'organization', entity_id: supplier.result.id })
    const seller = await added(async () => ok(await server.admin.post('/api/sellers/', { org_name: 'audit supply' })))
    expect(seller.entries[0]).toMatchObject({ action: 'update', entity_type: 'organization', entity_id: supplier.result.id })
  })

  it('locations, with the warehouse they are in', async () => {
    const warehouse = ok(await server.admin.post('/api/warehouses/', { warehouse_name: 'Audit WH' }))
    const base = `/api/warehouses/${warehouse.id}/locations`
    const created = await added(async () => ok(await server.admin.post(base, { location_name: 'A-1' })))
    const id = created.result.id
    expect(created.entries[0]).toMatchObject({
      action: 'create',
      entity_type: 'location',
      entity_id: id,
      changes: { warehouse_id: warehouse.id, location_name: 'A-1' },
    })
    const renamed = await added(async () => ok(await server.admin.patch(`${base}/${id}`, { location_name: 'A-2' })))
    expect(renamed.entries[0]).toMatchObject({
      action: 'update',
      entity_type: 'location',
      entity_id: id,
      changes: { warehouse_id: warehouse.id, location_name: 'A-2' },
    })
    const deleted = await added(async () => ok(await server.admin.delete(`${base}/${id}`)))
    expect(deleted.entries[0]).toMatchObject({
      action: 'delete',
      entity_type: 'location',
      entity_id: id,
      changes: { before: { location_name: 'A-2' } },
    })
  })

  it('products, their supplier and seller data, and their stock mutations', async () => {
    const supplier = ok(await server.admin.post('/api/suppliers/', { org_name: 'Audit Product Supplier' }))
    const warehouse = ok(await server.admin.post('/api/warehouses/', { warehouse_name: 'Audit Stock WH' }))
    const location = ok(await server.admin.post(`/api/warehouses/${warehouse.id}/locations`, { location_name: 'S-1' }))

    const created = await added(async () => ok(await server.admin.post('/api/products/', { sku: 'AUDIT-1', description: 'Audited' })))
    const id = created.result.id
    expect(created.entries[0]).toMatchObject({
      ...byAdmin,
      action: 'create',
      entity_type: 'product',
      entity_id: id,
      changes: { sku: 'AUDIT-1', description: 'Audited' },
    })
    const patched = await added(async () => ok(await server.admin.patch(`/api/products/${id}`, { description: 'Changed' })))
    expect(patched.entries[0]).toMatchObject({
      action: 'update',
      entity_type: 'product',
      entity_id: id,
      changes: { description: 'Changed' },
    })
    const supplied = await added(async () =>
      ok(await server.admin.put(`/api/products/${id}/supplier`, { supplier_id: supplier.id, purchase_price: 2.5 })),
    )
    expect(supplied.entries[0]).toMatchObject({
      action: 'update',
      entity_type: 'product',
      entity_id: id,
      changes: { part: 'supplier', supplier_id: supplier.id, purchase_price: 2.5 },
    })

    const seller = await added(async () => ok(await server.admin.post(`/api/products/${id}/sellers`, {})))
    const sellerInfoId = seller.result.id
    expect(seller.entries[0]).toMatchObject({
      action: 'update',
      entity_type: 'product',
      entity_id: id,
      changes: { part: 'seller', seller_info_id: sellerInfoId },
    })
    const priced = await added(async () =>
      ok(await server.admin.patch(`/api/products/${id}/sellers/${sellerInfoId}`, { selling_price: 9.99, selling_currency: 'EUR' })),
    )
    expect(priced.entries[0]).toMatchObject({
      action: 'update',
      entity_id: id,
      changes: { part: 'seller', seller_info_id: sellerInfoId, selling_price: 9.99, selling_currency: 'EUR' },
    })
    const unsold = await added(async () => ok(await server.admin.delete(`/api/products/${id}/sellers/${sellerInfoId}`)))
    expect(unsold.entries[0]).toMatchObject({
      action: 'update',
      entity_id: id,
      changes: { part: 'seller', seller_info_id: sellerInfoId, before: { id: sellerInfoId, selling_price: 9.99 } },
    })

    const user = await server.createUser()
    const booked = await added(async () =>
      ok(
        await server
          .client(user.token)
          .post(`/api/products/${id}/stock_mutations`, { amount: 7, warehouse_id: warehouse.id, location_id: location.id, note: 'in' }),
      ),
    )
    const mutationId = booked.result.id
    expect(booked.entries[0]).toMatchObject({
      user_id: user.id,
      username: user.email.split('@')[0],
      action: 'create',
      entity_type: 'stock_mutation',
      entity_id: mutationId,
      changes: { product_id: id, amount: 7, warehouse_id: warehouse.id, location_id: location.id, note: 'in' },
    })
    const unbooked = await added(async () => ok(await server.admin.delete(`/api/products/${id}/stock_mutations/${mutationId}`)))
    expect(unbooked.entries[0]).toMatchObject({
      action: 'delete',
      entity_type: 'stock_mutation',
      entity_id: mutationId,
      changes: { product_id: id, before: { amount: 7, location_id: location.id } },
    })

    const gone = await added(async () => ok(await server.admin.delete(`/api/products/${id}`)))
    expect(gone.entries[0]).toMatchObject({
      action: 'delete',
      entity_type: 'product',
      entity_id: id,
      changes: { before: { sku: 'AUDIT-1', description: 'Changed' } },
    })
    // the history of a deleted product stays readable
    expect((await trail(`?entity_type=product&entity_id=${id}`)).map((e) => e.action)).toEqual([
      'delete',
      'update',
      'update',
      'update',
      'update',
      'update',
      'create',
    ])
  })

  it('users: by an administrator, by themselves, and by registration and mailed links', async () => {
    const created = await added(async () =>
      ok(await server.admin.post('/api/users/', { email: 'audited@example.com', password: 'chosen-by-admin-1', username: 'audited' })),
    )
    const id = created.result.id
    expect(created.entries[0]).toMatchObject({
      ...byAdmin,
      action: 'create',
      entity_type: 'user',
      entity_id: id,
      changes: { email: 'audited@example.com', password: '[redacted]' },
    })
    const raised = await added(async () => ok(await server.admin.patch(`/api/users/${id}`, { is_superuser: true })))
    expect(raised.entries[0]).toMatchObject({ ...byAdmin, action: 'update', entity_id: id, changes: { is_superuser: true } })
    await server.admin.patch(`/api/users/${id}`, { is_superuser: false })

    const token = await server.login('audited@example.com', 'chosen-by-admin-1')
    const own = await added(async () =>
      ok(
        await server
          .client(token)
          .patch('/api/users/me', { given_name: 'Own', password: 'my-own-password-1', current_password: 'chosen-by-admin-1' }),
      ),
    )
    expect(own.entries[0]).toMatchObject({
      user_id: id,
      username: 'audited',
      action: 'update',
      entity_type: 'user',
      entity_id: id,
      changes: { given_name: 'Own', password: '[redacted]', current_password: '[redacted]' },
    })
    expect(JSON.stringify(own.entries)).not.toContain('chosen-by-admin-1')

    const registered = await added(async () =>
      ok(
        await server.anonymous.post('/api/auth/register', {
          email: 'walkin@example.com',
          password: 'walk-in-password-1',
          username: 'walkin',
        }),
      ),
    )
    const walkin = registered.result.id
    expect(registered.entries[0]).toMatchObject({
      user_id: walkin,
      username: 'walkin',
      action: 'create',
      entity_type: 'user',
      entity_id: walkin,
      changes: { password: '[redacted]' },
    })

    const row = await server.database.db.selectFrom('users').selectAll().where('id', '=', walkin).executeTakeFirstOrThrow()
    const verifyToken = await issueAccountToken(server.database.db, row, 'verify', 3600)
    const verified = await added(async () => ok(await server.anonymous.post('/api/auth/verify', { token: verifyToken })))
    expect(verified.entries[0]).toMatchObject({ user_id: walkin, action: 'update', entity_id: walkin, changes: { token: '[redacted]' } })
    const resetToken = await issueAccountToken(server.database.db, row, 'reset', 3600)
    const reset = await added(async () =>
      ok(await server.anonymous.post('/api/auth/reset-password', { token: resetToken, password: 'after-reset-pw-1' })),
    )
    expect(reset.entries[0]).toMatchObject({
      user_id: walkin,
      username: 'walkin',
      action: 'update',
      entity_type: 'user',
      entity_id: walkin,
      changes: { token: '[redacted]', password: '[redacted]' },
    })

    const deleted = await added(async () => ok(await server.admin.delete(`/api/users/${walkin}`)))
    expect(deleted.entries[0]).toMatchObject({
      ...byAdmin,
      action: 'delete',
      entity_id: walkin,
      changes: { before: { email: 'walkin@example.com', hashed_password: '[redacted]' } },
    })
    // what the person did stays attributed to them after the account is gone
    expect((await trail(`?user_id=${walkin}`)).map((e) => [e.action, e.username])).toEqual([
      ['update', 'walkin'],
      ['update', 'walkin'],
      ['create', 'walkin'],
    ])

    // not one secret in the whole trail
    const everything = JSON.stringify(await server.database.db.selectFrom('audit_log').selectAll().execute())
    for (const secret of [
      'chosen-by-admin-1',
      'my-own-password-1',
      'walk-in-password-1',
      'after-reset-pw-1',
      verifyToken,
      resetToken,
      row.hashed_password,
      token,
    ])
      expect(everything).not.toContain(secret)
    expect(everything).not.toMatch(/\$argon2/)
  })

  it('leaves out sign-in, sign-out and the mail requests: they change no record', async () => {
    await added(async () => {
      const token = await server.login('audited@example.com', 'my-own-password-1')
      await server.client(token).post('/api/auth/jwt/logout')
      await server.anonymous.post('/api/auth/forgot-password', { email: 'audited@example.com' })
      await server.anonymous.post('/api/auth/request-verify-token', { email: 'audited@example.com' })
      await server.app.mailer.settled()
    }, 0)
  })
})

it('records nothing for a write that failed', async () => {
  const brand = ok(await server.admin.post('/api/brands/', { brand_name: 'Failing Brand' }))
  await server.admin.post('/api/products/', { sku: 'USES-FAILING', brand_id: brand.id })
  const user = await server.createUser()
  await added(async () => {
    const failures = [
      await server.admin.post('/api/brands/', { brand_name: 'failing brand' }), // 409 duplicate
      await server.admin.post('/api/brands/', { brand_name: '' }), // 422
      await server.admin.patch('/api/brands/999999', { brand_name: 'Nowhere' }), // 404
      await server.admin.delete(`/api/brands/${brand.id}`), // 409 in use
      await server.client(user.token).delete(`/api/users/${adminId}`), // 403
      await server.anonymous.post('/api/products/', { sku: 'NO-SESSION' }), // 401
      await server.admin.post('/api/products/999999/stock_mutations', { amount: 1, warehouse_id: 1, location_id: 1 }), // 404
      await server.anonymous.post('/api/auth/reset-password', { token: 'made-up', password: 'long-enough-1' }), // 400
    ]
    for (const res of failures) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400)
  }, 0)
})

describe('GET /api/audit/', () => {
  it('is for super-users only', async () => {
    const user = await server.createUser()
    const refused = await server.client(user.token).get('/api/audit/')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' })
    expect((await server.client(user.token).get(`/api/audit/?user_id=${user.id}`)).statusCode).toBe(403)
    expect((await server.anonymous.get('/api/audit/')).statusCode).toBe(401)
    expect((await server.admin.get('/api/audit')).statusCode).toBe(200)
  })

  it('pages newest first with x-total-count, and filters by record, person and action', async () => {
    const names = Array.from({ length: 5 }, (_, i) => `Paged ${i} ${randomBytes(3).toString('hex')}`)
    const ids: number[] = []
    for (const name of names) ids.push(ok(await server.admin.post('/api/brands/', { brand_name: name })).id)
    const res = await server.admin.get('/api/audit/?entity_type=brand&action=create&limit=2&skip=1')
    expect(res.headers['x-total-count']).toBe(String((await trail('?entity_type=brand&action=create&limit=1000')).length))
    expect(res.headers['access-control-expose-headers']).toBe('x-total-count')
    expect(res.json().map((e: AuditEntry) => e.entity_id)).toEqual([ids[3], ids[2]])
    const all = await trail('?limit=1000')
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a))

    const one = await trail(`?entity_type=brand&entity_id=${ids[0]}`)
    expect(one).toHaveLength(1)
    expect(one[0].changes).toEqual({ brand_name: names[0] })
    expect((await trail(`?user_id=${adminId}&limit=1000`)).every((e) => e.user_id === adminId)).toBe(true)
    expect(await trail('?user_id=999999')).toEqual([])
  })

  it('names a bad filter in a 422', async () => {
    for (const [query, field] of [
      ['entity_type=spaceship', 'entity_type'],
      ['entity_id=-1', 'entity_id'],
      ['user_id=abc', 'user_id'],
      ['action=rename', 'action'],
      ['limit=0', 'limit'],
    ]) {
      const res = await server.admin.get(`/api/audit/?${query}`)
      expect(res.statusCode, query).toBe(422)
      expect(res.json().detail[0].loc, query).toEqual(['query', field])
    }
  })
})

describe('entries written before an import was one entry (migration 098)', () => {
  it("makes an import's rows parts of its entry, and a revert's rows parts of the revert's (or of the import's)", async () => {
    const fresh = await freshDatabaseUrl()
    const database = openDatabase(fresh.url, { readWorkers: 0 })
    try {
      await migrateThrough(database, '097-audit-product')
      const stamp = '2026-01-02T03:04:05.000Z'
      const entries = [
        [1, 'create', 'import', 5, { kind: 'products' }],
        [2, 'create', 'product', 20, { sku: 'A', import_id: 5 }],
        [3, 'create', 'stock_mutation', 30, { product_id: 20, amount: 1, import_id: 5 }],
        [4, 'delete', 'product', 20, { before: { sku: 'A' }, import_id: 5, revert: true }],
        [5, 'delete', 'import', 5, { status: 'reverted' }],
        // a failing all-or-nothing import took itself back: no revert entry
        [6, 'create', 'import', 6, { kind: 'products' }],
        [7, 'create', 'product', 21, { sku: 'B', import_id: 6 }],
        [8, 'delete', 'product', 21, { before: { sku: 'B' }, import_id: 6, revert: true }],
        // an approval names the import it holds, and is no part of it
        [9, 'create', 'approval', 2, { import_id: 5 }],
        [10, 'create', 'brand', 3, { brand_name: 'x' }],
      ] as const
      for (const [id, action, type, entityId, changes] of entries)
        await sql`insert into audit_log (id, created_at, user_id, username, action, entity_type, entity_id, changes, request_id)
          values (${id}, ${stamp}, ${null}, ${null}, ${action}, ${type}, ${entityId}, ${JSON.stringify(changes)}, ${null})`.execute(
          database.db,
        )
      await migrateToLatest(database)
      const rows = await database.db.selectFrom('audit_log').select(['id', 'part_of']).orderBy('id').execute()
      expect(rows.map((row) => [row.id, row.part_of])).toEqual([
        [1, null],
        [2, 1],
        [3, 1],
        [4, 5],
        [5, null],
        [6, null],
        [7, 6],
        [8, 6],
        [9, null],
        [10, null],
      ])
    } finally {
      await database.close()
      await fresh.drop()
    }
  })
})
