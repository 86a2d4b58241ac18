// The server deletes what has expired by itself, regularly (issue 15): sessions past their end, mailed tokens past
// theirs or used, and attempt counters that are over; live ones stay. The timer keeps no process alive and stops on close.
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { issueAccountToken } from '../../src/server/domain/account-tokens'
import { startSession } from '../../src/server/domain/users'
import { attemptCounters } from '../../src/server/db/repositories/attempt-counters'
import { startServer, type TestServer } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer({}, { sweepEveryMs: 25 })
})
afterAll(() => server?.close())

const rows = async () => ({
  sessions: (await server.database.db.selectFrom('sessions').select('id').execute()).map((r) => r.id),
  tokens: (await server.database.db.selectFrom('user_tokens').select('token_hash').execute()).length,
  counters: (await server.database.db.selectFrom('attempt_counters').select('key').execute()).map((r) => r.key),
})

it('deletes expired sessions, expired and used mailed tokens, and spent counters on its own; live ones stay', async () => {
  const user = await server.createUser()
  const row = await server.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
  const expiredSession = await startSession(server.database.db, user.id, -60)
  const liveSession = await startSession(server.database.db, user.id, 3600)
  await issueAccountToken(server.database.db, row, 'reset', -60)
  const used = await issueAccountToken(server.database.db, row, 'reset', 3600)
  await issueAccountToken(server.database.db, row, 'verify', 3600)
  await attemptCounters.count(server.database.db, [{ key: 'test:spent', windowMs: -1000 }], Date.now())
  await attemptCounters.count(server.database.db, [{ key: 'test:live', windowMs: 3600_000 }], Date.now())
  expect((await server.anonymous.post('/api/auth/reset-password', { token: used, password: 'a-new-password-1' })).statusCode).toBe(200)

  await vi.waitFor(
    async () => {
      const now = await rows()
      expect(now.sessions).not.toContain(expiredSession)
      expect(now.tokens).toBe(0) // the used one went at once, the expired one by the sweep, the verify one with the new password
      expect(now.counters).not.toContain('test:spent')
    },
    { timeout: 5000, interval: 25 },
  )
  const after = await rows()
  expect(after.counters).toContain('test:live')
  // the reset ended the user's sessions; a session started now lives on through sweeps
  expect(after.sessions).not.toContain(liveSession)
  const fresh = await server.login(user.email, 'a-new-password-1')
  await server.database.db
    .insertInto('user_tokens')
    .values({
      token_hash: 'x'.repeat(64),
      user_id: user.id,
      purpose: 'verify',
      email: user.email,
      fingerprint: '',
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() - 1).toISOString(),
    })
    .execute()
  await vi.waitFor(async () => expect((await rows()).tokens).toBe(0), { timeout: 5000, interval: 25 })
  expect((await server.client(fresh).get('/api/users/me')).statusCode).toBe(200)
})

it('runs on a timer that keeps no process alive and is stopped when the app closes', async () => {
  const local = await startServer({}, { sweepEveryMs: 25 })
  const timer = local.app.housekeepingTimer
  expect(timer.hasRef()).toBe(false)
  const stopped = vi.spyOn(globalThis, 'clearInterval')
  try {
    await local.close()
    expect(stopped).toHaveBeenCalledWith(timer)
  } finally {
    stopped.mockRestore()
  }
})
