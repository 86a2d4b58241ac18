// Generators of bad (and sometimes good) requests for the property-based test of every route, driven by the
// route's OpenAPI description: wrong types, missing and extra fields, huge and negative numbers, long and odd
// strings, SQL and HTML fragments, broken JSON and wrong content types. Ids may point at rows that exist:
// an `Existing` marker is resolved against the data just before the request goes out.
import fc from 'fast-check'
import type { Database } from '../../src/server/db/schema'

/** An OpenAPI 3.0 schema, as @fastify/swagger writes it. */
export interface Schema {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  enum?: unknown[]
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  nullable?: boolean
  anyOf?: Schema[]
  items?: Schema
}
export interface Parameter {
  in: 'path' | 'query'
  name: string
  required?: boolean
  schema: Schema
}
export interface Operation {
  method: string
  /** OpenAPI path, e.g. /api/products/{id}/sellers/{seller_info_id} */
  path: string
  parameters: Parameter[]
  body?: Schema
}

/** Table of the rows an id names, by field or path parameter: a table of the schema whose rows have an id. */
export type Table = { [Name in keyof Database]: Database[Name] extends { id: unknown } ? Name : never }[keyof Database]
/** The tables of the database under test whose rows have an id column, as the test reads them from it. */
export type IdTables = ReadonlySet<string>

/** "the id (or another column) of the n-th row of `table`", decided when the request is sent */
export class Existing {
  constructor(
    readonly table: Table,
    readonly index: number,
    readonly column: 'id' | 'email' = 'id',
  ) {}
}
/** "the n-th mailed token the test issued" (live, expired, for an old address...) */
export class MailedToken {
  constructor(readonly index: number) {}
}

export interface FuzzRequest {
  method: string
  path: string
  /** path parameter values: raw text (sent as is) or an existing row */
  params: Record<string, string | Existing>
  /** query pairs; repeated keys allowed */
  query: [string, string | Existing][]
  /** for a body: a JSON value to encode, or raw text */
  body: { json: unknown } | { raw: string } | undefined
  contentType: string | undefined
  auth: 'admin' | 'user' | 'none' | 'garbage'
  /** make child ids agree with their parents (location of its warehouse, seller entry of its product...) */
  coherent: boolean
  /** the Idempotency-Key header of a write: none, one of a few shared keys (so that keys are repeated and reused), or odd */
  idempotencyKey: string | undefined
}

/** The table an id field names: fields are named by role (supplier_id, entity_id, line_id) as often as by table. */
const FIELD_TABLES: Record<string, Table> = {
  brand_id: 'brands',
  supplier_id: 'organizations',
  seller_id: 'organizations',
  warehouse_id: 'warehouses',
  location_id: 'locations',
  product_id: 'products',
  user_id: 'users',
  seller_info_id: 'product_sellers',
  mutation_id: 'stock_mutations',
  entity_id: 'products',
  line_id: 'stock_count_lines',
}
/** The table of a path's ids where the path's first segment (after /api/) is not the table's own name. */
const PATH_TABLES: Partial<Record<string, Table>> = {
  orgs: 'organizations', // the short path the specification names (../shared/SPEC.md), of the table named in full
  audit: 'audit_log', // the resource is the audit, its table the log of entries
}
const isTable = (name: string, tables: IdTables): name is Table => tables.has(name)
/** The table whose rows an `id` path parameter or an `…_id` field names; none for other parameters. */
export function tableOfParam(path: string, name: string, tables: IdTables): Table | undefined {
  if (name !== 'id') return FIELD_TABLES[name]
  const segment = /^\/api\/([^/]+)\//.exec(path)?.[1]
  if (segment === undefined) return undefined
  return PATH_TABLES[segment] ?? (isTable(segment, tables) ? segment : undefined)
}

export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  '" OR ""="',
  "1' UNION SELECT hashed_password FROM users --",
  "admin@example.com' --",
  '%',
  '_',
  '\\',
  '\\%',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u202Egnp.exe',
  'e\u0301\u0301\u0301',
  '𝕋𝕖𝕤𝕥 🙂',
  '🙂'.repeat(150),
  '%s%s%n',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e999',
  '0x10',
  'ｆｕｌｌｗｉｄｔｈ',
  'x'.repeat(101),
  'x'.repeat(201),
  'x'.repeat(2049),
  'y'.repeat(100_000),
]
export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 1,
  1e21,
  1e308,
  -1e308,
  5e-324,
  1_000_000_000,
  1_000_000_001,
]

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 95, maxLength: 260 }) },
)
const nastyNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.integer(), fc.double())
/** any JSON value at all, odd ones likely */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyNumber, { maxLength: 3 }),
)

const nullable = (schema: Schema) => schema.nullable || schema.anyOf?.some((s) => s.type === 'null')
const concrete = (schema: Schema): Schema => schema.anyOf?.find((s) => s.type !== 'null') ?? schema

/** A value the schema (probably) accepts; ids often of rows that exist. */
function fitting(schema: Schema, name: string): fc.Arbitrary<unknown> {
  const s = concrete(schema)
  const table = FIELD_TABLES[name]
  let arbitrary: fc.Arbitrary<unknown>
  if (s.enum) arbitrary = fc.constantFrom(...s.enum)
  else if (name === 'token')
    arbitrary = fc.oneof(
      fc.nat({ max: 20 }).map((index) => new MailedToken(index)),
      fc.string({ minLength: 1, maxLength: 60 }),
    )
  else if (s.type === 'string' && (s.format === 'email' || name === 'username') && !s.pattern)
    arbitrary = fc.oneof(
      fc.nat({ max: 50 }).map((index) => new Existing('users', index, 'email')),
      fc.emailAddress(),
    )
  else if (s.type === 'integer' && table) arbitrary = fc.nat({ max: 50 }).map((index) => new Existing(table, index))
  else if (s.type === 'integer') arbitrary = fc.integer({ min: Math.max(s.minimum ?? -1e9, -1e9), max: Math.min(s.maximum ?? 1e9, 1e9) })
  else if (s.type === 'number') arbitrary = fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true })
  else if (s.type === 'boolean') arbitrary = fc.boolean()
  else if (s.type === 'string') {
    const pattern = s.pattern ? new RegExp(s.pattern, 'u') : undefined
    const plain = pattern
      ? fc.stringMatching(pattern).filter((v) => v.length <= (s.maxLength ?? 1e6))
      : fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 60, 60) })
    // of the right type, length and form, but odd: SQL, HTML, NUL, unpaired surrogates...
    const odd = NASTY_STRINGS.filter(
      (text) => text.length >= (s.minLength ?? 0) && text.length <= (s.maxLength ?? Infinity) && (!pattern || pattern.test(text)),
    )
    arbitrary = odd.length ? fc.oneof({ weight: 3, arbitrary: plain }, { weight: 2, arbitrary: fc.constantFrom(...odd) }) : plain
  } else if (s.type === 'object') arbitrary = objectFor(s)
  else arbitrary = anyValue
  return nullable(schema) ? fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: fc.constant(null) }) : arbitrary
}

/** Usually what the schema wants, sometimes anything at all. */
const valueFor = (schema: Schema, name: string) =>
  fc.oneof({ weight: 4, arbitrary: fitting(schema, name) }, { weight: 1, arbitrary: anyValue })

function objectFor(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {})
  const required = new Set(schema.required ?? [])
  const fields = properties.map(([name, property]) =>
    fc.oneof(
      { weight: required.has(name) ? 8 : 3, arbitrary: valueFor(property, name).map((value) => [[name, value]] as [string, unknown][]) },
      { weight: 1, arbitrary: fc.constant([] as [string, unknown][]) },
    ),
  )
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as [string, unknown][]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom('id', 'is_superuser', 'hashed_password', 'stock', 'created_at', 'user_id', '__proto__'),
          ),
          anyValue,
        ),
        { maxLength: 3 },
      ),
    },
  )
  return fc.tuple(fc.tuple(...fields), extra).map(([chosen, more]) => Object.fromEntries([...chosen.flat(), ...more]))
}

const BROKEN_JSON = [
  '{',
  '{"',
  '{"a":}',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '{"amount": 1e400}',
  '{"amount": -1e400}',
  '{"brand_name": "\\ud800"}',
  '{"brand_name": "\\u0000"}',
  '{"__proto__": {"is_superuser": true}}',
  '{"constructor": {"prototype": {"is_superuser": true}}}',
  '\u0000',
  '\uFEFF{}',
  '[]'.repeat(1000),
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":' + '['.repeat(3000) + ']'.repeat(3000) + '}',
]

const bodyFor = (operation: Operation): fc.Arbitrary<FuzzRequest['body']> =>
  fc.oneof(
    {
      weight: operation.body ? 10 : 1,
      arbitrary: (operation.body ? objectFor(concrete(operation.body)) : fc.object({ maxDepth: 1 })).map((json) => ({ json })),
    },
    { weight: 2, arbitrary: fc.object({ maxDepth: 2, values: [anyValue] }).map((json) => ({ json })) },
    { weight: 2, arbitrary: anyValue.map((json) => ({ json })) },
    { weight: 2, arbitrary: fc.constantFrom(...BROKEN_JSON).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((raw) => ({ raw })) },
    { weight: operation.body ? 1 : 6, arbitrary: fc.constant(undefined) },
  )

const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;',
  'application/vnd.api+json',
  '*/*',
  'application/json, text/plain',
  '',
]
const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
)

const ODD_IDS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  '01',
  ' 1',
  '1 ',
  'abc',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '١',
  '%00',
  '%zz',
  "1'",
  '1;DROP',
  '..%2F..%2Fetc',
  '%F0%9F%99%82',
  'me',
]
const pathValue = (table: Table | undefined): fc.Arbitrary<string | Existing> =>
  fc.oneof(
    { weight: table ? 6 : 0, arbitrary: fc.nat({ max: 50 }).map((index) => new Existing(table ?? 'products', index)) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_IDS) },
    { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 32 }).map(String) },
  )

const stringOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))
function queryFor(operation: Operation): fc.Arbitrary<[string, string | Existing][]> {
  const declared = operation.parameters.filter((p) => p.in === 'query')
  const pairs = declared.map((p) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as [string, string | Existing][]) },
      {
        weight: 4,
        arbitrary: valueFor(p.schema, p.name).map(
          (v) => [[p.name, v instanceof Existing ? v : stringOf(v)]] as [string, string | Existing][],
        ),
      },
      {
        weight: 1,
        arbitrary: fc.array(nastyString, { minLength: 1, maxLength: 3 }).map((vs) => vs.map((v) => [p.name, v] as [string, string])),
      },
    ),
  )
  const extra = fc.oneof(
    { weight: 5, arbitrary: fc.constant([] as [string, string][]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('q', 'limit', 'skip', 'sort_by', '__proto__')), nastyString),
        { maxLength: 3 },
      ),
    },
  )
  return fc.tuple(fc.tuple(...pairs), extra).map(([chosen, more]) => [...chosen.flat(), ...more])
}

/** Few keys, so that the same key comes again with the same and with other requests; and keys of the wrong form. */
const idempotencyKey = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constantFrom('fuzz-key-1', 'fuzz-key-2', 'fuzz-key-3') },
  { weight: 1, arbitrary: fc.constantFrom('', 'k'.repeat(256), 'bad\u0001key', 'sleutel-é', ' ') },
)

export function requestFor(operation: Operation, tables: IdTables): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path')
  const params = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(tableOfParam(operation.path, p.name, tables))])))
  return fc.record({
    method: fc.constant(operation.method),
    path: fc.constant(operation.path),
    params,
    query: queryFor(operation),
    body: bodyFor(operation),
    contentType,
    auth: fc.constantFrom<FuzzRequest['auth']>('admin', 'admin', 'admin', 'admin', 'admin', 'admin', 'user', 'user', 'none', 'garbage'),
    coherent: fc.boolean(),
    idempotencyKey: operation.method === 'GET' ? fc.constant(undefined) : idempotencyKey,
  })
}

/** The operations of an OpenAPI document, with their parameters and JSON body schema. */
export function operationsOf(spec: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>>
}): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  )
}
