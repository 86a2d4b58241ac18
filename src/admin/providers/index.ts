// The app's providers, made once: an i18n provider, the HTTP client that translates errors with it,
// and the data, auth and account layers on top.
import { createI18nProvider } from './i18nProvider'
import { createHttpClient } from './http'
import { createDataProvider } from './dataProvider'
import { createAuthProvider } from './authProvider'
import { createAccountApi } from './account'
import { session } from './session'

export const i18nProvider = createI18nProvider()
const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options)
/** the one client of every call: react-admin's data calls, sign-in and the account */
export const httpClient = createHttpClient({ getToken: session.token, translate })
export const dataProvider = createDataProvider(httpClient)
const auth = createAuthProvider(httpClient, translate)
export const authProvider: typeof auth = {
  ...auth,
  // the screens behind the sign-in are drawn once the sign-in answers: their texts come first
  async login(credentials) {
    const answer: unknown = await auth.login(credentials)
    await i18nProvider.loadEveryText()
    return answer
  },
}
export const account = createAccountApi(httpClient)
