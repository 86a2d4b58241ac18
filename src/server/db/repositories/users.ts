// Queries of the users table.
import type { Selectable } from 'kysely'
import type { ListQuery } from '../../../contract'
import type { DB, Dialect } from '../index'
import type { UsersTable } from '../schema'
import { listPage } from '../lists'

export type UserRow = Selectable<UsersTable>

const list = (dialect: Dialect, db: DB, query: ListQuery) =>
  listPage(dialect, db.selectFrom('users').selectAll(), query, {
    searched: ['username', 'email'],
    names: ['username', 'email'],
    defaultSort: 'id.asc',
  })

const find = (db: DB, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()

export const userRepository = Object.freeze({ list, find })
