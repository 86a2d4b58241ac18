// Text neither database can keep as sent: PostgreSQL refuses NUL characters (a 500 before this check), and an
// unpaired surrogate would be stored as U+FFFD, so the record would silently differ from the request. Both
// databases refuse such text alike, with a 422 naming the field.
import type { ErrorObject, ValidateFunction } from 'ajv'

const MESSAGE = 'Text should not contain NUL characters or unpaired surrogates'
/** in a `u` regex a surrogate pair is one code point, so only unpaired halves are of category Cs */
// eslint-disable-next-line no-control-regex -- the NUL character is what PostgreSQL cannot store
const UNSTORABLE = /[\u0000\p{Cs}]/u
const isStorable = (text: string) => !UNSTORABLE.test(text)

/** One ajv-style error per string (or key) in `data` that cannot be stored as it is. */
export function unstorableText(data: unknown, path = ''): ErrorObject[] {
  if (typeof data === 'string')
    return isStorable(data) ? [] : [{ instancePath: path, schemaPath: '#', keyword: 'string_unstorable', params: {}, message: MESSAGE }]
  if (Array.isArray(data)) return data.flatMap((item, i) => unstorableText(item, `${path}/${i}`))
  if (data && typeof data === 'object')
    return Object.entries(data).flatMap(([key, value]) => {
      const at = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`
      return isStorable(key)
        ? unstorableText(value, at)
        : [{ instancePath: at, schemaPath: '#', keyword: 'string_unstorable', params: {}, message: MESSAGE }]
    })
  return []
}

/** Wraps a schema's validator: the schema first (it drops unknown fields), then the text that is left. */
export function refusingUnstorableText(validate: ValidateFunction): ValidateFunction {
  const check = ((data: unknown) => {
    if (!validate(data)) {
      check.errors = validate.errors
      return false
    }
    const problems = unstorableText(data)
    check.errors = problems.length ? problems : null
    return problems.length === 0
  }) as ValidateFunction
  return check
}
