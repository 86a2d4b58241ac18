// Renders a screen inside react-admin's contexts with English messages and an in-memory router.
import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { AdminContext } from 'react-admin'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import type { AuthProvider, DataProvider, I18nProvider } from 'ra-core'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import en from '../../i18n/en'
import { permissionsOf, type RoleGrant } from '../../src/contract/roles'
import { USER_KEY } from '../../src/admin/providers/session'

export const englishI18n = polyglotI18nProvider(() => en, 'en')

/** What every user held before roles (office and manager everywhere): screens rendered without a stored user act as them */
const EVERY_RIGHT_BEFORE_ROLES: RoleGrant[] = [
  { role: 'office', warehouse_id: null },
  { role: 'manager', warehouse_id: null },
]
export const upgradedUser = {
  id: 9,
  email: 'upgraded@example.com',
  username: 'upgraded',
  is_superuser: false,
  roles: EVERY_RIGHT_BEFORE_ROLES,
  permissions: permissionsOf(EVERY_RIGHT_BEFORE_ROLES, false),
}

/** Screens show what the stored user's permissions allow; a test that signs somebody in stores its own. */
export function actAsUpgradedUserUnlessStored() {
  if (localStorage.getItem(USER_KEY) === null) localStorage.setItem(USER_KEY, JSON.stringify(upgradedUser))
}

export function renderInAdmin(
  routes: Record<string, ReactNode>,
  {
    at,
    authProvider,
    dataProvider,
    i18nProvider = englishI18n,
  }: { at: string; authProvider?: AuthProvider; dataProvider?: DataProvider; i18nProvider?: I18nProvider },
) {
  actAsUpgradedUserUnlessStored()
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
