// The signed-in frame (top bar, menus, the scan listener) is loaded only once someone is signed in: the sign-in
// screen, whose JavaScript has a budget (tests/e2e/first-screen.test.ts), needs none of it.
import { lazy, Suspense, type ReactNode } from 'react'
import { LoadingPage } from 'react-admin'

const AppLayout = lazy(() => import('./AppLayout'))

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingPage />}>
      <AppLayout>{children}</AppLayout>
    </Suspense>
  )
}
