// The stored session: the access token under `jwt` and the signed-in user under `user` (SPEC §3), in localStorage.
import type { Me, User } from '../../contract'
import { holds, warehousesWith, type Permission } from '../../contract/roles'

export const TOKEN_KEY = 'jwt'
export const USER_KEY = 'user'

/** The stored user as last read, by its stored text: screens ask for it on every render (a row's button too). */
let read: { text: string | null; user: User | null } | undefined

export const session = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  user(): User | null {
    const text = localStorage.getItem(USER_KEY)
    if (read?.text === text) return read.user
    let user: User | null = null
    try {
      user = JSON.parse(text ?? 'null') as User | null
    } catch {
      // unreadable: as if nobody were stored
    }
    read = { text, user }
    return user
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
    return Boolean(user?.is_superuser || holds(user?.permissions ?? [], permission, warehouseId ?? undefined))
  },
  /** The warehouses whose stock the signed-in user sees: 'all', or their ids */
  warehousesSeen(): 'all' | number[] {
    const user = session.user() as Partial<Me> | null
    return user?.is_superuser ? 'all' : warehousesWith(user?.permissions ?? [], 'stock.read')
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY)
    localStorage.removeItem(USER_KEY)
  },
}
