// Queries of the users table.
import type { Selectable } from 'kysely'
import type { ListQuery } from '../../../contract'
import type { DB, Dialect } from '../index'
import type { UsersTable } from '../schema'
import { listPage, orderedRows, type ListShape } from '../lists'

/** Addresses are kept trimmed and in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export type UserRow = Selectable<UsersTable>

const SHAPE: ListShape = { searched: ['username', 'email'], names: ['username', 'email'], defaultSort: 'id.asc' }

const list = (dialect: Dialect, db: DB, query: ListQuery) => listPage(dialect, db.selectFrom('users').selectAll(), query, SHAPE)
/** Every row of the list, in its order (an export) */
const ordered = (dialect: Dialect, db: DB, query: ListQuery) =>
  orderedRows(dialect, db.selectFrom('users').selectAll(), query, SHAPE).ordered

const find = (db: DB, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()

/** The account of an address, in any case and spacing. */
const findByEmail = (db: DB, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()

export const userRepository = Object.freeze({ list, ordered, find, findByEmail })
