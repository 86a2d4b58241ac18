// A dialog that asks for one e-mail address and sends it somewhere (forgot password, send verification).
import { useState, type FormEvent } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material'
import { useNotify } from 'ra-core'
import { useTranslate } from '../common/translate'

export interface EmailDialogProps {
  open: boolean
  onClose: () => void
  title: string
  help?: string
  cancelLabel: string
  submitLabel: string
  initialEmail?: string
  /** sends; a rejection is shown in the dialog */
  onSubmit: (email: string) => Promise<unknown>
  /** the notification after success */
  successMessage(email: string): string
}

export function EmailDialog(props: EmailDialogProps) {
  const translate = useTranslate()
  const notify = useNotify()
  const [email, setEmail] = useState(props.initialEmail ?? '')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  // the dialog is mounted before the profile has loaded: each opening starts from the address known by then
  const [wasOpen, setWasOpen] = useState(props.open)
  if (props.open !== wasOpen) {
    setWasOpen(props.open)
    if (props.open) {
      setEmail(props.initialEmail ?? '')
      setError(undefined)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    event.stopPropagation()
    if (!email) return
    setPending(true)
    setError(undefined)
    try {
      await props.onSubmit(email)
      notify(props.successMessage(email), { type: 'info' })
      setEmail('')
      props.onClose()
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('terms.email')}
            type="email"
            name="email"
            required
            fullWidth
            autoFocus
            margin="dense"
            helperText={props.help}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{props.cancelLabel}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
