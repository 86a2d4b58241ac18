// Errors a handler throws; the error plugin turns them into the answer's status and body.
import type { ErrorBody, ValidationErrorItem } from '../contract'

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : 'Validation error')
  }
}

export const notFound = (what: string) => new HttpError(404, { detail: `${what} not found`, code: 'NOT_FOUND' })
/** 409 with a sentence a person can read; `code` and `params` let the UI say it in its own language */
export const conflict = (code: string, detail: string, params?: ErrorBody['params']) =>
  new HttpError(409, { detail, code, ...(params ? { params } : {}) })
/** fastapi-users style: 400 {"detail": "SOME_CODE"} */
export const badRequest = (detail: string) => new HttpError(400, { detail })
export const unauthorized = () => new HttpError(401, { detail: 'Unauthorized' }, { 'www-authenticate': 'Bearer' })
export const forbidden = (detail = 'Forbidden') => new HttpError(403, { detail, code: 'FORBIDDEN' })
export const unprocessable = (items: ValidationErrorItem[]) => new HttpError(422, { detail: items })
export const invalidField = (loc: (string | number)[], msg: string, type = 'value_error') => unprocessable([{ loc, msg, type }])
