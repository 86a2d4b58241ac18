// Validation (strict JSON bodies, coerced query strings) and the mapping of every error to a clear answer:
// 422 fastapi-style for bad input, 409 for conflicts, 503 when the database is away, never 500 for a client's mistake.
import { isUtf8 } from 'node:buffer'
import fp from 'fastify-plugin'
import { Ajv, type ErrorObject, type Options } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify'
import type { ErrorBody, ErrorCode, ValidationErrorItem } from '../../contract'
import {
  AccountRefusal,
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  KeyReused,
  NotFound,
  StillInProgress,
  TooManyAttempts,
  Unauthorized,
} from '../domain/errors'
import { refusingUnstorableText } from '../db/storable-text'
import {
  isForeignKeyViolation,
  isStatementTimeout,
  isTransactionConflict,
  isUnavailable,
  isUniqueViolation,
  isUnstorableValue,
  isWriteRefused,
} from '../db/errors'

const common: Options = { allErrors: true, verbose: true, removeAdditional: 'all', useDefaults: true, strict: false }
const validators = {
  body: new Ajv({ ...common, coerceTypes: false }),
  querystring: new Ajv({ ...common, coerceTypes: 'array' }),
  params: new Ajv({ ...common, coerceTypes: true }),
  headers: new Ajv({ ...common, coerceTypes: true, removeAdditional: false }),
}
for (const ajv of Object.values(validators)) addFormats(ajv)

const LOCATION: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' }

/** One fastapi-style item per field, from ajv's errors (a nullable field yields several; the first says most). */
export function toValidationItems(errors: FastifySchemaValidationError[], context: string): ValidationErrorItem[] {
  const part = LOCATION[context] ?? context
  const byField = new Map<string, ValidationErrorItem>()
  for (const error of errors as ErrorObject[]) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') continue
    const path = error.instancePath
      .split('/')
      .slice(1)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p))
    if (error.keyword === 'required') path.push((error.params as { missingProperty: string }).missingProperty)
    const key = path.join('/')
    if (!byField.has(key)) byField.set(key, { loc: [part, ...path], ...describe(error) })
  }
  if (byField.size === 0) byField.set('', { loc: [part], msg: 'Invalid input', type: 'value_error' })
  return [...byField.values()]
}

function describe(error: ErrorObject): { msg: string; type: string } {
  const p = error.params as Record<string, unknown>
  const schema = error.parentSchema as { description?: string } | undefined
  switch (error.keyword) {
    case 'required':
      return { msg: 'Field required', type: 'missing' }
    case 'type':
      return { msg: `Input should be a valid ${String(p.type)}`, type: `${String(p.type)}_type` }
    case 'enum':
      return { msg: `Input should be ${(p.allowedValues as unknown[]).map((v) => `'${String(v)}'`).join(', ')}`, type: 'enum' }
    case 'const':
      return { msg: `Input should be '${String(p.allowedValue)}'`, type: 'literal_error' }
    case 'not':
      return { msg: `Input should not be ${JSON.stringify((error.schema as { const?: unknown })?.const)}`, type: 'value_error' }
    case 'minLength':
      return { msg: `String should have at least ${String(p.limit)} character${p.limit === 1 ? '' : 's'}`, type: 'string_too_short' }
    case 'maxLength':
      return { msg: `String should have at most ${String(p.limit)} characters`, type: 'string_too_long' }
    case 'pattern':
      return {
        msg: schema?.description ? `Input should be ${schema.description}` : 'String should not be blank',
        type: 'string_pattern_mismatch',
      }
    case 'minimum':
      return { msg: `Input should be greater than or equal to ${String(p.limit)}`, type: 'greater_than_equal' }
    case 'maximum':
      return { msg: `Input should be less than or equal to ${String(p.limit)}`, type: 'less_than_equal' }
    case 'format':
      return {
        msg: p.format === 'email' ? 'value is not a valid email address' : `Input should be a valid ${String(p.format)}`,
        type: 'value_error',
      }
    default:
      return { msg: error.message ?? 'Invalid input', type: error.keyword }
  }
}

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
  if (error instanceof Forbidden) return { status: 403, body: { detail: error.message, code: error.code } }
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
        body: { detail: [{ loc: [part], msg: 'A value is out of the range or form the database can store', type: 'value_error' }] },
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

/**
 * Checks a value against a body schema exactly as a route checks its body (the same validator and the same 422
 * items), for input that arrives another way: the rows of an import file.
 */
export function bodyChecker(schema: object): (value: unknown) => ValidationErrorItem[] {
  const validate = refusingUnstorableText(validators.body.compile(schema))
  return (value) => (validate(value) ? [] : toValidationItems((validate.errors ?? []) as FastifySchemaValidationError[], 'body'))
}
