// Approve or reject: offered on a pending approval to a manager of its warehouse who did not ask for it (the server
// refuses anyone else). Rejecting asks for the reason, which the one who asked reads.
import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material'
import { useNotify, useRefresh } from 'react-admin'
import type { Approval } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { session } from '../providers/session'
import { useSend } from '../common/useApi'
import { useTranslate } from '../common/translate'

const touch = { minHeight: 44 }

export function ApprovalDecision({ approval }: { approval: Approval }) {
  const translate = useTranslate()
  const notify = useNotify()
  const refresh = useRefresh()
  const send = useSend()
  const [busy, setBusy] = useState(false)
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const mine = approval.requested_by?.id === session.user()?.id
  if (approval.status !== 'pending' || mine || !session.holds('stock.approve', approval.warehouse_id)) return null

  const decide = async (work: () => Promise<Approval>, done: 'approvals.approved' | 'approvals.rejected') => {
    setBusy(true)
    try {
      await work()
      notify(done, { type: 'success', messageArgs: { id: approval.id } })
      setRejecting(false)
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
    } finally {
      setBusy(false)
      refresh()
    }
  }
  const approve = () => decide(() => send(OPERATIONS.approve, { params: { id: approval.id } }), 'approvals.approved')
  const reject = () =>
    decide(() => send(OPERATIONS.reject, { params: { id: approval.id }, body: { reason: reason.trim() } }), 'approvals.rejected')

  return (
    <>
      <Button size="small" variant="contained" sx={touch} disabled={busy} onClick={(event) => (event.stopPropagation(), void approve())}>
        {translate('approvals.approve')}
      </Button>
      <Button size="small" color="warning" sx={touch} disabled={busy} onClick={(event) => (event.stopPropagation(), setRejecting(true))}>
        {translate('approvals.reject')}
      </Button>
      <Dialog open={rejecting} onClose={() => setRejecting(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('approvals.reject_title', { id: approval.id })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={translate('approvals.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button sx={touch} onClick={() => setRejecting(false)}>
            {translate('ra.action.cancel')}
          </Button>
          <Button sx={touch} color="warning" variant="contained" disabled={busy || reason.trim() === ''} onClick={() => void reject()}>
            {translate('approvals.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
