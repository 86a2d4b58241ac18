// Outgoing mail: through SMTP_URL when set, otherwise as .eml files in <DATA_DIR>/outbox for development.
// Mail work for anonymous requests runs after the answer (`later`), so its duration tells a client nothing;
// closing the app waits for that work, so a shutdown does not swallow a mail someone was promised.
import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Mail } from '../domain/account-mail'
import { now } from '../db/clock'

export interface Mailer {
  /** `log`: the request's logger, so the line carries its request id */
  send(mail: Mail, log?: FastifyBaseLogger): Promise<void>
  /** Runs `work` once the current answer has gone out; a failure is logged (on `log`) as `what failed`. */
  later(what: string, work: () => Promise<void>, log?: FastifyBaseLogger): void
  /** Resolves when all work handed to `later` has finished. */
  settled(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

export interface MailOptions {
  smtpUrl?: string
  from: string
  outboxDir: string
}

export default fp(async function mail(app: FastifyInstance, options: MailOptions) {
  const pending = new Set<Promise<void>>()
  const later = (what: string, work: () => Promise<void>, log: FastifyBaseLogger = app.log) => {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err) => log.error({ err }, `${what} failed`))
      .finally(() => pending.delete(job))
    pending.add(job)
  }
  const settled = async () => {
    while (pending.size) await Promise.all(pending)
  }

  let send: Mailer['send']
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    app.addHook('onClose', async () => {
      await settled()
      transport.close()
    })
    send = async (mail, log = app.log) => {
      await transport.sendMail({ from: options.from, ...mail })
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent')
    }
  } else {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    send = async (mail, log = app.log) => {
      const { message } = await transport.sendMail({ from: options.from, ...mail })
      fs.mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 })
      const stamp = now().replace(/[:.]/g, '-')
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(3).toString('hex')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`)
      fs.writeFileSync(file, message as Buffer, { mode: 0o600, flag: 'wx' })
      // the file holds the link; the log names only the file, so no token reaches a log
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox (no SMTP_URL set)')
    }
    app.addHook('onClose', settled)
  }
  app.decorate('mailer', { send, later, settled })
})
