// The confirmation of a change that can be taken back (a booking, a deletion of a mutation, an import): for a few
// seconds it offers Undo, which makes the compensating change on the server at once (a real write, in the audit
// trail), not a delayed send of the first one.
import { useState } from 'react'
import { Alert, Button, CircularProgress } from '@mui/material'
import UndoIcon from '@mui/icons-material/Undo'
import { useCloseNotification, useNotify } from 'ra-core'
import { useTranslate, type MessageKey } from './translate'

/** How long the Undo stays on offer. */
export const UNDO_SECONDS = 8

function UndoNotice({ message, undo }: { message: string; undo: () => Promise<unknown> }) {
  const translate = useTranslate()
  const notify = useNotify()
  const close = useCloseNotification()
  const [pending, setPending] = useState(false)
  const takeBack = async () => {
    setPending(true)
    try {
      await undo()
      close()
      notify('undo.done', { type: 'info' })
    } catch (failure) {
      close()
      notify('undo.failed', { type: 'error', messageArgs: { error: (failure as Error).message } })
    }
  }
  return (
    <Alert
      severity="success"
      variant="filled"
      role="status"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={14} color="inherit" /> : <UndoIcon />}
          onClick={() => void takeBack()}
        >
          {translate('terms.undo')}
        </Button>
      }
      sx={{ minWidth: { sm: 360 }, alignItems: 'center' }}
    >
      {message}
    </Alert>
  )
}

/** notify() for a change that can be taken back: the message (an i18n key and its values) with Undo. */
export function useNotifyWithUndo() {
  const notify = useNotify()
  const translate = useTranslate()
  return (message: MessageKey, messageArgs: Record<string, unknown>, undo: () => Promise<unknown>) =>
    notify(<UndoNotice message={translate(message, messageArgs)} undo={undo} />, { autoHideDuration: UNDO_SECONDS * 1000 })
}
