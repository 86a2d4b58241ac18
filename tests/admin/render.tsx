// Renders a screen inside react-admin's contexts with English messages and an in-memory router.
import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { AdminContext } from 'react-admin'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import type { AuthProvider, DataProvider, I18nProvider } from 'ra-core'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import en from '../../i18n/en'

export const englishI18n = polyglotI18nProvider(() => en, 'en')

export function renderInAdmin(
  routes: Record<string, ReactNode>,
  {
    at,
    authProvider,
    dataProvider,
    i18nProvider = englishI18n,
  }: { at: string; authProvider?: AuthProvider; dataProvider?: DataProvider; i18nProvider?: I18nProvider },
) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  )
}
