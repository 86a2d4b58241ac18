// An audit entry opened shows each field before and after in words: a user's roles as "Clerk in Rotterdam"; on a
// phone the trail is cards.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AuditEntry } from '../../src/contract'
import { AuditRows } from '../../src/admin/common/history/AuditRows'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { createHttpClient } from '../../src/admin/providers/http'
import { fakeFetch } from './fake-api'
import polyglotI18nProvider from 'ra-i18n-polyglot'
import nl from '../../i18n/nl'
import { englishI18n, renderInAdmin } from './render'

configure({ asyncUtilTimeout: 5000 })

const entry: AuditEntry = {
  id: 40,
  created_at: '2026-11-01T10:00:00.000Z',
  user_id: 1,
  username: 'admin',
  action: 'update',
  entity_type: 'user',
  entity_id: 9,
  changes: {
    roles: [
      { role: 'clerk', warehouse_id: 1 },
      { role: 'office', warehouse_id: null },
    ],
    before: { roles: [{ role: 'viewer', warehouse_id: null }] },
  },
  request_id: null,
}

describe('an audit entry of roles', { timeout: 20_000 }, () => {
  it('says the roles before and after in words, with the names of the warehouses', async () => {
    const { fetch } = fakeFetch(() => ({ json: [{ id: 1, warehouse_name: 'Rotterdam' }], headers: { 'x-total-count': '1' } }))
    const dataProvider = createDataProvider(createHttpClient({ getToken: () => 'token', translate: englishI18n.translate, fetch }))
    renderInAdmin({ '/': <AuditRows entries={[entry]} onUndone={() => {}} /> }, { at: '/', dataProvider })
    await userEvent.click(await screen.findByRole('button', { name: /Show the change/ }))
    const table = await screen.findByRole('table', { name: 'Changes' })
    const [, row] = within(table).getAllByRole('row')
    expect(row).toHaveTextContent('Roles')
    expect(row).toHaveTextContent('Viewer in every warehouse')
    expect(await within(row).findByText('Clerk in Rotterdam, Office in every warehouse')).toBeInTheDocument()
  })
})

describe('the audit trail on a phone', { timeout: 20_000 }, () => {
  // MUI asks matchMedia whether the screen is under its sm breakpoint (a max-width query)
  const phoneScreen = (query: string) =>
    ({ matches: query.includes('max-width'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList
  afterEach(() => vi.unstubAllGlobals())

  it('is one card per entry (no table to cut), naming what changed, opening to each field before and after', async () => {
    vi.stubGlobal('matchMedia', phoneScreen)
    const dutch = polyglotI18nProvider(() => nl, 'nl')
    const edit: AuditEntry = {
      ...entry,
      id: 41,
      entity_type: 'product',
      entity_id: 27,
      subject: 'LAMP-1 Bureaulamp',
      changes: { description: 'Bureaulamp wit', before: { description: 'Bureaulamp' } },
    }
    const revert: AuditEntry = { ...entry, id: 42, action: 'delete', entity_type: 'import', entity_id: 3, changes: {}, parts: 15_967 }
    let opened: AuditEntry | undefined
    renderInAdmin(
      { '/': <AuditRows entries={[edit, revert]} onUndone={() => {}} onOpenParts={(e) => (opened = e)} /> },
      {
        at: '/',
        i18nProvider: dutch,
      },
    )
    const list = await screen.findByRole('list', { name: dutch.translate('terms.audit_trail') })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const [first, second] = within(list).getAllByTestId('audit-row')
    expect(first).toHaveTextContent(
      `${dutch.translate('audit.actions.update')} · ${dutch.translate('audit.kinds.product')} LAMP-1 Bureaulamp`,
    )
    expect(first).toHaveTextContent('admin')
    expect(second).toHaveAttribute('aria-expanded', 'false')

    await userEvent.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'true')
    const fields = await screen.findByRole('group', { name: dutch.translate('audit.columns.changes') })
    expect(fields).toHaveTextContent(`${dutch.translate('audit.before')}: Bureaulamp`)
    expect(fields).toHaveTextContent(`${dutch.translate('audit.after')}: Bureaulamp wit`)

    await userEvent.click(screen.getByRole('button', { name: dutch.translate('audit.parts', { smart_count: 15_967 }) }))
    expect(opened?.id).toBe(42)
    // the count's button opens the rows, not the card
    expect(second).toHaveAttribute('aria-expanded', 'false')
  })
})
