// Account calls outside react-admin's data model (fastapi-users endpoints).
import type { Me, User, UserUpdateMe } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { apiOf, type HttpClient } from './http'
import { sendOf } from './operations'
import { session } from './session'

export function createAccountApi(httpClient: HttpClient) {
  const api = apiOf(httpClient)
  const send = sendOf(httpClient)
  return {
    requestPasswordReset: (email: string) => send(OPERATIONS.requestPasswordReset, { body: { email } }),
    requestVerification: (email: string) => send(OPERATIONS.requestVerification, { body: { email } }),
    verifyEmail: (token: string) => send(OPERATIONS.verifyEmail, { body: { token } }),
    resetPassword: (token: string, password: string) => send(OPERATIONS.resetPassword, { body: { token, password } }),
    /** the signed-in user, fresh from the server; also refreshes the stored copy */
    async me(): Promise<Me> {
      const { json } = await api<Me>('/users/me')
      session.saveUser(json)
      return json
    },
    async updateMe(changes: UserUpdateMe): Promise<User> {
      const user = await send(OPERATIONS.updateOwnAccount, { body: changes })
      session.saveUser(user)
      return user
    },
  }
}
export type AccountApi = ReturnType<typeof createAccountApi>
