// An import in the audit trail is one entry that says how many changes it made and opens to the list of them.
import { beforeEach, describe, expect, it } from 'vitest'
import { configure, screen, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import type { AuditEntry } from '../../src/contract'
import AuditPage from '../../src/admin/audit/AuditPage'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { createHttpClient } from '../../src/admin/providers/http'
import { session } from '../../src/admin/providers/session'
import { fakeFetch } from './fake-api'
import { englishI18n, renderInAdmin } from './render'

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
  id,
  created_at: '2026-11-01T10:00:00.000Z',
  user_id: 1,
  username: 'admin',
  action: 'create',
  entity_type: 'product',
  entity_id: id,
  changes: null,
  request_id: null,
  ...fields,
})
const theImport = entry(50, { entity_type: 'import', entity_id: 7, changes: { file_name: 'products.csv' }, parts: 3 })
const itsRevert = entry(60, { action: 'delete', entity_type: 'import', entity_id: 8, parts: 1 })
const rows = ['LAMP-1', 'LAMP-2', 'LAMP-3'].map((sku, i) => entry(53 - i, { subject: sku, changes: { sku, import_id: 7 } }))

function serve() {
  const { fetch, requests } = fakeFetch((request) => {
    const url = new URL(request.url, 'http://x')
    if (url.pathname === '/api/users/') return { json: [], headers: { 'x-total-count': '0' } }
    if (url.pathname !== '/api/audit/') return { status: 404, json: { detail: 'no fake' } }
    const listed = url.searchParams.get('part_of') === '50' ? rows : [itsRevert, theImport]
    return { json: listed, headers: { 'x-total-count': String(listed.length) } }
  })
  return {
    dataProvider: createDataProvider(createHttpClient({ getToken: () => 'token', translate: englishI18n.translate, fetch })),
    requests,
  }
}

beforeEach(() => {
  localStorage.clear()
  session.save('token', { id: 1, username: 'admin', email: 'a@example.com', is_superuser: true, roles: [], permissions: [] } as never)
})

describe('an entry that sums up an import', { timeout: 20_000 }, () => {
  it('says how many changes it made, and opens to them and back', async () => {
    const { dataProvider, requests } = serve()
    renderInAdmin({ '/audit': <AuditPage /> }, { at: '/audit', dataProvider })
    const table = await screen.findByRole('table', { name: 'Audit trail' })
    const [, revertRow, importRow] = within(table).getAllByRole('row')
    expect(within(revertRow).getByRole('button', { name: '1 change' })).toBeInTheDocument()
    const open = within(importRow).getByRole('button', { name: '3 changes' })
    // a target a finger hits
    expect(getComputedStyle(open).minHeight).toBe('44px')
    await userEvent.click(open)

    expect(await screen.findByRole('heading', { name: 'The changes of entry #50' })).toBeInTheDocument()
    const parts = await screen.findByRole('table', { name: 'Audit trail' })
    await within(parts).findByText('LAMP-1')
    expect(
      within(parts)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByText(/LAMP-/).textContent),
    ).toEqual(['LAMP-1', 'LAMP-2', 'LAMP-3'])
    // a row of the import sums up nothing: no count to open
    expect(within(parts).queryByRole('button', { name: /^\d+ changes?$/ })).not.toBeInTheDocument()
    expect(requests.filter((r) => r.url.startsWith('/api/audit/')).at(-1)?.url).toMatch(/[?&]part_of=50(&|$)/)

    await userEvent.click(screen.getByRole('button', { name: 'All entries' }))
    expect(
      await within(await screen.findByRole('table', { name: 'Audit trail' })).findByRole('button', { name: '3 changes' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'The changes of entry #50' })).not.toBeInTheDocument()
  })
})
