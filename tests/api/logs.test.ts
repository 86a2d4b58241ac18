// Structured logs: every line is pino JSON, every line written while a request is handled carries its request id,
// and no password, access token, mailed token, reset link or Authorization header reaches any line.
import { Writable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN, startServer, type TestServer } from './helpers'
import { startMailbox, tokenInLink, type Mailbox } from './mailbox'

const PUBLIC_URL = 'https://stock.example.org'
const lines: string[] = []
let mailbox: Mailbox
let server: TestServer
beforeAll(async () => {
  mailbox = await startMailbox()
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  server = await startServer({ SMTP_URL: mailbox.url, OPEN_REGISTRATION: 'true', PUBLIC_URL }, { logStream })
})
afterAll(async () => {
  await server?.close()
  await mailbox?.close()
})

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

it('logs every call of a day with the account with its request id, and never a secret', async () => {
  /** everything a log line must never hold */
  const secrets: string[] = [ADMIN.password]
  const keep = <T extends string>(secret: T) => {
    secrets.push(secret)
    return secret
  }
  const email = 'logged.person@example.com'
  const password = keep('registered-Pa55word')
  expect((await server.anonymous.post('/api/auth/register', { email, password, username: 'logged' })).statusCode).toBe(201)
  const login = await server.anonymous.post('/api/auth/jwt/login', form({ username: email, password }), FORM)
  const token = keep(login.json().access_token as string)
  expect((await server.client(token).get('/api/users/me')).statusCode).toBe(200)
  expect(
    (await server.anonymous.post('/api/auth/jwt/login', form({ username: email, password: keep('a-wrong-Gue55') }), FORM)).statusCode,
  ).toBe(400)
  // a bad request with a password in it
  expect((await server.anonymous.post('/api/auth/jwt/login', { username: email, password: keep('x'.repeat(129)) })).statusCode).toBe(422)
  // a forged token in the Authorization header
  expect((await server.client(keep('forged.token-value.xyz')).get('/api/users/me')).statusCode).toBe(401)

  expect((await server.anonymous.post('/api/auth/request-verify-token', { email })).statusCode).toBe(202)
  const verifyMail = await mailbox.next(email)
  const verifyToken = keep(tokenInLink(verifyMail, PUBLIC_URL, 'verify'))
  keep(`${PUBLIC_URL}/verify/${verifyToken}`)
  // the SPA path the link opens, then the call it makes
  await server.anonymous.get(`/verify/${verifyToken}`)
  await server.anonymous.get(`/verify/${verifyToken}?from=mail`)
  expect((await server.anonymous.post('/api/auth/verify', { token: verifyToken })).statusCode).toBe(200)
  expect((await server.anonymous.post('/api/auth/verify', { token: verifyToken })).statusCode).toBe(400)

  expect((await server.anonymous.post('/api/auth/forgot-password', { email })).statusCode).toBe(202)
  const resetToken = keep(tokenInLink(await mailbox.next(email), PUBLIC_URL, 'password'))
  keep(`${PUBLIC_URL}/password/${resetToken}`)
  await server.anonymous.get(`/password/${resetToken}`)
  const newPassword = keep('after-the-Re5et')
  expect((await server.anonymous.post('/api/auth/reset-password', { token: resetToken, password: newPassword })).statusCode).toBe(200)
  expect(
    (await server.anonymous.post('/api/auth/reset-password', { token: resetToken, password: keep('second-Try-reset') })).statusCode,
  ).toBe(400)

  const again = keep(await server.login(email, newPassword))
  const own = keep('changed-by-Me-1')
  expect((await server.client(again).patch('/api/users/me', { password: own, current_password: newPassword })).statusCode).toBe(200)
  const invited = await server.admin.post('/api/users/', {
    email: 'invited@example.com',
    password: keep('Chosen-by-admin1'),
    username: 'invited',
  })
  expect(invited.statusCode).toBe(201)
  expect((await server.admin.patch(`/api/users/${invited.json().id}`, { password: keep('Reset-by-admin1') })).statusCode).toBe(200)
  expect((await mailbox.next('invited@example.com')).subject).toBe('Stockroom: your password was changed')
  expect((await server.anonymous.post('/api/auth/request-verify-token', { email: 'invited@example.com' })).statusCode).toBe(202)
  const invitationToken = keep(tokenInLink(await mailbox.next('invited@example.com'), PUBLIC_URL, 'password'))
  await server.anonymous.get(`/password/${invitationToken}`)
  // token-like query parameters, whatever their spelling: names in any case, separators, brackets or escapes; values shaped like tokens
  for (const query of [
    `token=${keep('Query-Secret-1')}`,
    `Access_Token=${keep('Query-Secret-2')}&keep=visible-value`,
    `reset%2Dtoken=${keep('Query-Secret-3')}`,
    `x[token]=${keep('Query-Secret-4')}`,
    `%74oken=${keep('Query-Secret-5')}`,
    `PASSWORD=${keep('Query-Secret-6')};api_key=${keep('Query-Secret-7')}`,
    `jwt=${keep('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')}`,
    `next=${keep('QmFzZTY0LWxvbmctcmFuZG9tLXZhbHVlLXRoYXQtaXMtYS10b2tlbg')}`,
  ])
    expect((await server.anonymous.get(`/api/health?${query}`)).statusCode).toBe(200)
  const last = keep(await server.login(email, own))
  expect((await server.client(last).post('/api/auth/jwt/logout')).statusCode).toBe(204)
  await server.app.mailer.settled()

  // what the database holds as secrets must not be in the logs either
  for (const { hashed_password } of await server.database.db.selectFrom('users').select('hashed_password').execute())
    secrets.push(hashed_password)
  for (const { token_hash } of await server.database.db.selectFrom('user_tokens').select('token_hash').execute()) secrets.push(token_hash)

  expect(lines.length).toBeGreaterThan(40)
  const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  for (const [i, line] of lines.entries()) {
    for (const secret of secrets) expect(line, `log line ${i} holds a secret`).not.toContain(secret)
    expect(line).not.toMatch(/bearer /i)
    expect(line).not.toMatch(/\/(verify|password)\/[A-Za-z0-9_-]{20,}/)
    expect(records[i], line).toMatchObject({ level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) })
    expect(records[i].reqId, `a line without request id: ${line}`).toEqual(expect.any(String))
  }
  // the request ids are the ones of the requests: each request's lines share one id, and ids differ between requests
  const incoming = records.filter((r) => r.msg === 'incoming request')
  const urls = incoming.map((r) => (r.req as { url: string }).url)
  expect(urls).toContain('/api/health?token=[redacted]')
  expect(urls).toContain('/api/health?Access_Token=[redacted]&keep=visible-value')
  expect(urls).toContain('/api/health?PASSWORD=[redacted];api_key=[redacted]')
  expect(new Set(incoming.map((r) => r.reqId)).size).toBe(incoming.length)
  const mailLines = records.filter((r) => r.msg === 'mail sent')
  // verification, reset and invitation, and since issue 15 a notice of each password change (own, by the administrator)
  expect(mailLines).toHaveLength(5)
  for (const mail of mailLines) expect(incoming.map((r) => r.reqId)).toContain(mail.reqId)
})
