// A real SMTP listener for tests: collects every message the server sends and lets a test await the next one
// to an address. Plain SMTP on 127.0.0.1 with a random port (no STARTTLS, no AUTH), as a local relay would be.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** envelope recipients */
  to: string[]
  subject: string
  /** the decoded text/plain body */
  text: string
  /** the message as it arrived */
  raw: string
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

/** Unfolded headers (lower-case names) and the body of an RFC 5322 message. */
function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n')
  const head = raw.slice(0, end).replace(/\r?\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: raw.slice(end).replace(/^\r?\n\r?\n/, '') }
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      return Buffer.from(bytes, 'latin1').toString('utf8')
    }
    default:
      return body
  }
}

/** Decodes =?utf-8?Q?...?= and =?utf-8?B?...?= words in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  )
}

export function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const { headers, body } = splitMessage(raw)
  const type = headers.get('content-type') ?? 'text/plain'
  if (!type.toLowerCase().startsWith('text/plain')) throw new Error(`expected a text/plain mail, got ${type}`)
  return {
    to: envelopeTo,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: decodeBody(body, headers.get('content-transfer-encoding')),
    raw,
  }
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
        let mail: ReceivedMail
        try {
          mail = parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => lower(r.address)))
        } catch (error) {
          return callback(error as Error)
        }
        void held.then(() => {
          deliver(mail)
          callback()
        })
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
