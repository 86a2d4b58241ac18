// /approvals: newest first, each with what it would book, who asked and its status; a manager of the warehouse who
// did not ask approves or rejects it there.
import dayjs from 'dayjs'
import { Chip, Stack } from '@mui/material'
import { FunctionField } from 'react-admin'
import type { Approval } from '../../contract'
import { DocumentList } from '../common/DocumentList'
import { useTranslate, type Translate } from '../common/translate'
import { ApprovalDecision } from './ApprovalDecision'

const COLOR = { pending: 'warning', approved: 'success', rejected: 'default' } as const
const signed = (n: number) => (n > 0 ? `+${n}` : String(n))
const when = (approval: Approval) => dayjs(approval.requested_at).format('YYYY-MM-DD HH:mm')

/** What it would book, in one line: "+400 CUP-1 at R-01" or "Count #3: 2 lines" */
export function approvalSubject(translate: Translate, { summary }: Approval): string {
  if (summary.import_id !== null) return translate('approvals.import_subject', { id: summary.import_id, smart_count: summary.lines ?? 0 })
  if (summary.count_id !== null) return translate('approvals.count_subject', { id: summary.count_id, smart_count: summary.lines ?? 0 })
  const product = summary.product?.sku ?? summary.product?.article_number ?? `#${summary.product?.id}`
  return translate('approvals.booking_subject', { amount: signed(summary.amount ?? 0), product, location: summary.location_name ?? '' })
}

function ApprovalStatus({ approval }: { approval: Approval }) {
  const translate = useTranslate()
  return (
    <Chip
      size="small"
      color={COLOR[approval.status]}
      label={translate(`approvals.status.${approval.status}`)}
      title={approval.reason ?? undefined}
    />
  )
}

/** The status, and the decision for whoever may take it */
function StatusAndDecision({ approval }: { approval: Approval }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <ApprovalStatus approval={approval} />
      <ApprovalDecision approval={approval} />
    </Stack>
  )
}

export default function ApprovalList() {
  const translate = useTranslate()
  const figures = (approval: Approval) =>
    translate('approvals.figures', {
      quantity: approval.summary.quantity,
      value: approval.summary.value === null ? '—' : approval.summary.value.toFixed(2),
    })
  return (
    <DocumentList<Approval>
      resource="approvals"
      title="terms.approvals"
      empty="approvals.empty"
      phone={{
        primaryText: (approval) => `${approvalSubject(translate, approval)} · ${approval.warehouse_name}`,
        secondaryText: (approval) => `${figures(approval)} · ${approval.requested_by?.username ?? ''} · ${when(approval)}`,
        tertiaryText: (approval) => <StatusAndDecision approval={approval} />,
      }}
    >
      <FunctionField<Approval> label="approvals.columns.subject" sortable={false} render={(a) => approvalSubject(translate, a)} />
      <FunctionField<Approval> label="terms.warehouse" sortable={false} render={(a) => a.warehouse_name} />
      <FunctionField<Approval> label="approvals.columns.figures" sortable={false} sx={{ whiteSpace: 'nowrap' }} render={figures} />
      <FunctionField<Approval> label="approvals.columns.requested_by" sortable={false} render={(a) => a.requested_by?.username} />
      <FunctionField<Approval> label="approvals.columns.requested_at" sortable={false} sx={{ whiteSpace: 'nowrap' }} render={when} />
      <FunctionField<Approval> label="approvals.columns.status" sortable={false} render={(a) => <StatusAndDecision approval={a} />} />
    </DocumentList>
  )
}
