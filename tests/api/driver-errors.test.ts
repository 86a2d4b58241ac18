// What the databases refuse never becomes a 500: text they cannot store is refused up front with a 422 naming the
// field (alike on both), a value a driver refuses anyway is a 422, and a transaction PostgreSQL aborts for a
// concurrent one (deadlock, serialization failure) is a 503 with Retry-After that changed nothing.
import pg from 'pg'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dbKind, startServer, type TestServer } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer(
    { OPEN_REGISTRATION: 'true' },
    {
      extend(app) {
        // a write the schema cannot guard: a text id into an integer column (SQLITE_MISMATCH, or PostgreSQL's 22P02)
        app.get('/api/test/unstorable', { config: { auth: 'public' } }, async () => {
          const stamp = new Date().toISOString()
          await sql`insert into brands (id, brand_name, created_at, updated_at) values (${'not-a-number'}, ${'Unstorable'}, ${stamp}, ${stamp})`.execute(
            app.db,
          )
          return { stored: true }
        })
      },
    },
  )
})
afterAll(() => server.close())

const brandCount = async () => Number((await server.admin.get('/api/brands/')).headers['x-total-count'])
const UNSTORABLE = {
  msg: 'Text should not contain NUL characters or unpaired surrogates',
  type: 'string_unstorable',
  ctx: { rule: 'text_unstorable' },
}

describe('text neither database can keep as sent', () => {
  it('gets a 422 naming the field, in a body, a query and a form, and nothing is stored', async () => {
    const before = await brandCount()
    const cases: [() => ReturnType<TestServer['admin']['get']>, (string | number)[]][] = [
      [() => server.admin.post('/api/brands/', { brand_name: 'Nul\u0000Brand' }), ['body', 'brand_name']],
      [() => server.admin.post('/api/brands/', { brand_name: 'Half \ud83d surrogate' }), ['body', 'brand_name']],
      [() => server.admin.post('/api/products/', { sku: 'OK', description: 'tail \udc00' }), ['body', 'description']],
      [() => server.admin.get('/api/brands/?q=a%00b'), ['query', 'q']],
      [() => server.admin.get('/api/products/?sku=%00'), ['query', 'sku']],
      [
        () =>
          server.anonymous.post('/api/auth/jwt/login', 'username=a%00%40example.com&password=whatever-1', {
            'content-type': 'application/x-www-form-urlencoded',
          }),
        ['body', 'username'],
      ],
      [
        () => server.anonymous.post('/api/auth/register', { email: 'nul@example.com', password: 'pass\u0000word-1', username: 'nul' }),
        ['body', 'password'],
      ],
    ]
    for (const [call, loc] of cases) {
      const res = await call()
      expect(res.statusCode, loc.join('.')).toBe(422)
      expect(res.json().detail, loc.join('.')).toContainEqual({ loc, ...UNSTORABLE })
    }
    expect(await brandCount()).toBe(before)
    expect((await server.admin.get('/api/users/?q=nul')).json()).toEqual([])
  })

  it('keeps every other character, pairs of surrogates (emoji) included, exactly as sent', async () => {
    const name = 'Ωmega 𝕋𝕖𝕤𝕥 🙂 e\u0301 \u202Eright-to-left \uFEFF'
    const res = await server.admin.post('/api/brands/', { brand_name: name })
    expect(res.statusCode).toBe(201)
    expect((await server.admin.get(`/api/brands/${res.json().id}`)).json().brand_name).toBe(name.trim())
  })
})

it('answers a value the database driver refuses with a 422, not a 500, and stores nothing', async () => {
  const before = await brandCount()
  const res = await server.anonymous.get('/api/test/unstorable')
  expect(res.statusCode).toBe(422)
  expect(res.json()).toEqual({
    detail: [
      {
        loc: ['query'],
        msg: 'A value is out of the range or form the database can store',
        type: 'value_error',
        ctx: { rule: 'value_not_storable' },
      },
    ],
  })
  expect(await brandCount()).toBe(before)
})

if (dbKind === 'postgres') {
  it('answers 503 DB_CONFLICT with Retry-After when PostgreSQL aborts the request as a deadlock victim; nothing changed, and the retry works', async () => {
    const { id: adminId } = (await server.admin.get('/api/users/me')).json()
    const otherSuperuser = await server.createUser({ is_superuser: true })
    const doomed = await server.createUser()
    const blocker = new pg.Client({ connectionString: server.databaseUrl })
    await blocker.connect()
    try {
      await blocker.query('begin')
      // the server's backend (deadlock_timeout 1 s) finds the deadlock first, so the server's transaction is the victim
      await blocker.query(`set local deadlock_timeout = '60s'`)
      await blocker.query('select id from users where id = $1 for update', [otherSuperuser.id])
      // deleting a user locks all active super-users in id order: the admin's row, then it waits for ours
      const answer = server.admin.delete(`/api/users/${doomed.id}`)
      // waits until the server's backend waits for ours: other test files' lock waits on the same cluster do not count
      await expect
        .poll(
          async () =>
            Number(
              (await blocker.query('select count(*) from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))')).rows[0]
                .count,
            ),
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0)
      const ours = blocker.query('select id from users where id = $1 for update', [adminId])
      const res = await answer
      await ours
      await blocker.query('rollback')

      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('1')
      expect(res.json()).toEqual({
        detail: 'Someone changed the same records at the same moment, so nothing was changed. Please try again.',
        code: 'DB_CONFLICT',
      })
      expect((await server.admin.get(`/api/users/${doomed.id}`)).statusCode).toBe(200)
      expect((await server.admin.delete(`/api/users/${doomed.id}`)).statusCode).toBe(204)
    } finally {
      await blocker.end()
    }
  })
}
