// Structured logs with a request id on every line; no password, token or mailed link ever reaches them.
import type { FastifyServerOptions } from 'fastify'

/** /verify/<token> and /password/<token> are SPA routes whose path is a secret. */
export const redactUrl = (url: string) => url.replace(/^\/(verify|password)\/[^/?#]+/, '/$1/[redacted]')

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
