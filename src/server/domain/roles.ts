// The roles a user holds (the vocabulary is src/contract/roles.ts): read, granted, replaced. A request reads them with
// its session (domain/users.ts, userOfSession), so a change applies from the user's next request.
import { COMPANY_ROLES, type RoleGrant } from '../../contract'
import type { DB } from '../db'
import type { Trx } from '../db/writes'
import { dialectOfConnection } from '../db/dialect'
import { Forbidden, Invalid, NotFound, ruleItem } from './errors'

export async function rolesOf(db: DB, userId: number): Promise<RoleGrant[]> {
  const rows = await db.selectFrom('user_roles').select(['role', 'warehouse_id']).where('user_id', '=', userId).execute()
  return rows.sort((a, b) => a.role.localeCompare(b.role) || (a.warehouse_id ?? 0) - (b.warehouse_id ?? 0))
}

/** Gives a new account its first role, in every warehouse. */
export async function grantFirstRole(trx: Trx, userId: number, role: RoleGrant['role']): Promise<void> {
  await trx.insertInto('user_roles').values({ user_id: userId, role, warehouse_id: null }).execute()
}

/**
 * Replaces the roles of `userId` by `grants`, as `actorId` asks; answers them as they were and as stored. Nobody sets
 * their own (an administrator cannot take away the last right to undo it); office and administrator are company
 * roles only.
 */
export async function replaceRoles(
  trx: Trx,
  userId: number,
  actorId: number,
  grants: readonly RoleGrant[],
): Promise<{ before: RoleGrant[]; after: RoleGrant[] }> {
  if (userId === actorId) throw new Forbidden('Nobody sets their own roles: ask another administrator.')
  // the user's row locked on PostgreSQL: two changes at once replace the roles one after the other, and each reads
  // as `before` what the other left (SQLite writes one transaction at a time)
  const locking = trx.selectFrom('users').select('id').where('id', '=', userId)
  const user = await (dialectOfConnection(trx) === 'postgres' ? locking.forUpdate() : locking).executeTakeFirst()
  if (!user) throw new NotFound('User')
  const before = await rolesOf(trx, userId)
  const misplaced = grants.flatMap((grant, index) =>
    grant.warehouse_id !== null && COMPANY_ROLES.includes(grant.role)
      ? [ruleItem(['body', index, 'warehouse_id'], 'role_for_every_warehouse', { role: grant.role })]
      : [],
  )
  if (misplaced.length > 0) throw new Invalid(misplaced)
  const warehouseIds = [...new Set(grants.flatMap((grant) => (grant.warehouse_id === null ? [] : [grant.warehouse_id])))]
  const known = new Set(
    warehouseIds.length === 0
      ? []
      : (await trx.selectFrom('warehouses').select('id').where('id', 'in', warehouseIds).execute()).map((row) => row.id),
  )
  const unknown = grants.flatMap((grant, index) =>
    grant.warehouse_id !== null && !known.has(grant.warehouse_id)
      ? [ruleItem(['body', index, 'warehouse_id'], 'warehouse_missing', { id: grant.warehouse_id })]
      : [],
  )
  if (unknown.length > 0) throw new Invalid(unknown)

  const once = new Map(grants.map((grant) => [`${grant.role}@${grant.warehouse_id ?? ''}`, grant]))
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute()
  if (once.size > 0)
    await trx
      .insertInto('user_roles')
      .values([...once.values()].map((grant) => ({ user_id: userId, role: grant.role, warehouse_id: grant.warehouse_id })))
      .execute()
  return { before, after: await rolesOf(trx, userId) }
}
