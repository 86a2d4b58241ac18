// A Delete button that asks first (react-admin's Confirm) and, when the server refuses, keeps the dialog open
// with its reason (e.g. 409 "used by 3 products"), so nothing fails in silence.
import { useState, type ReactNode } from 'react'
import { Alert, Button, Stack, Typography } from '@mui/material'
import DeleteIcon from '@mui/icons-material/Delete'
import { Confirm } from 'react-admin'
import { useTranslate } from './translate'

export interface DeleteConfirmButtonProps {
  /** the question, already translated: `Delete brand "Acme"?` */
  title: string
  /** what deleting means, already translated */
  content: ReactNode
  /** deletes; a rejection's message is shown in the dialog */
  onConfirm: () => Promise<unknown>
  disabled?: boolean
  /** accessible name when several Delete buttons share a screen */
  ariaLabel?: string
  size?: 'small' | 'medium'
}

export function DeleteConfirmButton({ title, content, onConfirm, disabled, ariaLabel, size = 'small' }: DeleteConfirmButtonProps) {
  const translate = useTranslate()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string>()

  const close = () => {
    setOpen(false)
    setError(undefined)
  }
  const confirm = async () => {
    setPending(true)
    setError(undefined)
    try {
      await onConfirm()
      setOpen(false)
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setPending(false)
    }
  }

  return (
    <>
      {/* error.dark: 4.5:1 and more on the grey of a form's toolbar, where error.main falls short */}
      <Button
        color="error"
        size={size}
        startIcon={<DeleteIcon />}
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
        sx={{ color: disabled ? undefined : 'error.dark' }}
      >
        {translate('ra.action.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={<span>{title}</span>}
        content={
          <Stack spacing={2}>
            <Typography component="div">{content}</Typography>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        }
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={() => void confirm()}
        onClose={close}
      />
    </>
  )
}
