// The admin UI: <Admin> composed from the screen list (screens.ts), the account pages and our layout.
// Real paths (BrowserRouter, no #); every route needs a session except login, /verify and /password.
import { Admin, CustomRoutes, LoadingPage, Resource } from 'react-admin'
import { lazy, Suspense, type ReactNode } from 'react'
import { BrowserRouter, Route } from 'react-router-dom'
import { QueryClient } from '@tanstack/react-query'
import { authProvider, dataProvider, i18nProvider } from './providers'
import { Layout } from './layout/Layout'
import { darkTheme, rememberedTheme, theme } from './layout/theme'
import { LoginPage } from './auth/LoginPage'
import { SCREENS, withScreenAccess } from './screens'
import { isResourceScreen, resourceProps, type PageScreen } from './common/screen'

// pages the sign-in screen does not need load when opened (the first screen has a budget: tests/e2e/first-screen.test.ts)
const VerifyPage = lazy(() => import('./auth/VerifyPage'))
const PasswordResetPage = lazy(() => import('./auth/PasswordResetPage'))
/** A page outside the layout, which has no Suspense of its own for a page still loading. */
const Standalone = ({ children }: { children: ReactNode }) => <Suspense fallback={<LoadingPage />}>{children}</Suspense>

// A failed call is shown at once: the API already answered or gave up after 1000 ms, and retrying three
// times (react-query's default) kept people waiting seven seconds for the message.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })

const appAuthProvider = withScreenAccess(authProvider)
const resources = SCREENS.filter(isResourceScreen)
const pages = SCREENS.filter((screen): screen is PageScreen => !isResourceScreen(screen))

export function App() {
  return (
    <BrowserRouter>
      <Admin
        title="Stockroom"
        dataProvider={dataProvider}
        queryClient={queryClient}
        authProvider={appAuthProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        loginPage={LoginPage}
        theme={theme}
        darkTheme={darkTheme}
        defaultTheme={rememberedTheme()}
        requireAuth
        disableTelemetry
      >
        {resources.map((screen) => (
          <Resource key={screen.resource} name={screen.resource} {...resourceProps(screen)} />
        ))}
        <CustomRoutes noLayout>
          <Route
            path="/verify/:token"
            element={
              <Standalone>
                <VerifyPage />
              </Standalone>
            }
          />
          <Route
            path="/password/:token"
            element={
              <Standalone>
                <PasswordResetPage />
              </Standalone>
            }
          />
        </CustomRoutes>
        <CustomRoutes>
          {pages.flatMap(({ path, pages: below }) =>
            Object.entries(below).map(([sub, Page]) => (
              <Route key={`${path}/${sub}`} path={sub ? `${path}/${sub}` : path} element={<Page />} />
            )),
          )}
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  )
}
