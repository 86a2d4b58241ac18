import type { ReactNode } from 'react'
import { Layout as RaLayout } from 'react-admin'
import { LayoutAppBar } from './TopBar'
import { DocumentTitle } from '../common/DocumentTitle'
import { Menu } from './Menu'
import { ScannerProvider } from '../common/scanning'

// the default export is what Layout.tsx loads once someone is signed in
export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    // one scan listener for the whole signed-in app: the top bar's camera and every screen share it
    <ScannerProvider>
      {/* minWidth 0 (react-admin: fit-content): a wide table or a row of tabs scrolls within its card instead of widening a phone's page */}
      <RaLayout appBar={LayoutAppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
        <DocumentTitle />
        {children}
      </RaLayout>
    </ScannerProvider>
  )
}
