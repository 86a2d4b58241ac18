// Account calls outside react-admin's data model (fastapi-users endpoints).
import type { User, UserUpdateMe } from '../../contract'
import { apiOf, type HttpClient } from './http'
import { session } from './session'

export function createAccountApi(httpClient: HttpClient) {
  const api = apiOf(httpClient)
  return {
    requestPasswordReset: (email: string) => api('/auth/forgot-password', { method: 'POST', body: { email } }),
    requestVerification: (email: string) => api('/auth/request-verify-token', { method: 'POST', body: { email } }),
    verifyEmail: (token: string) => api<User>('/auth/verify', { method: 'POST', body: { token } }).then((r) => r.json),
    resetPassword: (token: string, password: string) => api('/auth/reset-password', { method: 'POST', body: { token, password } }),
    /** the signed-in user, fresh from the server; also refreshes the stored copy */
    async me(): Promise<User> {
      const { json } = await api<User>('/users/me')
      session.saveUser(json)
      return json
    },
    async updateMe(changes: UserUpdateMe): Promise<User> {
      const { json } = await api<User>('/users/me', { method: 'PATCH', body: changes })
      session.saveUser(json)
      return json
    },
  }
}
export type AccountApi = ReturnType<typeof createAccountApi>
