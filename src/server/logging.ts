// Structured logs with a request id on every line; no password, token or mailed link ever reaches them.
import type { FastifyServerOptions } from 'fastify'

/** A parameter name that says it holds a secret, once decoded and stripped of case, separators and brackets. */
const SECRET_NAME = /token|secret|passw|pwd|jwt|auth|session|apikey|key$|code$|signature|sig$|otp|nonce|credential/
/** A value that looks like a token whatever its name: a JWT, or a long unbroken run of token characters. */
const TOKEN_VALUE = /^[\w-]{8,}\.[\w-]{8,}\.[\w-]*$|^[\w\-+/=%.~]{32,}$/

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

function redactPair(pair: string): string {
  const at = pair.indexOf('=')
  const name = at < 0 ? '' : pair.slice(0, at)
  const value = at < 0 ? pair : pair.slice(at + 1)
  const bareName = decoded(decoded(name))
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
  if (SECRET_NAME.test(bareName) || TOKEN_VALUE.test(decoded(value))) return at < 0 ? '[redacted]' : `${name}=[redacted]`
  return pair
}

/**
 * The URL as a log may show it: /verify/<token> and /password/<token> are SPA routes whose path is a secret, and a
 * query parameter keeps its name but not its value when the name or the value looks like a token.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#')
  const withoutHash = hash < 0 ? url : url.slice(0, hash)
  const question = withoutHash.indexOf('?')
  const path = (question < 0 ? withoutHash : withoutHash.slice(0, question)).replace(/^\/(verify|password)\/[^/]+/, '/$1/[redacted]')
  if (question < 0) return path
  return `${path}?${withoutHash
    .slice(question + 1)
    .split(/([&;])/)
    .map((part) => (part === '&' || part === ';' || part === '' ? part : redactPair(part)))
    .join('')}`
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.access_token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  }
}
