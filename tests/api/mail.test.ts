// Verification, password reset and invitation mails, delivered to a real SMTP listener; and the outbox mode
// (no SMTP_URL), whose log names the file but never the link.
import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './helpers'
import { parseMail, startMailbox, tokenInLink, type Mailbox } from './mailbox'

let mailbox: Mailbox
let server: TestServer
const PUBLIC_URL = 'https://stock.example.org/app'
beforeAll(async () => {
  mailbox = await startMailbox()
  server = await startServer({
    SMTP_URL: mailbox.url,
    OPEN_REGISTRATION: 'true',
    PUBLIC_URL,
    MAIL_FROM: 'Stockroom <noreply@stock.example.org>',
  })
})
afterAll(async () => {
  await server?.close()
  await mailbox?.close()
})

let counter = 0
/** a person who registered (so chose their own password) and is signed in */
async function register() {
  counter += 1
  const email = `person${counter}@example.com`
  const password = `password-of-${counter}`
  const res = await server.anonymous.post('/api/auth/register', { email, password, username: `person${counter}` })
  expect(res.statusCode).toBe(201)
  return { id: res.json().id as number, email, password, token: await server.login(email, password) }
}
const requestVerify = (email: string) => server.anonymous.post('/api/auth/request-verify-token', { email })
const forgotPassword = (email: string) => server.anonymous.post('/api/auth/forgot-password', { email })
const verify = (token: string) => server.anonymous.post('/api/auth/verify', { token })
const resetPassword = (token: string, password: string) => server.anonymous.post('/api/auth/reset-password', { token, password })
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')
const tokenRow = (token: string) =>
  server.database.db.selectFrom('user_tokens').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst()
const expire = (token: string) =>
  server.database.db
    .updateTable('user_tokens')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('token_hash', '=', sha256(token))
    .execute()
const lifetimeHours = (row: { created_at: string; expires_at: string }) =>
  (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 3600_000
const canLogin = async (email: string, password: string) =>
  (await server.anonymous.post('/api/auth/jwt/login', { username: email, password })).statusCode === 200

describe('the language of the mails', () => {
  it("writes a person's mails in the language they chose, and the password link works the same", async () => {
    const person = await register()
    const me = await server.client(person.token).patch('/api/users/me', { language: 'nl' })
    expect(me.statusCode).toBe(200)
    expect(me.json().language).toBe('nl')
    expect((await server.client(person.token).patch('/api/users/me', { language: 'de' })).statusCode).toBe(422)

    expect((await forgotPassword(person.email)).statusCode).toBe(202)
    const mail = await mailbox.next(person.email)
    expect(mail.subject).toBe('Stockroom: stel uw wachtwoord opnieuw in')
    expect(mail.text).toContain('1 uur geldig')
    expect(mail.text).not.toContain('%{')
    expect((await resetPassword(tokenInLink(mail, PUBLIC_URL, 'password'), 'een-nieuw-wachtwoord')).statusCode).toBe(200)
  })
})

describe('e-mail verification', () => {
  it('mails a {PUBLIC_URL}/verify/{token} link; the token verifies the address once', async () => {
    const person = await register()
    const res = await requestVerify(person.email.toUpperCase())
    expect(res.statusCode).toBe(202)
    expect(res.json()).toBeNull()

    const mail = await mailbox.next(person.email)
    expect(mail.subject).toBe('Stockroom: verify your e-mail address')
    expect(mail.raw).toMatch(/^From: Stockroom <noreply@stock\.example\.org>$/m)
    expect(mail.text).toContain('24 hours')
    const token = tokenInLink(mail, PUBLIC_URL, 'verify')

    // only a hash is kept, bound to the address it went to, for 24 hours
    const row = await tokenRow(token)
    expect(row).toMatchObject({ user_id: person.id, purpose: 'verify', email: person.email })
    expect(lifetimeHours(row!)).toBe(24)
    const stored = await server.database.db.selectFrom('user_tokens').select('token_hash').execute()
    expect(stored.map((r) => r.token_hash)).not.toContain(token)

    const verified = await verify(token)
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toMatchObject({ id: person.id, email: person.email, is_verified: true })
    expect((await server.client(person.token).get('/api/users/me')).json().is_verified).toBe(true)

    const again = await verify(token)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' })
  })

  it('answers 400 VERIFY_USER_BAD_TOKEN for a made-up token and 422 for none', async () => {
    expect((await verify('made-up-token')).json()).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' })
    const missing = await server.anonymous.post('/api/auth/verify', {})
    expect(missing.statusCode).toBe(422)
    expect(missing.json().detail[0].loc).toEqual(['body', 'token'])
  })

  it('sends nothing to an address that is already verified', async () => {
    const person = await register()
    await requestVerify(person.email)
    expect((await verify(tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'verify'))).statusCode).toBe(200)
    expect((await requestVerify(person.email)).statusCode).toBe(202)
    await server.app.mailer.settled()
    expect(mailbox.to(person.email)).toHaveLength(1)
  })

  it('a password reset through a mailed link verifies the address and ends the verification link sent before it', async () => {
    const person = await register()
    await requestVerify(person.email)
    const verifyToken = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'verify')
    // a password reset through a mailed link proves the address too
    await forgotPassword(person.email)
    expect(
      (await resetPassword(tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'password'), 'another-password')).statusCode,
    ).toBe(200)
    expect((await server.admin.get(`/api/users/${person.id}`)).json().is_verified).toBe(true)
    // issue 15: the new password ends every link issued for the old one (this answered VERIFY_USER_ALREADY_VERIFIED before)
    const res = await verify(verifyToken)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' })
  })

  it('refuses an expired token', async () => {
    const person = await register()
    await requestVerify(person.email)
    const token = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'verify')
    await expire(token)
    expect((await verify(token)).json()).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' })
    expect((await server.client(person.token).get('/api/users/me')).json().is_verified).toBe(false)
  })

  it('leaves a refused token as it was: a rejected request changes nothing', async () => {
    const person = await register()
    await requestVerify(person.email)
    const expired = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'verify')
    await expire(expired)
    const expiredRow = await tokenRow(expired)
    expect((await verify(expired)).json()).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' })
    expect(await tokenRow(expired)).toEqual(expiredRow)

    await requestVerify(person.email)
    const live = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'verify')
    await server.admin.patch(`/api/users/${person.id}`, { is_verified: true })
    const liveRow = await tokenRow(live)
    expect((await verify(live)).json()).toEqual({ detail: 'VERIFY_USER_ALREADY_VERIFIED' })
    expect(await tokenRow(live)).toEqual(liveRow)
  })

  it('refuses a token sent to an address the account no longer has', async () => {
    const person = await register()
    await requestVerify(person.email)
    const token = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'verify')
    const moved = `moved-${person.email}`
    expect((await server.client(person.token).patch('/api/users/me', { email: moved, current_password: person.password })).statusCode).toBe(
      200,
    )
    expect((await verify(token)).json()).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' })
    await requestVerify(moved)
    expect((await verify(tokenInLink(await mailbox.next(moved), PUBLIC_URL, 'verify'))).json()).toMatchObject({
      email: moved,
      is_verified: true,
    })
  })
})

describe('password reset', () => {
  it('mails a {PUBLIC_URL}/password/{token} link valid for 1 hour; the token sets a new password once', async () => {
    const person = await register()
    const otherSession = await server.login(person.email, person.password)
    const res = await forgotPassword(person.email)
    expect(res.statusCode).toBe(202)
    expect(res.json()).toBeNull()

    const mail = await mailbox.next(person.email)
    expect(mail.subject).toBe('Stockroom: reset your password')
    expect(mail.text).toContain('1 hour')
    const token = tokenInLink(mail, PUBLIC_URL, 'password')
    const row = await tokenRow(token)
    expect(row).toMatchObject({ user_id: person.id, purpose: 'reset', email: person.email })
    expect(lifetimeHours(row!)).toBe(1)

    // bad input does not use the token up
    const short = await resetPassword(token, 'short')
    expect(short.statusCode).toBe(422)
    expect(short.json().detail[0].loc).toEqual(['body', 'password'])

    const done = await resetPassword(token, 'the-new-password')
    expect(done.statusCode).toBe(200)
    expect(done.json()).toBeNull()
    expect(await canLogin(person.email, 'the-new-password')).toBe(true)
    expect(await canLogin(person.email, person.password)).toBe(false)
    // every session from before the reset is over
    expect((await server.client(person.token).get('/api/users/me')).statusCode).toBe(401)
    expect((await server.client(otherSession).get('/api/users/me')).statusCode).toBe(401)

    const again = await resetPassword(token, 'a-third-password')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' })
    expect(await canLogin(person.email, 'the-new-password')).toBe(true)
  })

  it('answers 400 RESET_PASSWORD_BAD_TOKEN for a made-up token, an expired one, and a verification token', async () => {
    expect((await resetPassword('made-up-token', 'long-enough-1')).json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' })

    const person = await register()
    await forgotPassword(person.email)
    const token = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'password')
    await expire(token)
    const expired = await resetPassword(token, 'long-enough-1')
    expect(expired.statusCode).toBe(400)
    expect(expired.json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' })
    expect(await canLogin(person.email, person.password)).toBe(true)

    await requestVerify(person.email)
    const verifyToken = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'verify')
    expect((await resetPassword(verifyToken, 'long-enough-1')).json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' })
    expect(await canLogin(person.email, person.password)).toBe(true)
  })

  it('voids every other reset link of the account once one is used', async () => {
    const person = await register()
    await forgotPassword(person.email)
    const first = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'password')
    await forgotPassword(person.email)
    const second = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'password')
    expect(first).not.toBe(second)
    expect((await resetPassword(second, 'chosen-password')).statusCode).toBe(200)
    expect((await resetPassword(first, 'someone-elses')).json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' })
    expect(await canLogin(person.email, 'chosen-password')).toBe(true)
  })

  it('answers before the mail is sent', async () => {
    const person = await register()
    const release = mailbox.hold()
    try {
      // the SMTP listener does not acknowledge the message until released, yet the answer is already there
      expect((await forgotPassword(person.email)).statusCode).toBe(202)
      expect(mailbox.to(person.email)).toHaveLength(0)
    } finally {
      release()
    }
    expect((await mailbox.next(person.email)).subject).toBe('Stockroom: reset your password')
  })
})

describe('addresses without an active account', () => {
  it('answer 202 like any other and get no mail', async () => {
    const known = await register()
    const inactive = await register()
    await server.admin.patch(`/api/users/${inactive.id}`, { is_active: false })
    const knownAnswer = await forgotPassword(known.email)
    for (const email of ['nobody@example.com', inactive.email]) {
      for (const call of [forgotPassword, requestVerify]) {
        const res = await call(email)
        expect(res.statusCode).toBe(202)
        expect(res.body).toBe(knownAnswer.body)
      }
    }
    await server.app.mailer.settled()
    expect(mailbox.to('nobody@example.com')).toEqual([])
    expect(mailbox.to(inactive.email)).toEqual([])
    expect(mailbox.to(known.email)).toHaveLength(1)
  })

  it('a deactivated account cannot use a link it received before', async () => {
    const person = await register()
    await forgotPassword(person.email)
    const token = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'password')
    await server.admin.patch(`/api/users/${person.id}`, { is_active: false })
    expect((await resetPassword(token, 'long-enough-1')).json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' })
  })
})

describe('a user created by an administrator', () => {
  it('gets an invitation whose link lets them choose a password; then they can sign in and are verified', async () => {
    const email = 'new.colleague@example.com'
    const generated = 'Gen3rated14chr'
    const created = await server.admin.post('/api/users/', { email, password: generated, username: 'colleague' })
    expect(created.statusCode).toBe(201)
    expect(created.json().is_verified).toBe(false)
    expect((await requestVerify(email)).statusCode).toBe(202)

    const mail = await mailbox.next(email)
    expect(mail.subject).toBe('Welcome to Stockroom: choose your password')
    expect(mail.text).toContain('Hello colleague')
    expect(mail.text).not.toContain(`${PUBLIC_URL}/verify/`)
    const token = tokenInLink(mail, PUBLIC_URL, 'password')
    expect(lifetimeHours((await tokenRow(token))!)).toBe(24)

    expect((await resetPassword(token, 'my-own-password')).statusCode).toBe(200)
    expect(await canLogin(email, generated)).toBe(false)
    const session = await server.login(email, 'my-own-password')
    expect((await server.client(session).get('/api/users/me')).json()).toMatchObject({ email, is_verified: true, is_active: true })

    // invited and verified: nothing more to send
    await requestVerify(email)
    await server.app.mailer.settled()
    expect(mailbox.to(email)).toHaveLength(1)
  })

  it('gets an ordinary verification mail once they chose their own password', async () => {
    const email = 'settled.colleague@example.com'
    const created = await server.admin.post('/api/users/', { email, password: 'Gen3rated14chr', username: 'settled' })
    const session = await server.login(email, 'Gen3rated14chr')
    await server.client(session).patch('/api/users/me', { password: 'my-own-password', current_password: 'Gen3rated14chr' })
    expect((await mailbox.next(email)).subject).toBe('Stockroom: your password was changed')
    await requestVerify(email)
    const mail = await mailbox.next(email)
    expect(mail.subject).toBe('Stockroom: verify your e-mail address')
    expect((await verify(tokenInLink(mail, PUBLIC_URL, 'verify'))).json()).toMatchObject({ id: created.json().id, is_verified: true })
  })
})

describe('mailed links die when the account changes (issue 15)', () => {
  interface Person {
    id: number
    email: string
    password: string
    token: string
  }
  const selfChange = (person: Person, body: Record<string, unknown>) =>
    server.client(person.token).patch('/api/users/me', { ...body, current_password: person.password })
  const CHANGES: Record<string, (person: Person) => Promise<unknown>> = {
    'a new password of their own (PATCH /users/me)': async (person) =>
      expect((await selfChange(person, { password: 'changed-by-self-1' })).statusCode).toBe(200),
    'a new password set by an administrator': async (person) =>
      expect((await server.admin.patch(`/api/users/${person.id}`, { password: 'changed-by-admin-1' })).statusCode).toBe(200),
    'deactivating and reactivating the account': async (person) => {
      expect((await server.admin.patch(`/api/users/${person.id}`, { is_active: false })).statusCode).toBe(200)
      expect((await server.admin.patch(`/api/users/${person.id}`, { is_active: true })).statusCode).toBe(200)
    },
    'the e-mail changed away and back': async (person) => {
      expect((await selfChange(person, { email: `away-${person.email}` })).statusCode).toBe(200)
      expect((await server.admin.patch(`/api/users/${person.id}`, { email: person.email })).statusCode).toBe(200)
    },
    'the password hash changed in the database by hand': (person) =>
      server.database.db.updateTable('users').set({ hashed_password: 'replaced-by-an-operator' }).where('id', '=', person.id).execute(),
  }

  let invitations = 0
  /** an account an administrator made, with its invitation link, signed in with the generated password */
  async function invited(): Promise<Person & { invitation: string }> {
    invitations += 1
    const email = `invited${invitations}@example.com`
    const password = 'Gen3rated14chr'
    const created = await server.admin.post('/api/users/', { email, password, username: `invited${invitations}` })
    expect(created.statusCode).toBe(201)
    await requestVerify(email)
    const invitation = tokenInLink(await mailbox.next(email), PUBLIC_URL, 'password')
    return { id: created.json().id, email, password, token: await server.login(email, password), invitation }
  }

  it.each(Object.entries(CHANGES))('%s ends every reset, verification and invitation link sent before', async (_what, change) => {
    const person = await register()
    await forgotPassword(person.email)
    const reset = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'password')
    await requestVerify(person.email)
    const verification = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'verify')
    const newcomer = await invited()

    await change(person)
    await change(newcomer)

    expect(await resetPassword(reset, 'taken-over-1').then((r) => r.json())).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' })
    expect(await verify(verification).then((r) => r.json())).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' })
    expect(await resetPassword(newcomer.invitation, 'taken-over-1').then((r) => r.json())).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' })
    expect(await canLogin(person.email, 'taken-over-1')).toBe(false)

    // a link sent after the change works
    await forgotPassword(person.email)
    let mail = await mailbox.next(person.email)
    while (mail.subject !== 'Stockroom: reset your password') mail = await mailbox.next(person.email)
    expect((await resetPassword(tokenInLink(mail, PUBLIC_URL, 'password'), 'after-the-change-1')).statusCode).toBe(200)
  })

  it('a change of name or given name leaves the links alone', async () => {
    const person = await register()
    await forgotPassword(person.email)
    const reset = tokenInLink(await mailbox.next(person.email), PUBLIC_URL, 'password')
    expect(
      (await server.client(person.token).patch('/api/users/me', { given_name: 'Same', username: `renamed${person.id}` })).statusCode,
    ).toBe(200)
    expect((await resetPassword(reset, 'still-my-link-1')).statusCode).toBe(200)
  })
})

describe('notices of a changed address or password (issue 15)', () => {
  it('a new e-mail address is told to the old one, a new password to the account, neither with a link', async () => {
    const person = await register()
    const moved = `new-home-${person.email}`
    const res = await server.client(person.token).patch('/api/users/me', { email: moved, current_password: person.password })
    expect(res.statusCode).toBe(200)
    const notice = await mailbox.next(person.email)
    expect(notice.subject).toBe('Stockroom: your e-mail address was changed')
    expect(notice.text).toContain(person.email)
    expect(notice.text).not.toMatch(/https?:\/\//)
    expect(notice.text).not.toContain(moved)

    const session = await server.login(moved, person.password)
    expect(
      (await server.client(session).patch('/api/users/me', { password: 'second-password-1', current_password: person.password }))
        .statusCode,
    ).toBe(200)
    const passwordNotice = await mailbox.next(moved)
    expect(passwordNotice.subject).toBe('Stockroom: your password was changed')
    expect(passwordNotice.text).not.toMatch(/https?:\/\//)
  })

  it("an administrator's change sends the same notices; a change of names sends none", async () => {
    const person = await register()
    expect(
      (await server.admin.patch(`/api/users/${person.id}`, { password: 'set-by-admin-1', email: `adm-${person.email}` })).statusCode,
    ).toBe(200)
    expect((await mailbox.next(person.email)).subject).toBe('Stockroom: your e-mail address was changed')
    expect((await mailbox.next(`adm-${person.email}`)).subject).toBe('Stockroom: your password was changed')
    expect((await server.admin.patch(`/api/users/${person.id}`, { given_name: 'Quiet' })).statusCode).toBe(200)
    await server.app.mailer.settled()
    expect(mailbox.to(`adm-${person.email}`)).toHaveLength(1)
  })
})

describe('shutting down', () => {
  it('waits for mail work that was promised before the answer', async () => {
    const local = await startServer({ SMTP_URL: mailbox.url })
    const user = await local.createUser()
    expect((await local.anonymous.post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(202)
    await local.close()
    expect(mailbox.to(user.email)).toHaveLength(1)
  })
})

describe('without SMTP_URL (outbox)', () => {
  let outboxServer: TestServer
  const logLines: string[] = []
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean))
        done()
      },
    })
    outboxServer = await startServer({ PUBLIC_URL }, { logStream })
  })
  afterAll(() => outboxServer.close())

  it('writes each mail as an .eml file (0600) in DATA_DIR/outbox and logs the file, never the token or link', async () => {
    const email = 'outbox.person@example.com'
    await outboxServer.admin.post('/api/users/', { email, password: 'Gen3rated14chr', username: 'outboxperson' })
    expect((await outboxServer.anonymous.post('/api/auth/request-verify-token', { email })).statusCode).toBe(202)
    await outboxServer.anonymous.post('/api/auth/forgot-password', { email })
    await outboxServer.app.mailer.settled()

    const outbox = path.join(outboxServer.config.DATA_DIR, 'outbox')
    const files = fs.readdirSync(outbox).sort()
    expect(files).toHaveLength(2)
    const tokens: string[] = []
    for (const file of files) {
      expect(file).toMatch(/\.eml$/)
      expect(fs.statSync(path.join(outbox, file)).mode & 0o777).toBe(0o600)
      const mail = await parseMail(fs.readFileSync(path.join(outbox, file), 'utf8'), [email])
      expect(mail.raw).toMatch(new RegExp(`^To: ${email}$`, 'm'))
      tokens.push(tokenInLink(mail, PUBLIC_URL, 'password'))
    }
    // the link in the file works
    expect(
      (await outboxServer.anonymous.post('/api/auth/reset-password', { token: tokens[0], password: 'from-the-outbox' })).statusCode,
    ).toBe(200)

    const written = logLines.filter((line) => line.includes('mail written to the outbox'))
    expect(written).toHaveLength(2)
    for (const file of files) expect(written.some((line) => JSON.parse(line).file === path.join(outbox, file))).toBe(true)
    expect(logLines.length).toBeGreaterThan(written.length)
    for (const line of logLines) {
      for (const token of tokens) expect(line).not.toContain(token)
      expect(line).not.toContain(`${PUBLIC_URL}/password/`)
      expect(line).not.toContain(`${PUBLIC_URL}/verify/`)
      expect(line).not.toContain('from-the-outbox')
    }
  })
})
