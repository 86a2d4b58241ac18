// Schema validation as the API answers it: ajv set up per part of a request, and its errors turned into fastapi's
// items (one per field). The route plugin and the import's row check validate through the same validators.
import { Ajv, type ErrorObject, type Options } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifySchemaValidationError } from 'fastify'
import type { ValidationErrorItem } from '../../contract'
import { refusingUnstorableText } from '../db/storable-text'
import { ruleItem } from './errors'

const common: Options = { allErrors: true, verbose: true, removeAdditional: 'all', useDefaults: true, strict: false }
export const validators = {
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

function describe(error: ErrorObject): { msg: string; type: string; ctx?: ValidationErrorItem['ctx'] } {
  const p = error.params as Record<string, unknown>
  const schema = error.parentSchema as { description?: string } | undefined
  // ctx marks a rule of the schemas and carries its values, so that a screen can say the sentence in its own language
  switch (error.keyword) {
    case 'required':
      // as fastapi says it, without ctx: clients compare it whole
      return { msg: 'Field required', type: 'missing' }
    case 'type':
      return { msg: `Input should be a valid ${String(p.type)}`, type: `${String(p.type)}_type`, ctx: { expected: String(p.type) } }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String)
      return { msg: `Input should be ${allowed.map((v) => `'${v}'`).join(', ')}`, type: 'enum', ctx: { allowed: allowed.join(', ') } }
    }
    case 'const':
      return { msg: `Input should be '${String(p.allowedValue)}'`, type: 'literal_error', ctx: { allowed: String(p.allowedValue) } }
    case 'not': {
      const refused = JSON.stringify((error.schema as { const?: unknown })?.const)
      return { msg: `Input should not be ${refused}`, type: 'value_error', ctx: { not: refused } }
    }
    case 'minLength':
      return {
        msg: `String should have at least ${String(p.limit)} character${p.limit === 1 ? '' : 's'}`,
        type: 'string_too_short',
        ctx: { limit: Number(p.limit) },
      }
    case 'maxLength':
      return { msg: `String should have at most ${String(p.limit)} characters`, type: 'string_too_long', ctx: { limit: Number(p.limit) } }
    case 'pattern':
      return schema?.description
        ? { msg: `Input should be ${schema.description}`, type: 'string_pattern_mismatch', ctx: { description: schema.description } }
        : { msg: 'String should not be blank', type: 'string_pattern_mismatch', ctx: {} }
    case 'minimum':
      return {
        msg: `Input should be greater than or equal to ${String(p.limit)}`,
        type: 'greater_than_equal',
        ctx: { limit: Number(p.limit) },
      }
    case 'maximum':
      return { msg: `Input should be less than or equal to ${String(p.limit)}`, type: 'less_than_equal', ctx: { limit: Number(p.limit) } }
    case 'format':
      return {
        msg: p.format === 'email' ? 'value is not a valid email address' : `Input should be a valid ${String(p.format)}`,
        type: 'value_error',
        ctx: { format: String(p.format) },
      }
    case 'string_unstorable': {
      // a rule of ours checked with the schemas (db/storable-text.ts): said as the domain's rules are
      const { msg, type, ctx } = ruleItem([], 'text_unstorable', {}, 'string_unstorable')
      return { msg, type, ctx }
    }
    default:
      return { msg: error.message ?? 'Invalid input', type: error.keyword }
  }
}

/**
 * Checks a value against a body schema exactly as a route checks its body (the same validator and the same 422
 * items), for input that arrives another way: the rows of an import file.
 */
export function bodyChecker(schema: object): (value: unknown) => ValidationErrorItem[] {
  const validate = refusingUnstorableText(validators.body.compile(schema))
  return (value) => (validate(value) ? [] : toValidationItems((validate.errors ?? []) as FastifySchemaValidationError[], 'body'))
}
