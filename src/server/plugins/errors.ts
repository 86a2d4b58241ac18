// Validation (strict JSON bodies, coerced query strings) and the mapping of every error to a clear answer:
// 422 fastapi-style for bad input, 409 for conflicts, 503 when the database is away, never 500 for a client's mistake.
import { isUtf8 } from 'node:buffer'
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance } from 'fastify'
import type { ErrorBody, ErrorCode } from '../../contract'
import {
  AccountRefusal,
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  KeyReused,
  ruleItem,
  NotFound,
  StillInProgress,
  TooManyAttempts,
  Unauthorized,
} from '../domain/errors'
import { refusingUnstorableText } from '../db/storable-text'
import { toValidationItems, validators } from '../domain/validation'
import {
  isForeignKeyViolation,
  isStatementTimeout,
  isTransactionConflict,
  isUnavailable,
  isUniqueViolation,
  isUnstorableValue,
  isWriteRefused,
} from '../db/errors'

const jsonError = (msg: string) => ({ detail: [{ loc: ['body'], msg, type: 'json_invalid' }] })

interface Answer {
  status: number
  /** only the codes of the contract's union */
  body: ErrorBody & { code?: ErrorCode }
  headers?: Record<string, string>
}

/** The answer to a refusal of the domain. */
function domainAnswer(error: DomainError): Answer | undefined {
  if (error instanceof NotFound) return { status: 404, body: { detail: error.message, code: 'NOT_FOUND' } }
  if (error instanceof Conflict)
    return { status: 409, body: { detail: error.message, code: error.code, ...(error.params ? { params: error.params } : {}) } }
  if (error instanceof Invalid) return { status: error.status, body: { detail: error.items } }
  if (error instanceof AccountRefusal) return { status: 400, body: { detail: error.detail } }
  if (error instanceof Unauthorized) return { status: 401, body: { detail: error.message }, headers: { 'www-authenticate': 'Bearer' } }
  if (error instanceof Forbidden)
    return { status: 403, body: { detail: error.message, code: error.code, ...(error.params ? { params: error.params } : {}) } }
  if (error instanceof KeyReused) return { status: 422, body: { detail: error.message, code: 'IDEMPOTENCY_KEY_REUSED' } }
  if (error instanceof StillInProgress)
    return { status: 409, body: { detail: error.message, code: 'IDEMPOTENCY_IN_PROGRESS' }, headers: { 'retry-after': '1' } }
  if (error instanceof TooManyAttempts)
    return { status: 429, body: { detail: error.message }, headers: { 'retry-after': String(error.retryAfterSeconds) } }
  return undefined
}

/** 400 for a body whose bytes (or percent-escaped bytes) are not UTF-8: decoding would store replacement characters. */
const notUtf8 = () => Object.assign(new Error('Request body is not valid UTF-8'), { statusCode: 400 })

/** An HTML form body (the fastapi-users login): repeated names give an array, as a query string does. */
export function parseFormBody(body: Buffer): Record<string, string | string[]> {
  if (!isUtf8(body)) throw notUtf8()
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>
  for (const pair of body.toString('utf8').split('&')) {
    if (pair === '') continue
    const at = pair.indexOf('=')
    let name: string
    let value: string
    try {
      const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '))
      name = decode(at < 0 ? pair : pair.slice(0, at))
      value = at < 0 ? '' : decode(pair.slice(at + 1))
    } catch {
      throw notUtf8()
    }
    const earlier = fields[name]
    fields[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value]
  }
  return fields
}

export default fp(async function errors(app: FastifyInstance) {
  // Clients such as react-admin's fetchJson send `Content-Type: application/json` on a POST without a body (logout):
  // an empty JSON body is no body, and a route that needs one says which field is missing.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (body.length === 0) return done(null, undefined)
    if (!isUtf8(body)) return done(notUtf8(), undefined)
    void parseJson(request, body.toString('utf8'), done)
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body: Buffer, done) =>
    done(null, parseFormBody(body)),
  )

  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'querystring' || httpPart === 'params' || httpPart === 'headers' ? validators[httpPart] : validators.body
    return refusingUnstorableText(ajv.compile(schema))
  })

  app.setErrorHandler((e: FastifyError, request, reply) => {
    const send = ({ status, body, headers = {} }: Answer) => reply.code(status).headers(headers).send(body)
    // the database, not the request, is the trouble: the client may try again after `seconds`
    const unavailable = (seconds: number, detail: string, code: ErrorCode) =>
      send({ status: 503, body: { detail, code }, headers: { 'retry-after': String(seconds) } })
    const refusal = e instanceof DomainError ? domainAnswer(e) : undefined
    if (refusal) return send(refusal)
    if (e.validation) return send({ status: 422, body: { detail: toValidationItems(e.validation, e.validationContext ?? 'body') } })
    switch (e.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send({ status: 422, body: jsonError(e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'Body is empty' : 'JSON decode error') })
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send({ status: 413, body: { detail: 'Request body is too large (limit 1 MB)' } })
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send({ status: 415, body: { detail: `Unsupported content type: ${request.headers['content-type'] ?? 'none'}` } })
    }
    if (e instanceof SyntaxError) return send({ status: 422, body: jsonError('JSON decode error') })
    if (isUniqueViolation(e)) return send({ status: 409, body: { detail: 'A record with this name already exists.', code: 'DUPLICATE' } })
    if (isForeignKeyViolation(e))
      return send({
        status: 409,
        body: { detail: 'This record is referred to by other records, or refers to one that is gone.', code: 'REFERENCE' },
      })
    if (isTransactionConflict(e)) {
      request.log.warn({ err: e }, 'transaction gave way to a concurrent one')
      return unavailable(1, 'Someone changed the same records at the same moment, so nothing was changed. Please try again.', 'DB_CONFLICT')
    }
    if (isUnstorableValue(e)) {
      // the schema let through what the database refuses: the client hears which part, the log tells us to tighten the schema
      request.log.warn({ err: e }, 'the database refused a value the validation accepted')
      const part = request.method === 'GET' || request.method === 'DELETE' ? 'query' : 'body'
      return send({
        status: 422,
        body: { detail: [ruleItem([part], 'value_not_storable')] },
      })
    }
    if (isWriteRefused(e)) {
      request.log.error({ err: e }, 'database refuses writes')
      return unavailable(
        60,
        'The database cannot store changes right now (its disk is full or it is read-only). Reading still works; please try again later.',
        'DB_READ_ONLY',
      )
    }
    if (isStatementTimeout(e)) {
      request.log.warn({ err: e }, 'a read ran past its time limit')
      return unavailable(5, 'Reading this took too long and was stopped. Please narrow the filter or try again in a moment.', 'DB_TIMEOUT')
    }
    if (isUnavailable(e)) {
      request.log.error({ err: e }, 'database unavailable')
      return unavailable(5, 'The database is not available right now. Please try again in a moment.', 'DB_UNAVAILABLE')
    }
    const status = e.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: e }, 'request failed')
      return send({ status: 500, body: { detail: 'Internal server error' } })
    }
    return send({ status, body: { detail: e.message } })
  })
})
