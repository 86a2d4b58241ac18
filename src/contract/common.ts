import Type, { type Static, type TSchema } from 'typebox'
import { IDEMPOTENCY_KEY_HEADER, MAX_LIST_LIMIT } from './constants'
import { ERROR_CODES } from './errors'

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 })
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' })
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
/** A name a person types: at least one visible character; the server trims it. */
export const Name = (maxLength = 200) => Type.String({ minLength: 1, maxLength, pattern: '\\S' })
export const timestamps = { created_at: Timestamp, updated_at: Timestamp }

export const IdParams = Type.Object({ id: Id })
export type IdParams = Static<typeof IdParams>

/** `field.asc` or `field.desc` over a whitelist; the description doubles as the 422 message. */
export const SortBy = (fields: readonly string[], fallback: string) =>
  Type.String({
    pattern: `^(${fields.join('|')})\\.(asc|desc)$`,
    default: fallback,
    description: `field.asc or field.desc, with field one of ${fields.join(', ')}`,
  })

/** Paging of a list: `skip` rows, then at most `limit` (each list has its own ceiling, and default where it has one). */
export const Paging = ({ maxLimit, defaultLimit }: { maxLimit: number; defaultLimit?: number }) => ({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: maxLimit, ...(defaultLimit === undefined ? {} : { default: defaultLimit }) })),
})

/**
 * Query of a plain list: paging, only some records (`id`, repeated), a name search for pickers, and a sort.
 * Without `limit` at most MAX_LIST_LIMIT rows.
 */
export const ListQuery = (sortFields: readonly string[], defaultSort: string) =>
  Type.Object({
    ...Paging({ maxLimit: MAX_LIST_LIMIT }),
    id: Type.Optional(
      Type.Array(Id, {
        maxItems: MAX_LIST_LIMIT,
        description: 'only the records with these ids, repeating the parameter (?id=1&id=4); still paged, sorted and counted',
      }),
    ),
    q: Type.Optional(Type.String({ maxLength: 200, description: 'case-insensitive substring of the name' })),
    sort_by: Type.Optional(SortBy(sortFields, defaultSort)),
  })
export type ListQuery = { skip?: number; limit?: number; id?: number[]; q?: string; sort_by?: string }

/** fastapi-style validation error: 422 {detail: [{loc, msg, type}]} */
export const ValidationErrorItem = Type.Object({
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
  msg: Type.String(),
  type: Type.String(),
  /**
   * the rule's values (limit, allowed, expected...), so that a screen can say it in its language; a refusal of a rule of
   * the domain names that rule too (`rule`, a key of stockroom.errors.domain) with the values of its sentence
   */
  ctx: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
})
export type ValidationErrorItem = Static<typeof ValidationErrorItem>

/** Every other error: {detail, code?}; `code` and `params` let the UI translate the sentence. */
export const ErrorBody = Type.Object({
  detail: Type.Union([Type.String(), Type.Array(ValidationErrorItem)]),
  // a string, not an enum: a client may meet a code newer than itself, and falls back to `detail`
  code: Type.Optional(Type.String({ description: `one of ${ERROR_CODES.join(', ')}` })),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
})
export type ErrorBody = Static<typeof ErrorBody>

/** Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header), accepted by every POST, PUT, PATCH and DELETE. */
export const WriteHeaders = Type.Object({
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x20-\\x7E]+$',
      description:
        '1 to 255 printable ASCII characters, e.g. a UUID. A signed-in write is carried out once per key: a repeat with the ' +
        'same key, method, path and body gets the first answer again (header Idempotent-Replayed: true) and writes ' +
        'nothing; another request with the key gets 422 IDEMPOTENCY_KEY_REUSED; a repeat while the first is under way ' +
        'gets 409 IDEMPOTENCY_IN_PROGRESS with Retry-After. Keys are kept 24 hours per user.',
    }),
  ),
})
