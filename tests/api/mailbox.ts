// A real SMTP listener for tests: collects every message the server sends and lets a test await the next one
// to an address. Plain SMTP on 127.0.0.1 with a random port (no STARTTLS, no AUTH), as a local relay would be.
import type { AddressInfo } from 'node:net'
import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** envelope recipients */
  to: string[]
  subject: string
  /** the decoded text/plain body */
  text: string
  /** the message as it arrived */
  raw: string
  /** files sent along (only PDFs are taken: a purchase order's) */
  attachments: { filename: string; content: Buffer }[]
}

export interface Mailbox {
  /** for SMTP_URL */
  url: string
  /** every message received, in order of arrival */
  messages: ReceivedMail[]
  /** the next message to `address` that no earlier call returned; waits for it if none has arrived yet */
  next(address: string): Promise<ReceivedMail>
  /** messages to `address` received so far */
  to(address: string): ReceivedMail[]
  /** Until the returned function is called, messages are taken in but not acknowledged: the sender's SMTP call hangs. */
  hold(): () => void
  close(): Promise<void>
}

/**
 * The subject, text/plain body and PDF attachments of a message as it arrived (postal-mime decodes headers and
 * transfer encodings). Mails are plain text: an HTML part, or an attachment of another kind, fails the test.
 */
export async function parseMail(raw: string, envelopeTo: string[]): Promise<ReceivedMail> {
  const parsed = await PostalMime.parse(raw)
  if (parsed.html !== undefined || parsed.attachments.some((file) => file.mimeType !== 'application/pdf'))
    throw new Error(`expected a plain text mail, got parts: ${parsed.headers.find((h) => h.key === 'content-type')?.value}`)
  const attachments = parsed.attachments.map((file) => ({
    filename: file.filename ?? '',
    content: Buffer.from(file.content as ArrayBuffer),
  }))
  return { to: envelopeTo, subject: parsed.subject ?? '', text: parsed.text ?? '', raw, attachments }
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = []
  const handedOut = new Set<ReceivedMail>()
  const waiting: { address: string; resolve(mail: ReceivedMail): void }[] = []
  const lower = (address: string) => address.toLowerCase()
  let held: Promise<void> = Promise.resolve()

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail)
    const index = waiting.findIndex((w) => mail.to.includes(w.address))
    if (index >= 0) {
      handedOut.add(mail)
      waiting.splice(index, 1)[0].resolve(mail)
    }
  }

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => lower(r.address))
        parseMail(Buffer.concat(chunks).toString('utf8'), to).then(
          (mail) =>
            held.then(() => {
              deliver(mail)
              callback()
            }),
          (error: Error) => callback(error),
        )
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(address) {
      const wanted = lower(address)
      const ready = messages.find((m) => !handedOut.has(m) && m.to.includes(wanted))
      if (ready) {
        handedOut.add(ready)
        return Promise.resolve(ready)
      }
      return new Promise((resolve) => waiting.push({ address: wanted, resolve }))
    },
    to: (address) => messages.filter((m) => m.to.includes(lower(address))),
    hold() {
      let release!: () => void
      held = new Promise((resolve) => (release = resolve))
      return release
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The token of the `{PUBLIC_URL}/{kind}/{token}` link in a mail; fails the test if there is none. */
export function tokenInLink(mail: ReceivedMail, publicUrl: string, kind: 'verify' | 'password'): string {
  const escaped = `${publicUrl}/${kind}/`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = mail.text.match(new RegExp(`${escaped}([A-Za-z0-9_-]+)`))
  if (!match) throw new Error(`no ${kind} link to ${publicUrl} in mail "${mail.subject}":\n${mail.text}`)
  return match[1]
}
