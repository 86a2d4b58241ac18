// The own account (/users/me) and user administration: only a super-user manages users, names are unique,
// and at least one active super-user always remains, also under concurrent changes.
/* eslint-disable vitest/no-conditional-expect -- the winner of the race picks which expectations hold */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, startServer, type Client, type TestServer } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const userRow = (id: number) => server.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const USER_KEYS = [
  'created_at',
  'email',
  'family_name',
  'given_name',
  'id',
  'is_active',
  'is_superuser',
  'is_verified',
  'language',
  'updated_at',
  'username',
]

describe('GET /users/me', () => {
  it('answers the signed-in user, without any password field', async () => {
    const res = await server.admin.get('/api/users/me')
    expect(res.statusCode).toBe(200)
    // the account's own fields, and the roles it holds with what they allow (issue 21)
    expect(Object.keys(res.json()).sort()).toEqual([...USER_KEYS, 'permissions', 'roles'].sort())
    expect(res.json()).toMatchObject({ email: ADMIN.email, username: 'admin', is_active: true, is_verified: true, is_superuser: true })
  })
})

describe('PATCH /users/me', () => {
  it('changes the own username, names and e-mail (trimmed, e-mail lower-cased)', async () => {
    const user = await server.createUser()
    const res = await server.client(user.token).patch('/api/users/me', { username: '  renamed  ', given_name: 'Rena', family_name: 'Med' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ username: 'renamed', given_name: 'Rena', family_name: 'Med' })
    const cleared = await server.client(user.token).patch('/api/users/me', { given_name: null })
    expect(cleared.json().given_name).toBeNull()
  })

  it('ignores is_active, is_verified and is_superuser in the body', async () => {
    const user = await server.createUser()
    const res = await server
      .client(user.token)
      .patch('/api/users/me', { is_superuser: true, is_verified: true, is_active: false, given_name: 'Sneaky' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ given_name: 'Sneaky', is_superuser: false, is_verified: false, is_active: true })
    const row = await userRow(user.id)
    expect([Boolean(row.is_superuser), Boolean(row.is_verified), Boolean(row.is_active)]).toEqual([false, false, true])
    // still an ordinary user with a working session
    expect((await server.client(user.token).get('/api/users/')).statusCode).toBe(403)
  })

  it('clears is_verified when the e-mail changes, not when it is the same address in another case', async () => {
    const user = await server.createUser()
    await server.admin.patch(`/api/users/${user.id}`, { is_verified: true })
    const same = await server.client(user.token).patch('/api/users/me', { email: user.email.toUpperCase() })
    expect(same.json()).toMatchObject({ email: user.email, is_verified: true })
    const moved = await server.client(user.token).patch('/api/users/me', { email: `Moved-${user.email}`, current_password: user.password })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ email: `moved-${user.email}`, is_verified: false })
    expect((await server.login(`moved-${user.email}`, user.password)).length).toBeGreaterThan(0)
  })

  it('answers 400 UPDATE_USER_EMAIL_ALREADY_EXISTS for a taken e-mail and 409 for a taken username', async () => {
    const user = await server.createUser()
    const other = await server.createUser()
    const email = await server
      .client(user.token)
      .patch('/api/users/me', { email: other.email.toUpperCase(), current_password: user.password })
    expect(email.statusCode).toBe(400)
    expect(email.json()).toEqual({ detail: 'UPDATE_USER_EMAIL_ALREADY_EXISTS' })
    const username = await server.client(user.token).patch('/api/users/me', { username: 'ADMIN' })
    expect(username.statusCode).toBe(409)
    expect(username.json()).toMatchObject({ code: 'USERNAME_EXISTS', detail: expect.stringMatching(/username/) })
    expect((await userRow(user.id)).email).toBe(user.email)
  })

  it('changes the own password and ends every session of the user', async () => {
    const user = await server.createUser()
    const second = await server.login(user.email, user.password)
    const res = await server.client(user.token).patch('/api/users/me', { password: 'a-better-password', current_password: user.password })
    expect(res.statusCode).toBe(200)
    expect((await server.client(user.token).get('/api/users/me')).statusCode).toBe(401)
    expect((await server.client(second).get('/api/users/me')).statusCode).toBe(401)
    const old = await server.anonymous.post('/api/auth/jwt/login', { username: user.email, password: user.password })
    expect(old.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' })
    expect((await server.login(user.email, 'a-better-password')).length).toBeGreaterThan(0)
    // a password the person chose themselves: no invitation is due any more
    expect(Boolean((await userRow(user.id)).needs_password)).toBe(false)
  })

  it('names bad fields in a 422 and changes nothing', async () => {
    const user = await server.createUser()
    for (const [body, field] of [
      [{ email: 'not-an-address' }, 'email'],
      [{ password: 'short' }, 'password'],
      [{ username: '   ' }, 'username'],
      [{ username: 7 }, 'username'],
      [{ given_name: 'x'.repeat(201) }, 'given_name'],
    ] as const) {
      const res = await server.client(user.token).patch('/api/users/me', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json().detail[0].loc).toEqual(['body', field])
    }
    expect((await userRow(user.id)).email).toBe(user.email)
  })
})

describe('PATCH /users/me: a new e-mail or password needs the current password (issue 15)', () => {
  it('answers 400 naming current_password when it is missing or wrong, and changes nothing', async () => {
    const user = await server.createUser()
    const before = await userRow(user.id)
    for (const change of [{ email: `elsewhere-${user.email}` }, { password: 'a-new-password-1' }]) {
      for (const [current, problem, rule] of [
        [undefined, 'missing', 'current_password_missing'],
        ['not-my-password', 'value_error', 'current_password_wrong'],
      ] as const) {
        const res = await server.client(user.token).patch('/api/users/me', { ...change, given_name: 'Never', current_password: current })
        expect(res.statusCode, JSON.stringify(change)).toBe(400)
        expect(res.json().detail).toEqual([{ loc: ['body', 'current_password'], msg: expect.any(String), type: problem, ctx: { rule } }])
      }
    }
    expect(await userRow(user.id)).toEqual(before)
    expect((await server.client(user.token).get('/api/users/me')).statusCode).toBe(200)
  })

  it('changes them with the right one; names, and the same address in another case, need none', async () => {
    const user = await server.createUser()
    expect(
      (await server.client(user.token).patch('/api/users/me', { given_name: 'Free', email: user.email.toUpperCase() })).statusCode,
    ).toBe(200)
    const moved = await server.client(user.token).patch('/api/users/me', { email: `moved2-${user.email}`, current_password: user.password })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ email: `moved2-${user.email}`, given_name: 'Free' })
    expect(moved.json()).not.toHaveProperty('current_password')
  })

  it('an administrator changes another account without it', async () => {
    const user = await server.createUser()
    expect(
      (await server.admin.patch(`/api/users/${user.id}`, { email: `by-admin-${user.email}`, password: 'set-by-admin-1' })).statusCode,
    ).toBe(200)
    expect((await server.admin.patch(`/api/users/${user.id}`, { current_password: 'x' })).statusCode).toBe(200)
  })
})

describe('usernames that cannot impersonate (issue 15)', () => {
  it('keeps usernames in NFKC form: a fullwidth ａdmin is admin, and taken', async () => {
    const user = await server.createUser()
    const res = await server.client(user.token).patch('/api/users/me', { username: 'ａdmin' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'USERNAME_EXISTS' })
    const renamed = await server.client(user.token).patch('/api/users/me', { username: 'ｆｕｌｌ ｗｉｄｔｈ ①' })
    expect(renamed.json().username).toBe('full width 1')
  })

  it('refuses a name that only looks like another (Unicode TR 39 skeleton) with 409 USERNAME_CONFUSABLE, however it comes', async () => {
    const user = await server.createUser({ username: 'paypal' })
    const other = await server.createUser()
    const lookalikes = ['pаypal' /* Cyrillic а */, 'PAYPAL'.replace('A', 'Α') /* Greek Alpha */, 'paypaI'.replace('I', 'l'), 'pay\u0440al']
    for (const username of lookalikes.filter((name) => name.toLowerCase() !== 'paypal')) {
      for (const [what, call] of [
        ['own rename', () => server.client(other.token).patch('/api/users/me', { username })],
        [
          'new user',
          () => server.admin.post('/api/users/', { username, email: `look-${Math.random()}@example.com`, password: 'long-enough-1' }),
        ],
        ['rename by admin', () => server.admin.patch(`/api/users/${other.id}`, { username })],
      ] as const) {
        const res = await call()
        expect(res.statusCode, `${what} ${username}`).toBe(409)
        expect(res.json(), `${what} ${username}`).toMatchObject({
          code: 'USERNAME_CONFUSABLE',
          detail: expect.stringMatching(/looks the same/),
        })
      }
    }
    // Ian and lan look alike in most fonts; case alone makes another name only where the letters differ in shape
    await server.createUser({ username: 'Ian' })
    expect((await server.client(other.token).patch('/api/users/me', { username: 'lan' })).json()).toMatchObject({
      code: 'USERNAME_CONFUSABLE',
    })
    expect((await server.client(user.token).patch('/api/users/me', { username: 'paypal' })).statusCode).toBe(200)
  })

  it('refuses control, format and bidirectional characters with 422 naming the field', async () => {
    const user = await server.createUser()
    for (const username of [
      'ad\u202Emin',
      'ad\u200Bmin',
      'tab\there',
      'bell\u0007',
      'iso\u2067late',
      'soft\u00ADhyphen',
      'line\u2028break',
    ]) {
      const res = await server.client(user.token).patch('/api/users/me', { username })
      expect(res.statusCode, JSON.stringify(username)).toBe(422)
      expect(res.json().detail[0].loc, JSON.stringify(username)).toEqual(['body', 'username'])
      const created = await server.admin.post('/api/users/', { username, email: 'hidden@example.com', password: 'long-enough-1' })
      expect(created.statusCode).toBe(422)
    }
    expect((await userRow(user.id)).username).toBe(user.email.split('@')[0])
  })
})

describe('a request body that is not valid UTF-8 (issue 15)', () => {
  it('is refused with 400, never stored with replacement characters', async () => {
    const user = await server.createUser()
    const bad = (json: string) =>
      Buffer.concat([
        Buffer.from(json.slice(0, json.indexOf('#'))),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from(json.slice(json.indexOf('#') + 1)),
      ])
    for (const [contentType, payload] of [
      ['application/json', bad('{"given_name":"bad#name"}')],
      ['application/x-www-form-urlencoded', bad('given_name=bad#name')],
    ] as const) {
      const res = await server.app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
      })
      expect(res.statusCode, contentType).toBe(400)
      expect(res.json().detail).toMatch(/UTF-8/)
    }
    const encoded = await server.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      payload: 'username=admin%40example.com&password=%C3%28%FF',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(encoded.statusCode).toBe(400)
    expect((await userRow(user.id)).given_name).toBeNull()
    const rows = await server.database.db.selectFrom('users').select('given_name').execute()
    expect(rows.some((r) => r.given_name?.includes('\uFFFD'))).toBe(false)
  })
})

describe('user administration', () => {
  it('is for super-users only: 403 for an ordinary user on every call, 401 without a session', async () => {
    const user = await server.createUser()
    const other = await server.createUser()
    const as = server.client(user.token)
    const calls: [string, () => ReturnType<Client['get']>][] = [
      ['list', () => as.get('/api/users/')],
      ['create', () => as.post('/api/users/', { email: 'x@example.com', password: 'long-enough-1', username: 'x' })],
      ['get', () => as.get(`/api/users/${other.id}`)],
      ['get self by id', () => as.get(`/api/users/${user.id}`)],
      ['patch', () => as.patch(`/api/users/${other.id}`, { username: 'hijacked' })],
      ['raise own flags', () => as.patch(`/api/users/${user.id}`, { is_superuser: true })],
      ['put', () => as.put(`/api/users/${other.id}`, { username: 'hijacked' })],
      ['delete', () => as.delete(`/api/users/${other.id}`)],
    ]
    for (const [what, call] of calls) {
      const res = await call()
      expect(res.statusCode, what).toBe(403)
      expect(res.json(), what).toMatchObject({ code: 'FORBIDDEN', params: { permission: 'administer' } })
    }
    expect((await server.anonymous.get('/api/users/')).statusCode).toBe(401)
    expect((await server.anonymous.get(`/api/users/${other.id}`)).statusCode).toBe(401)
    const unchanged = await userRow(other.id)
    expect(unchanged.username).toBe(other.email.split('@')[0])
    expect(Boolean((await userRow(user.id)).is_superuser)).toBe(false)
  })

  it('keeps every user-administration call of the API description from an ordinary user, whatever the body, and changes nothing', async () => {
    const user = await server.createUser()
    const other = await server.createUser()
    const spec = server.app.swagger() as { paths: Record<string, Record<string, unknown>> }
    const administration = Object.entries(spec.paths)
      .filter(([route]) => route.startsWith('/api/users') && route !== '/api/users/me')
      .flatMap(([route, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase() as 'GET', route })))
    expect(administration.length).toBeGreaterThanOrEqual(6)
    const everyone = () => server.database.db.selectFrom('users').selectAll().orderBy('id').execute()
    const before = await everyone()
    const raise = {
      is_superuser: true,
      is_active: true,
      is_verified: true,
      username: 'taken-over',
      email: 'taken@example.com',
      password: 'taken-over-1',
    }
    for (const { method, route } of administration) {
      for (const id of [other.id, user.id, 999_999]) {
        const url = route.replace(/\{[^}]+\}/g, String(id))
        for (const payload of method === 'GET' || method === 'DELETE' ? [undefined] : [raise, {}]) {
          const res = await server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.token}` } })
          expect(res.statusCode, `${method} ${url}`).toBe(403)
        }
      }
    }
    expect(await everyone()).toEqual(before)
  })

  it('ignores another id in the body of PATCH /users/me: only the caller changes', async () => {
    const user = await server.createUser()
    const other = await server.createUser()
    const res = await server.client(user.token).patch('/api/users/me', { id: other.id, given_name: 'Mine' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: user.id, given_name: 'Mine' })
    expect((await userRow(other.id)).given_name).toBeNull()
  })

  it('creates a user with 201, flags as given, and the new user can sign in', async () => {
    const res = await server.admin.post('/api/users/', {
      email: 'Staff.Member@Example.com',
      password: 'generated-pass-1',
      username: 'staffmember',
      given_name: 'Staff',
      family_name: 'Member',
      is_superuser: true,
    })
    expect(res.statusCode).toBe(201)
    expect(Object.keys(res.json()).sort()).toEqual(USER_KEYS)
    expect(res.json()).toMatchObject({ email: 'staff.member@example.com', is_superuser: true, is_verified: false, is_active: true })
    const row = await userRow(res.json().id)
    expect(row.hashed_password).toMatch(/^\$argon2id\$/)
    expect(Boolean(row.needs_password)).toBe(true)
    const token = await server.login('staff.member@example.com', 'generated-pass-1')
    expect((await server.client(token).get('/api/users/')).statusCode).toBe(200)
  })

  it('refuses a taken e-mail or username in any case with 409 and a code, never 500', async () => {
    const base = { password: 'long-enough-1' }
    const email = await server.admin.post('/api/users/', { ...base, email: 'ADMIN@example.com', username: 'unique-name' })
    expect(email.statusCode).toBe(409)
    expect(email.json()).toMatchObject({ code: 'EMAIL_EXISTS' })
    const username = await server.admin.post('/api/users/', { ...base, email: 'unique@example.com', username: 'Admin' })
    expect(username.statusCode).toBe(409)
    expect(username.json()).toMatchObject({ code: 'USERNAME_EXISTS' })

    const user = await server.createUser()
    const patchEmail = await server.admin.patch(`/api/users/${user.id}`, { email: ADMIN.email })
    expect(patchEmail.statusCode).toBe(409)
    expect(patchEmail.json()).toMatchObject({ code: 'EMAIL_EXISTS' })
    const patchName = await server.admin.put(`/api/users/${user.id}`, { username: 'ADMIN' })
    expect(patchName.statusCode).toBe(409)
    expect(patchName.json()).toMatchObject({ code: 'USERNAME_EXISTS' })
  })

  it('names bad fields of a new user in a 422', async () => {
    for (const [body, field] of [
      [{ email: 'nope', password: 'long-enough-1', username: 'a' }, 'email'],
      [{ email: 'a@example.com', password: 'short', username: 'a' }, 'password'],
      [{ email: 'a@example.com', password: 'long-enough-1' }, 'username'],
      [{ email: 'a@example.com', password: 'long-enough-1', username: 'a', is_superuser: 'yes' }, 'is_superuser'],
    ] as const) {
      const res = await server.admin.post('/api/users/', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json().detail[0].loc).toEqual(['body', field])
    }
  })

  it('lists users with x-total-count, paging and a q search over username and e-mail', async () => {
    await server.admin.post('/api/users/', { email: 'zeta.one@corp.example', password: 'long-enough-1', username: 'Zeta One' })
    await server.admin.post('/api/users/', { email: 'zeta.two@corp.example', password: 'long-enough-1', username: 'zulu' })
    const all = await server.admin.get('/api/users/')
    expect(all.statusCode).toBe(200)
    const total = Number(all.headers['x-total-count'])
    expect(total).toBe(all.json().length)
    expect(all.headers['access-control-expose-headers']).toContain('x-total-count')
    const ids = all.json().map((u: { id: number }) => u.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))

    const found = await server.admin.get('/api/users?q=ZETA')
    expect(found.json().map((u: { email: string }) => u.email)).toEqual(['zeta.one@corp.example', 'zeta.two@corp.example'])
    expect(found.headers['x-total-count']).toBe('2')
    const byName = await server.admin.get('/api/users/?q=zulu')
    expect(byName.json().map((u: { username: string }) => u.username)).toEqual(['zulu'])

    const page = await server.admin.get('/api/users/?skip=1&limit=2&sort_by=username.desc')
    expect(page.json()).toHaveLength(2)
    expect(page.headers['x-total-count']).toBe(String(total))
    expect((await server.admin.get('/api/users/?sort_by=hashed_password.asc')).statusCode).toBe(422)
    expect((await server.admin.get('/api/users/?limit=0')).statusCode).toBe(422)
  })

  it('lists only the users of repeated ids in one request (getMany), paged and counted', async () => {
    const [a, b] = [await server.createUser({ username: 'many-a' }), await server.createUser({ username: 'many-b' })]
    const both = await server.admin.get(`/api/users/?id=${b.id}&id=${a.id}`)
    expect(both.json().map((u: { username: string }) => u.username)).toEqual(['many-a', 'many-b'])
    expect(both.headers['x-total-count']).toBe('2')
    const second = await server.admin.get(`/api/users/?id=${b.id}&id=${a.id}&skip=1&limit=1`)
    expect(second.json().map((u: { id: number }) => u.id)).toEqual([b.id])
    expect(second.headers['x-total-count']).toBe('2')
  })

  it('reads, changes (PATCH and PUT) and deletes a user; 404 for an unknown id', async () => {
    const user = await server.createUser()
    const read = await server.admin.get(`/api/users/${user.id}`)
    expect(read.json()).toMatchObject({ id: user.id, email: user.email })
    const patched = await server.admin.patch(`/api/users/${user.id}`, { given_name: 'Given', is_verified: true, is_superuser: true })
    expect(patched.json()).toMatchObject({ given_name: 'Given', is_verified: true, is_superuser: true })
    const put = await server.admin.put(`/api/users/${user.id}`, { family_name: 'Family', is_superuser: false })
    expect(put.json()).toMatchObject({ given_name: 'Given', family_name: 'Family', is_superuser: false })
    // an administrator's e-mail change unverifies too, unless they say otherwise
    const moved = await server.admin.patch(`/api/users/${user.id}`, { email: `x-${user.email}` })
    expect(moved.json().is_verified).toBe(false)
    const movedVerified = await server.admin.patch(`/api/users/${user.id}`, { email: `y-${user.email}`, is_verified: true })
    expect(movedVerified.json().is_verified).toBe(true)

    expect((await server.admin.get('/api/users/999999')).statusCode).toBe(404)
    expect((await server.admin.patch('/api/users/999999', { given_name: 'x' })).statusCode).toBe(404)
    expect((await server.admin.delete('/api/users/999999')).statusCode).toBe(404)
    expect((await server.admin.get('/api/users/abc')).statusCode).toBe(422)

    expect((await server.admin.delete(`/api/users/${user.id}`)).statusCode).toBe(204)
    expect((await server.admin.get(`/api/users/${user.id}`)).statusCode).toBe(404)
  })

  it('keeps the stock ledger when its author is deleted', async () => {
    const user = await server.createUser()
    const db = server.database.db
    const stamp = new Date().toISOString()
    const product = await db
      .insertInto('products')
      .values({ sku: 'ledger-author', created_at: stamp, updated_at: stamp } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    const warehouse = await db
      .insertInto('warehouses')
      .values({ warehouse_name: 'Author WH', created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow()
    const location = await db
      .insertInto('locations')
      .values({ warehouse_id: warehouse.id, location_name: 'A1', created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow()
    const mutation = await db
      .insertInto('stock_mutations')
      .values({
        product_id: product.id,
        warehouse_id: warehouse.id,
        location_id: location.id,
        amount: 3,
        note: null,
        user_id: user.id,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await server.admin.delete(`/api/users/${user.id}`)).statusCode).toBe(204)
    const kept = await db.selectFrom('stock_mutations').selectAll().where('id', '=', mutation.id).executeTakeFirstOrThrow()
    expect(kept.user_id).toBeNull()
  })
})

describe('the last active super-user', () => {
  let local: TestServer
  let adminId: number
  beforeAll(async () => {
    local = await startServer()
    adminId = (await local.admin.get('/api/users/me')).json().id
  })
  afterAll(() => local.close())

  const superusers = async () =>
    (await local.database.db.selectFrom('users').select('id').where('is_superuser', '=', true).where('is_active', '=', true).execute()).map(
      (r) => r.id,
    )

  it('cannot be deleted, deactivated or demoted (409), by themselves or anyone', async () => {
    for (const [what, call] of [
      ['delete', () => local.admin.delete(`/api/users/${adminId}`)],
      ['deactivate', () => local.admin.patch(`/api/users/${adminId}`, { is_active: false })],
      ['demote', () => local.admin.patch(`/api/users/${adminId}`, { is_superuser: false })],
      ['demote by PUT', () => local.admin.put(`/api/users/${adminId}`, { is_superuser: false, given_name: 'x' })],
    ] as const) {
      const res = await call()
      expect(res.statusCode, what).toBe(409)
      expect(res.json(), what).toMatchObject({ code: 'LAST_SUPERUSER', detail: expect.stringMatching(/last active super-user/) })
    }
    expect(await superusers()).toEqual([adminId])
    expect((await local.admin.get('/api/users/me')).json().given_name).toBeNull()
  })

  it('an inactive super-user does not count as the other one', async () => {
    const dormant = await local.createUser({ is_superuser: true })
    await local.admin.patch(`/api/users/${dormant.id}`, { is_active: false })
    expect((await local.admin.patch(`/api/users/${adminId}`, { is_superuser: false })).statusCode).toBe(409)
    await local.admin.delete(`/api/users/${dormant.id}`)
  })

  it('can step down once another active super-user exists', async () => {
    const second = await local.createUser({ is_superuser: true })
    const res = await local.admin.patch(`/api/users/${adminId}`, { is_superuser: false })
    expect(res.statusCode).toBe(200)
    expect(await superusers()).toEqual([second.id])
    // the other way round is refused now, and the new last one restores the first
    expect((await local.client(second.token).patch(`/api/users/${second.id}`, { is_superuser: false })).statusCode).toBe(409)
    expect((await local.client(second.token).patch(`/api/users/${adminId}`, { is_superuser: true })).statusCode).toBe(200)
    expect((await local.admin.delete(`/api/users/${second.id}`)).statusCode).toBe(204)
    expect(await superusers()).toEqual([adminId])
  })

  it('survives two super-users demoting, deactivating or deleting each other at the same time: exactly one wins', async () => {
    const rounds = ['demote', 'demote', 'demote', 'demote', 'demote self', 'demote self', 'deactivate', 'delete'] as const
    let adminClient = local.admin
    for (const [round, kind] of rounds.entries()) {
      const email = `rival-${round}@example.com`
      const password = 'rival-password-1'
      const created = await adminClient.post('/api/users/', { email, password, username: `rival-${round}`, is_superuser: true })
      const other = { id: created.json().id as number, email, password, token: await local.login(email, password) }
      const a = { id: adminId, client: adminClient }
      const b = { id: other.id, client: local.client(other.token) }
      const change = (actor: typeof a, target: typeof a) => {
        switch (kind) {
          case 'demote':
            return actor.client.patch(`/api/users/${target.id}`, { is_superuser: false })
          case 'demote self':
            return actor.client.patch(`/api/users/${actor.id}`, { is_superuser: false })
          case 'deactivate':
            return actor.client.patch(`/api/users/${target.id}`, { is_active: false })
          case 'delete':
            return actor.client.delete(`/api/users/${target.id}`)
        }
      }
      const results = await Promise.all([change(a, b), change(b, a)])
      const story = `round ${round} (${kind}): ${results.map((r) => `${r.statusCode} ${r.body}`).join(' | ')}`
      const [won, lost] = results[0].statusCode < 300 ? results : [results[1], results[0]]
      expect(won.statusCode, story).toBe(kind === 'delete' ? 204 : 200)
      // the loser is refused: 409 if it got in first, or 403/401 if the winner had already demoted or removed it
      expect([409, 403, 401], story).toContain(lost.statusCode)
      const remaining = await superusers()
      expect(remaining, `round ${round} (${kind})`).toHaveLength(1)
      if (kind === 'delete') break // the last round: one of the two is gone for good

      // restore: the admin of the test server is the super-user again, the other one gone
      if (remaining[0] !== adminId) {
        const winner = local.client(await local.login(other.email, other.password))
        await local.database.db.updateTable('users').set({ is_superuser: true, is_active: true }).where('id', '=', adminId).execute()
        expect((await winner.delete(`/api/users/${other.id}`)).statusCode).toBe(204)
        adminClient = local.client(await local.login(ADMIN.email, ADMIN.password))
      } else {
        expect((await adminClient.delete(`/api/users/${other.id}`)).statusCode).toBe(204)
      }
      expect(await superusers()).toEqual([adminId])
    }
  })
})
