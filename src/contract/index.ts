// The API contract: schemas (validation + OpenAPI on the server) and their types (both halves).
// The admin imports types only (`import type`), and constants from ./constants.
export * from './constants'
export * from './errors'
export * from './common'
export * from './catalogue'
export * from './products'
export * from './stock'
export * from './users'
export * from './audit'
export * from './exports'
export * from './imports'
export * from './dashboard'
