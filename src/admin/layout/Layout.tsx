import type { ReactNode } from 'react'
import { Layout as RaLayout } from 'react-admin'
import { LayoutAppBar } from './TopBar'
import { DocumentTitle } from './DocumentTitle'
import { Menu } from './Menu'
import { ScannerProvider } from '../scanning'

export function Layout({ children }: { children: ReactNode }) {
  return (
    // one scan listener for the whole signed-in app: the top bar's camera and every screen share it
    <ScannerProvider>
      <RaLayout appBar={LayoutAppBar} menu={Menu}>
        <DocumentTitle />
        {children}
      </RaLayout>
    </ScannerProvider>
  )
}
