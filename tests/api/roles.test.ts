// Roles: who holds what (GET/PUT /api/users/{id}/roles), what it allows (GET /api/users/me), the role a new account
// starts with, the refusals that change nothing, and the upgrade that keeps every existing user's rights.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERMISSIONS, type PermissionGrant } from '../../src/contract/roles'
import { openDatabase } from '../../src/server/db'
import { migrateThrough, migrateToLatest } from '../../src/server/db/migrate'
import { freshDatabaseUrl, startServer, type TestServer } from './helpers'
import { fixtures, ok } from './product-fixtures'

let server: TestServer
let rotterdam: { id: number }
let berlin: { id: number }
beforeAll(async () => {
  server = await startServer()
  const make = fixtures(server.admin)
  rotterdam = await make.warehouse('Rotterdam')
  berlin = await make.warehouse('Berlin')
})
afterAll(() => server.close())

const rolesOf = async (id: number) => ok(await server.admin.get(`/api/users/${id}/roles`))
const grant = (permission: string, warehouse_id: number | null = null): PermissionGrant => ({ permission, warehouse_id }) as PermissionGrant

describe('roles', () => {
  it('gives a new account the default role everywhere, and its permissions in /users/me', async () => {
    const user = await server.createUser({ roles: null })
    expect(await rolesOf(user.id)).toEqual([{ role: 'viewer', warehouse_id: null }])
    const me = ok(await server.client(user.token).get('/api/users/me'))
    expect(me).toMatchObject({ id: user.id, is_superuser: false, roles: [{ role: 'viewer', warehouse_id: null }] })
    expect(me.permissions).toEqual([grant('catalogue.read'), grant('stock.read')])
  })

  it('answers a super-user every permission everywhere, whatever roles they hold', async () => {
    const me = ok(await server.admin.get('/api/users/me'))
    expect(me.permissions).toEqual(PERMISSIONS.map((permission) => grant(permission)))
  })

  it('replaces the roles, per warehouse and for the company, and the user has them from their next request', async () => {
    const user = await server.createUser({ roles: null })
    const roles = [
      { role: 'viewer', warehouse_id: berlin.id },
      { role: 'clerk', warehouse_id: rotterdam.id },
      { role: 'office', warehouse_id: null },
      { role: 'clerk', warehouse_id: rotterdam.id },
    ]
    const answer = await server.admin.put(`/api/users/${user.id}/roles`, roles)
    const stored = [
      { role: 'clerk', warehouse_id: rotterdam.id },
      { role: 'office', warehouse_id: null },
      { role: 'viewer', warehouse_id: berlin.id },
    ]
    expect(ok(answer)).toEqual(stored)
    expect(await rolesOf(user.id)).toEqual(stored)

    const { permissions } = ok(await server.client(user.token).get('/api/users/me'))
    // the office role's company permissions, then each warehouse's own
    expect(permissions).toEqual(
      expect.arrayContaining([
        grant('catalogue.write'),
        grant('imports.run'),
        grant('stock.read', rotterdam.id),
        grant('stock.read', berlin.id),
        grant('stock.book', rotterdam.id),
        grant('stock.transfer', rotterdam.id),
      ]),
    )
    expect(permissions).not.toContainEqual(grant('stock.book', berlin.id))
    expect(permissions).not.toContainEqual(grant('stock.count.apply', rotterdam.id))
    expect(permissions.filter((p: PermissionGrant) => p.permission === 'catalogue.read')).toEqual([grant('catalogue.read')])

    // the change is in the audit trail in words: the roles before and after
    const [entry] = ok(await server.admin.get(`/api/audit/?entity_type=user&entity_id=${user.id}&action=update&limit=1`))
    expect(entry).toMatchObject({ action: 'update', entity_type: 'user', entity_id: user.id })
    expect(entry.changes).toMatchObject({ roles: stored, before: { roles: [{ role: 'viewer', warehouse_id: null }] } })

    // no roles at all is allowed: the account can sign in and do nothing
    expect(ok(await server.admin.put(`/api/users/${user.id}/roles`, []))).toEqual([])
    expect(ok(await server.client(user.token).get('/api/users/me')).permissions).toEqual([])
  })

  it('refuses what is wrong with a clear answer and changes nothing', async () => {
    const user = await server.createUser({ roles: null })
    const before = await rolesOf(user.id)
    const put = (body: unknown) => server.admin.put(`/api/users/${user.id}/roles`, body)

    const unknownRole = await put([{ role: 'owner', warehouse_id: null }])
    expect(unknownRole.statusCode).toBe(422)
    expect(JSON.stringify(unknownRole.json().detail)).toContain('role')

    const office = await put([
      { role: 'viewer', warehouse_id: null },
      { role: 'office', warehouse_id: berlin.id },
    ])
    expect(office.statusCode).toBe(422)
    expect(office.json().detail).toEqual([expect.objectContaining({ loc: ['body', 1, 'warehouse_id'] })])

    const nowhere = await put([{ role: 'clerk', warehouse_id: 999_999 }])
    expect(nowhere.statusCode).toBe(422)
    expect(nowhere.json().detail).toEqual([expect.objectContaining({ loc: ['body', 0, 'warehouse_id'] })])

    expect((await server.admin.put('/api/users/999999/roles', [])).statusCode).toBe(404)
    // nobody sets their own roles, not even a super-user; and only an administrator sets anybody's
    const me = ok(await server.admin.get('/api/users/me'))
    const own = await server.admin.put(`/api/users/${me.id}/roles`, [])
    expect(own.statusCode).toBe(403)
    expect(own.json()).toMatchObject({ code: 'FORBIDDEN' })
    expect((await server.client(user.token).put(`/api/users/${user.id}/roles`, [{ role: 'manager', warehouse_id: null }])).statusCode).toBe(
      403,
    )
    expect((await server.client(user.token).get(`/api/users/${user.id}/roles`)).statusCode).toBe(403)

    expect(await rolesOf(user.id)).toEqual(before)
  })

  it('keeps one set when two administrators set the roles at the same moment', async () => {
    const user = await server.createUser({ roles: null })
    const other = await server.createUser({ is_superuser: true, roles: null })
    const first = [{ role: 'clerk', warehouse_id: rotterdam.id }]
    const second = [
      { role: 'manager', warehouse_id: berlin.id },
      { role: 'office', warehouse_id: null },
    ]
    const answers = await Promise.all([
      server.admin.put(`/api/users/${user.id}/roles`, first),
      server.client(other.token).put(`/api/users/${user.id}/roles`, second),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    const stored = await rolesOf(user.id)
    expect([first, second]).toContainEqual(stored)
    // the audit says what each replaced: the later change's before is what the earlier one left
    const entries = ok(await server.admin.get(`/api/audit/?entity_type=user&entity_id=${user.id}&action=update`))
    const [earlier, later] = [...entries].sort((a: { id: number }, b: { id: number }) => a.id - b.id)
    expect(later.changes.before.roles).toEqual(earlier.changes.roles)
    expect(later.changes.roles).toEqual(stored)
  })

  it('goes with its user and its warehouse', async () => {
    const user = await server.createUser({ roles: null })
    const make = fixtures(server.admin)
    const hamburg = await make.warehouse('Hamburg')
    ok(
      await server.admin.put(`/api/users/${user.id}/roles`, [
        { role: 'clerk', warehouse_id: hamburg.id },
        { role: 'viewer', warehouse_id: null },
      ]),
    )
    expect((await server.admin.delete(`/api/warehouses/${hamburg.id}`)).statusCode).toBe(204)
    expect(await rolesOf(user.id)).toEqual([{ role: 'viewer', warehouse_id: null }])
    expect((await server.admin.delete(`/api/users/${user.id}`)).statusCode).toBe(204)
    const left = await server.database.db.selectFrom('user_roles').selectAll().where('user_id', '=', user.id).execute()
    expect(left).toEqual([])
  })
})

describe('the upgrade that brought roles', () => {
  it('makes every user who is not a super-user office and manager in every warehouse, and a super-user nothing more', async () => {
    const fresh = await freshDatabaseUrl()
    const database = openDatabase(fresh.url, { readWorkers: 0 })
    try {
      await migrateThrough(database, '070-product-stock')
      const stamp = '2026-01-02T03:04:05.000Z'
      for (const [id, superuser] of [
        [1, true],
        [2, false],
        [3, false],
      ] as const)
        await sql`insert into users (id, email, username, username_key, hashed_password, is_active, is_verified, is_superuser,
          needs_password, created_at, updated_at)
          values (${id}, ${`u${id}@example.com`}, ${`u${id}`}, ${`u${id}`}, 'x', ${true}, ${true}, ${superuser}, ${false}, ${stamp}, ${stamp})`.execute(
          database.db,
        )
      await migrateToLatest(database)
      const roles = await database.db.selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role').execute()
      expect(roles).toEqual([
        { user_id: 2, role: 'manager', warehouse_id: null },
        { user_id: 2, role: 'office', warehouse_id: null },
        { user_id: 3, role: 'manager', warehouse_id: null },
        { user_id: 3, role: 'office', warehouse_id: null },
      ])
    } finally {
      await database.close()
      await fresh.drop()
    }
  })
})
