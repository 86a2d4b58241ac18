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
  /** whether the signed-in user holds `permission`, for the company or in some warehouse (GET /users/me's answer) */
  holds(permission: Permission): boolean {
    const user = session.user() as Partial<Me> | null
    return Boolean(user?.is_superuser || user?.permissions?.some((grant) => grant.permission === permission))
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY)
    localStorage.removeItem(USER_KEY)
  },
}
