// Sessions for react-admin: fastapi-users login, the token and user in localStorage (restored on start),
// 401 → sign in again (back to where you were), 403 → the profile (SPEC §8), Users only for super-users.
import type { AuthProvider } from 'ra-core'
import type { Me, User } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { apiOf, type HttpClient, type Translate } from './http'
import { sendOf } from './operations'
import { session } from './session'

export const LOGIN_PATH = '/login'
export const PROFILE_PATH = '/me'

/** `/login?nextUrl=<the page asked for>` so that signing in lands there */
export function loginUrlFor(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  const wanted = `${location.pathname}${location.search}`
  if (location.pathname === LOGIN_PATH || wanted === '/') return LOGIN_PATH
  return `${LOGIN_PATH}?nextUrl=${encodeURIComponent(wanted)}`
}

/** The nextUrl of the login page, only if it is a path of this app (never another site). */
export function safeNextUrl(search: string): string {
  const next = new URLSearchParams(search).get('nextUrl')
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/'
}

export interface Credentials {
  email: string
  password: string
}

/** What react-admin reads from a refused check: where to go, what to say (false: nothing), whether to sign out. */
interface Refusal {
  redirectTo: string
  message: string | false
  logoutUser?: boolean
}
const refuse = (refusal: Refusal): Promise<never> =>
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- react-admin's contract is this plain object; `message: false` cannot live on an Error
  Promise.reject(refusal)

export function createAuthProvider(httpClient: HttpClient, translate: Translate): AuthProvider {
  const api = apiOf(httpClient)
  const send = sendOf(httpClient)
  /** The stored user read again from the server: its roles may have changed since it signed in. */
  let refreshing: Promise<void> | undefined
  const refreshUser = () =>
    (refreshing ??= api<Me>('/users/me').then(
      ({ json }) => session.saveUser(json),
      // offline or a server error: the stored copy serves; a dead session is sent to sign in by the next call's 401
      () => undefined,
    ))
  return {
    async login({ email, password }: Credentials) {
      let token: string
      try {
        token = (await send(OPERATIONS.signIn, { body: { username: email, password } })).access_token
      } catch (error) {
        const status = (error as { status?: number }).status
        throw new Error(status === 400 ? translate('stockroom.auth.bad_credentials') : (error as Error).message, { cause: error })
      }
      session.save(token)
      const { json: user } = await api<User>('/users/me')
      session.saveUser(user)
    },

    /** Signing out goes to /login; being sent out for lack of a session keeps the wanted page as nextUrl. */
    async logout() {
      if (!session.token()) return loginUrlFor()
      // end the session on the server too; a token that is already dead answers 401, which is fine
      await send(OPERATIONS.signOut).catch(() => undefined)
      session.clear()
      return LOGIN_PATH
    },

    /** Once per load the user is read again (the menus follow its permissions); a copy stored before roles is waited for. */
    async checkAuth() {
      if (!session.token()) return refuse({ redirectTo: loginUrlFor(), message: false })
      const stored = session.user() as Partial<Me> | null
      const refreshed = refreshUser()
      if (!stored?.permissions) await refreshed
    },

    checkError(error: { status?: number }) {
      if (error?.status === 401) {
        session.clear()
        return refuse({ redirectTo: loginUrlFor(), message: 'stockroom.auth.session_expired' })
      }
      // a refusal (403) keeps the user where they are: the screen says what it takes, in their language
      return Promise.resolve()
    },

    getIdentity() {
      const user = session.user()
      if (!user) return Promise.reject(new Error('not signed in'))
      const fullName = [user.given_name, user.family_name].filter(Boolean).join(' ') || user.username
      return Promise.resolve({ ...user, fullName })
    },

    getPermissions: () => {
      const user = session.user() as Partial<Me> | null
      return Promise.resolve({ is_superuser: Boolean(user?.is_superuser), permissions: user?.permissions ?? [] })
    },
  }
}
