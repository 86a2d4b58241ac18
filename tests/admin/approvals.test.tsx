// The approvals list: what each would book, and Approve and Reject only for a manager of its warehouse who did not ask;
// rejecting needs a reason. The user's roles table: a box per role and warehouse, saved as the bare list the API takes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEventLib from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { Notification } from 'react-admin'
import type { Approval } from '../../src/contract'
import ApprovalList from '../../src/admin/approvals/ApprovalList'
import { UserRoles } from '../../src/admin/users/UserRoles'
import { createDataProvider } from '../../src/admin/providers/dataProvider'
import { createHttpClient } from '../../src/admin/providers/http'
import { session } from '../../src/admin/providers/session'
import { fakeFetch, type Recorded } from './fake-api'
import { englishI18n, renderInAdmin } from './render'

const withNotices = (screen: ReactNode) => (
  <>
    {screen}
    <Notification />
  </>
)

configure({ asyncUtilTimeout: 5000 })
const userEvent = userEventLib.setup({ delay: null })

const stamp = '2026-11-01T10:00:00.000Z'
const approval = (id: number, fields: Partial<Approval> = {}): Approval => ({
  id,
  kind: 'booking',
  status: 'pending',
  warehouse_id: 1,
  warehouse_name: 'Rotterdam',
  summary: {
    quantity: 400,
    value: 2000,
    product: { id: 5, sku: 'CUP-1', article_number: null, description: 'Cup' },
    location_id: 11,
    location_name: 'A-01',
    amount: 400,
    note: null,
    count_id: null,
    import_id: null,
    lines: null,
  },
  threshold_quantity: 100,
  threshold_value: null,
  requested_by: { id: 7, username: 'clerk' },
  requested_at: stamp,
  decided_by: null,
  decided_at: null,
  reason: null,
  mutation_id: null,
  ...fields,
})
const me = { id: 3, username: 'manager', email: 'm@example.com', is_superuser: false, roles: [] }
const managerOf = (warehouse_id: number) => ({
  ...me,
  permissions: [
    { permission: 'stock.read', warehouse_id },
    { permission: 'stock.approve', warehouse_id },
  ],
})

function serve(answer: (request: Recorded, url: URL) => { status?: number; json?: unknown; headers?: Record<string, string> } | undefined) {
  const { fetch, requests } = fakeFetch((request) => {
    const url = new URL(request.url, 'http://x')
    return answer(request, url) ?? { status: 404, json: { detail: 'no fake' } }
  })
  return {
    dataProvider: createDataProvider(createHttpClient({ getToken: () => 'token', translate: englishI18n.translate, fetch })),
    requests,
  }
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('the approvals list', { timeout: 20_000 }, () => {
  const list = [
    approval(3),
    approval(2, { requested_by: { id: 3, username: 'manager' } }),
    approval(1, { status: 'rejected', reason: 'Twice' }),
    approval(4, { warehouse_id: 2, warehouse_name: 'Berlin' }),
  ]

  it("offers the decision only on others' pending approvals in the manager's warehouse, and approves", async () => {
    session.save('token', managerOf(1) as never)
    const { dataProvider, requests } = serve((request, url) => {
      if (url.pathname === '/api/approvals/') return { json: list, headers: { 'x-total-count': '4' } }
      if (request.method === 'POST' && url.pathname === '/api/approvals/3/approve') return { json: approval(3, { status: 'approved' }) }
    })
    renderInAdmin({ '/approvals': withNotices(<ApprovalList />) }, { at: '/approvals', dataProvider })
    const table = await screen.findByRole('table', { name: 'Approvals' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('+400 CUP-1 at A-01')
    expect(rows[0]).toHaveTextContent('400 units · value 2000.00')
    expect(within(rows[0]).getByRole('button', { name: 'Approve' })).toBeInTheDocument()
    // the manager's own request, a decided one, and another warehouse's: no decision offered
    for (const row of rows.slice(1)) expect(within(row).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
    expect(rows[2]).toHaveTextContent('Rejected')

    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Approved and booked (#3).')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/approvals/3/approve'])
  })

  it('rejects only with a reason, and says a refusal of the server in words', async () => {
    session.save('token', managerOf(1) as never)
    const { dataProvider, requests } = serve((request, url) => {
      if (url.pathname === '/api/approvals/') return { json: [approval(3)], headers: { 'x-total-count': '1' } }
      if (url.pathname === '/api/approvals/3/reject')
        return { status: 409, json: { detail: 'Approval 3 was approved already.', code: 'APPROVAL_DECIDED', params: { id: 3 } } }
    })
    renderInAdmin({ '/approvals': withNotices(<ApprovalList />) }, { at: '/approvals', dataProvider })
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = await screen.findByRole('dialog')
    const send = within(dialog).getByRole('button', { name: 'Reject' })
    expect(send).toBeDisabled()
    await userEvent.type(within(dialog).getByRole('textbox'), '   ')
    expect(send).toBeDisabled()
    await userEvent.type(within(dialog).getByRole('textbox'), 'Counted twice')
    await userEvent.click(send)
    expect(await screen.findByText('Approval 3 was decided already: it was approved or rejected by someone else.')).toBeInTheDocument()
    const sent = requests.find((r) => r.url === '/api/approvals/3/reject')
    expect(JSON.parse(sent!.body!)).toEqual({ reason: 'Counted twice' })
  })
})

describe("a user's roles", { timeout: 20_000 }, () => {
  const warehouses = [
    { id: 1, warehouse_name: 'Rotterdam' },
    { id: 2, warehouse_name: 'Berlin' },
  ]
  const serveRoles = () =>
    serve((request, url) => {
      if (url.pathname === '/api/warehouses/') return { json: warehouses, headers: { 'x-total-count': '2' } }
      if (url.pathname === '/api/users/9/roles' && request.method === 'GET') return { json: [{ role: 'clerk', warehouse_id: 1 }] }
      if (url.pathname === '/api/users/9/roles' && request.method === 'PUT') return { json: JSON.parse(request.body!) }
    })

  it('says them, and saves the boxes ticked in the table as the list of roles', async () => {
    session.save('token', { ...me, is_superuser: true } as never)
    const { dataProvider, requests } = serveRoles()
    renderInAdmin({ '/': withNotices(<UserRoles userId={9} username="ann" isSelf={false} />) }, { at: '/', dataProvider })
    expect(await screen.findByText('Clerk in Rotterdam')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Change roles' }))
    const save = screen.getByRole('button', { name: 'Save roles' })
    expect(save).toBeDisabled()
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Viewer in Berlin' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Clerk in Rotterdam' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Office' }))
    await userEvent.click(save)
    expect(await screen.findByText('Roles of "ann" saved. They apply from their next step.')).toBeInTheDocument()
    const put = requests.find((r) => r.method === 'PUT')!
    expect(JSON.parse(put.body!)).toEqual(
      expect.arrayContaining([
        { role: 'viewer', warehouse_id: 2 },
        { role: 'office', warehouse_id: null },
      ]),
    )
    expect(JSON.parse(put.body!)).toHaveLength(2)
    await waitFor(() => expect(screen.getByText(/Viewer in Berlin/)).toBeInTheDocument())
  })

  it('is not offered for changing on one’s own card', async () => {
    session.save('token', { ...me, is_superuser: true } as never)
    const { dataProvider } = serveRoles()
    renderInAdmin({ '/': <UserRoles userId={9} username="me" isSelf /> }, { at: '/', dataProvider })
    expect(await screen.findByText('Clerk in Rotterdam')).toBeInTheDocument()
    expect(screen.getByText('Nobody changes their own roles: another administrator does.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change roles' })).not.toBeInTheDocument()
  })
})
