// The admin UI: <Admin> composed from the resource folders, the account pages and our layout.
// Real paths (BrowserRouter, no #); every route needs a session except login, /verify and /password.
import { Admin, CustomRoutes, LoadingPage, Resource } from 'react-admin'
import { lazy, Suspense, type ReactNode } from 'react'
import { BrowserRouter, Route } from 'react-router-dom'
import { QueryClient } from '@tanstack/react-query'
import { authProvider, dataProvider, i18nProvider } from './providers'
import { Layout } from './layout/Layout'
import { darkTheme, rememberedTheme, theme } from './layout/theme'
import { LoginPage } from './auth/LoginPage'
import products from './products'
import brands from './brands'
import orgs from './orgs'
import warehouses from './warehouses'
import users from './users'
import transfers from './transfers'
import counts from './counts'
import { reportRoutes } from './reports'
import dashboard from './dashboard'
import audit from './audit'
import imports from './imports'

// pages the sign-in screen does not need load when opened (the first screen has a budget: tests/e2e/first-screen.test.ts)
const ProfilePage = lazy(() => import('./profile/ProfilePage'))
const VerifyPage = lazy(() => import('./auth/VerifyPage'))
const PasswordResetPage = lazy(() => import('./auth/PasswordResetPage'))
/** A page outside the layout, which has no Suspense of its own for a page still loading. */
const Standalone = ({ children }: { children: ReactNode }) => <Suspense fallback={<LoadingPage />}>{children}</Suspense>

// A failed call is shown at once: the API already answered or gave up after 1000 ms, and retrying three
// times (react-query's default) kept people waiting seven seconds for the message.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })

export function App() {
  return (
    <BrowserRouter>
      <Admin
        title="Stockroom"
        dataProvider={dataProvider}
        queryClient={queryClient}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        loginPage={LoginPage}
        theme={theme}
        darkTheme={darkTheme}
        defaultTheme={rememberedTheme()}
        requireAuth
        disableTelemetry
      >
        <Resource name="products" {...products} />
        <Resource name="orgs" {...orgs} />
        <Resource name="brands" {...brands} />
        <Resource name="warehouses" {...warehouses} />
        <Resource name="users" {...users} />
        <Resource name="stock_transfers" {...transfers} />
        <Resource name="stock_counts" {...counts} />
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
          <Route path="/me" element={<ProfilePage />} />
          {reportRoutes}
          <Route path={dashboard.path} element={<dashboard.page />} />
          <Route path={audit.path} element={<audit.page />} />
          <Route path={imports.path} element={<imports.page />} />
          <Route path={`${imports.path}/:id`} element={<imports.report />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  )
}
