// Outgoing mail: through SMTP_URL when set, otherwise as .eml files in <DATA_DIR>/outbox for development.
import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import type { FastifyInstance } from 'fastify'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}
export interface Mailer {
  send(mail: Mail): Promise<void>
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
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    app.addHook('onClose', async () => transport.close())
    app.decorate('mailer', {
      async send(mail: Mail) {
        await transport.sendMail({ from: options.from, ...mail })
        app.log.info({ to: mail.to, subject: mail.subject }, 'mail sent')
      },
    })
    return
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  app.decorate('mailer', {
    async send(mail: Mail) {
      const { message } = await transport.sendMail({ from: options.from, ...mail })
      fs.mkdirSync(options.outboxDir, { recursive: true })
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`)
      fs.writeFileSync(file, message as Buffer, { mode: 0o600 })
      // the file holds the link; the log names only the file, so no token reaches a log
      app.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox (no SMTP_URL set)')
    },
  })
})
