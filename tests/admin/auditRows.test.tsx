// An audit entry opened shows each field before and after in words: a user's roles as "Clerk in Rotterdam".
import { describe, expect, it } from 'vitest'
import { configure, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AuditEntry } from '../../src/contract'
import { AuditRows } from '../../src/admin/common/history/AuditRows'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { createHttpClient } from '../../src/admin/providers/http'
import { fakeFetch } from './fake-api'
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
