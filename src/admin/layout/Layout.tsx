import type { ReactNode } from 'react'
import { Layout as RaLayout } from 'react-admin'
import { LayoutAppBar } from './TopBar'
import { DocumentTitle } from './DocumentTitle'
import { Menu } from './Menu'

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={LayoutAppBar} menu={Menu}>
      <DocumentTitle />
      {children}
    </RaLayout>
  )
}
