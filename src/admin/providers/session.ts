// The stored session: the access token under `jwt` and the signed-in user under `user` (SPEC §3), in localStorage.
import type { Me, User } from '../../contract'
import type { Permission } from '../../contract/roles'

export const TOKEN_KEY = 'jwt'
export const USER_KEY = 'user'

export const session = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  user(): User | null {
    try {
      return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as User | null
    } catch {
      return null
    }
  },
  save(token: string, user?: User) {
    localStorage.setItem(TOKEN_KEY, token)
    if (user) localStorage.setItem(USER_KEY, JSON.stringify(user))
  },
  saveUser: (user: User) => localStorage.setItem(USER_KEY, JSON.stringify(user)),
  /**
   * Whether the signed-in user holds `permission` (GET /users/me's answer): in `warehouseId` when given (a permission
   * held in every warehouse or for the company counts), else for the company or in some warehouse.
   */
  holds(permission: Permission, warehouseId?: number | null): boolean {
    const user = session.user() as Partial<Me> | null
    const where = (held: number | null) => warehouseId == null || held === null || held === warehouseId
    return Boolean(user?.is_superuser || user?.permissions?.some((grant) => grant.permission === permission && where(grant.warehouse_id)))
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY)
    localStorage.removeItem(USER_KEY)
  },
}
