// What the rules refuse, as the domain says it. Domain code throws these; plugins/errors.ts alone turns them into
// an HTTP status and body, so nothing here knows of HTTP.
import type { AuthErrorCode, ErrorCode, ValidationErrorItem } from '../../contract'
import { sentence, type DomainRule } from './texts'

/** The values a rule's sentence names: strings and numbers, as ctx carries them. */
export type RuleParams = Record<string, string | number>

/**
 * One refusal of a rule of the domain: its English sentence (stockroom.errors.domain.<rule> of i18n/en.ts) as `msg`,
 * and the rule with its values as `ctx`, from which a screen says it in its reader's language.
 */
export const ruleItem = (
  loc: (string | number)[],
  rule: DomainRule,
  params: RuleParams = {},
  type = 'value_error',
): ValidationErrorItem => ({
  loc,
  msg: sentence('en', `stockroom.errors.domain.${rule}`, params),
  type,
  ctx: { rule, ...params },
})

export abstract class DomainError extends Error {}

/** The record asked for does not exist: `what` names it for a person (`Brand`). */
export class NotFound extends DomainError {
  constructor(readonly what: string) {
    super(`${what} not found`)
  }
}

/** The records as they are do not allow the change: a code the UI translates, a sentence, and the sentence's values. */
export class Conflict extends DomainError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(message)
  }
}

/** Input that passed the schema but breaks a rule, fastapi-style: one item per field, each naming it in `loc`. */
export class Invalid extends DomainError {
  constructor(
    readonly items: ValidationErrorItem[],
    /** 400 where the request is well-formed but refused for what it says (a wrong current password) */
    readonly status: 400 | 422 = 422,
  ) {
    super(items.map((item) => `${item.loc.join('.')}: ${item.msg}`).join('; '))
  }

  static field(loc: (string | number)[], msg: string, type = 'value_error', status: 400 | 422 = 422) {
    return new Invalid([{ loc, msg, type }], status)
  }

  /** A field refused by a rule of the domain, which the screens translate (see ruleItem). */
  static rule(loc: (string | number)[], rule: DomainRule, params: RuleParams = {}, type = 'value_error', status: 400 | 422 = 422) {
    return new Invalid([ruleItem(loc, rule, params, type)], status)
  }
}

/** fastapi-users' refusals of an account action, answered as `{"detail": "RESET_PASSWORD_BAD_TOKEN"}`. */
export class AccountRefusal extends DomainError {
  constructor(readonly detail: AuthErrorCode) {
    super(detail)
  }
}

/** No valid session. */
export class Unauthorized extends DomainError {
  constructor() {
    super('Unauthorized')
  }
}

/** A session that may not do this; `code` says why when it is more than a missing right. */
export class Forbidden extends DomainError {
  constructor(
    message = 'Forbidden',
    readonly code: ErrorCode = 'FORBIDDEN',
    /** the permission it takes and where: `{permission, warehouse_id, warehouse}` */
    readonly params?: Record<string, string | number>,
  ) {
    super(message)
  }
}

/** Too many attempts of a limited call; the client may try again after `retryAfterSeconds`. */
export class TooManyAttempts extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`)
  }
}

/** An Idempotency-Key sent again with another request (method, path or body) than the one it was first used for. */
export class KeyReused extends DomainError {
  constructor() {
    super('This Idempotency-Key was already used for another request. Send a new key for a new request.')
  }
}

/** A request with the same Idempotency-Key is still being carried out; its answer can be asked for again shortly. */
export class StillInProgress extends DomainError {
  constructor() {
    super('A request with this Idempotency-Key is still being carried out. Please repeat it in a moment to get its answer.')
  }
}
